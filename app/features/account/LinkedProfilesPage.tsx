/**
 * user/linked_profiles, the page: an escort sees which businesses asked to list them and answers each with
 * a plain form (accept, decline, or end a listing); a business asks escorts by username, sees who accepted,
 * declined or ended, takes requests back, removes listings and asks again once the interval has passed (ADR 069).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_LINK_REQUEST_INTERVAL_DAYS, type BusinessLinkAnswer } from "#server/contract/business-links";
import type { BusinessLinks } from "~/api/business-links.server";
import { FormErrors, FormField } from "~/components/Field";
import { errorsBesides, readReply } from "~/components/form/reply";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { useLocalePath } from "~/i18n/lang";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import * as ui from "~/styles/ui.css";

function AnswerForm({
  business,
  answer,
  label,
  primary,
}: {
  business: string;
  answer: BusinessLinkAnswer;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="business" value={business} />
      <input type="hidden" name="answer" value={answer} />
      <button className={primary ? ui.button : ui.buttonSecondary} type="submit">
        {label}
      </button>
    </Form>
  );
}

/** One button that posts one of the business's per-link forms (remove, or ask again). */
function LinkForm({ intent, field, value, label }: { intent: "remove" | "invite"; field: string; value: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <button className={intent === "invite" ? ui.button : ui.buttonSecondary} type="submit">
        {label}
      </button>
    </Form>
  );
}

export function LinkedProfilesPage({
  side,
  links,
  max,
  now,
  done,
  lastResult,
}: {
  side: "escort" | "business";
  links: BusinessLinks;
  /** BUSINESS_ESCORTS_MAX: pending and accepted links at most. */
  max: number;
  /** The server's clock when the page was made: whether "ask again" is open yet. */
  now: number;
  done: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  // Days as the spec writes them (de "5. Dez. 2026"), in the site's home zone.
  const date = { format: (ms: number) => formatCalendarDate(homeDayOf(ms), lang) };
  const reply = readReply(lastResult);
  const [inviteForm, inviteFields] = useReplyForm({
    id: "link-invite",
    lastResult: reply.intent === "invite" ? lastResult : undefined,
  });
  const pending = links.asEscort.filter((link) => link.status === "pending");
  const listed = links.asEscort.filter((link) => link.status === "accepted");
  const named = links.asBusiness.filter((link) => link.status === "pending" || link.status === "accepted").length;
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("linked_profiles.title")}</h1>
        <p className={ui.muted}>{t(`linked_profiles.intro_${side}`)}</p>
        {done === "accept" || done === "decline" || done === "invite" || done === "remove" ? (
          <p className={ui.notice} role="status" data-testid="linked-profiles-done">
            {t(`linked_profiles.done_${done}`)}
          </p>
        ) : null}
        <FormErrors errors={reply.intent === "invite" ? errorsBesides(reply, ["username"]) : errorsBesides(reply, [])} />
        {side === "escort" ? (
          <>
            <h2 className={ui.sectionTitle}>{t("linked_profiles.requests")}</h2>
            {pending.length === 0 ? <p className={ui.muted}>{t("linked_profiles.no_requests")}</p> : null}
            <ul className={ui.plainList} data-testid="link-requests">
              {pending.map((link) => (
                <li key={link.businessUsername} className={ui.stack}>
                  <p>{t("linked_profiles.request", { business: link.businessUsername, date: date.format(link.requestedAt) })}</p>
                  <div className={ui.row}>
                    <AnswerForm business={link.businessUsername} answer="accept" label={t("linked_profiles.accept")} primary />
                    <AnswerForm business={link.businessUsername} answer="decline" label={t("linked_profiles.decline")} />
                  </div>
                </li>
              ))}
            </ul>
            <h2 className={ui.sectionTitle}>{t("linked_profiles.listed_by")}</h2>
            {listed.length === 0 ? <p className={ui.muted}>{t("linked_profiles.none_listed")}</p> : null}
            <ul className={ui.plainList} data-testid="link-listings">
              {listed.map((link) => (
                <li key={link.businessUsername} className={ui.row}>
                  <Link to={to(`p/${link.businessUsername}`)}>{link.businessUsername}</Link>
                  <AnswerForm business={link.businessUsername} answer="decline" label={t("linked_profiles.end")} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <Form method="post" className={ui.stack} {...getFormProps(inviteForm)} data-testid="link-invite">
              <h2 className={ui.sectionTitle}>{t("linked_profiles.add_title")}</h2>
              <input type="hidden" name="intent" value="invite" />
              <FormField
                label={t("linked_profiles.username")}
                hint={t("linked_profiles.username_hint", { days: BUSINESS_LINK_REQUEST_INTERVAL_DAYS })}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                field={inviteFields.username}
                type="text"
              />
              <button className={ui.button} type="submit">
                {t("linked_profiles.invite")}
              </button>
            </Form>
            <h2 className={ui.sectionTitle}>{t("linked_profiles.named")}</h2>
            <p className={ui.muted}>{t("linked_profiles.named_count", { count: named, max })}</p>
            {links.asBusiness.length === 0 ? <p className={ui.muted}>{t("linked_profiles.none_named")}</p> : null}
            <ul className={ui.plainList} data-testid="named-escorts">
              {links.asBusiness.map((link) => (
                <li key={link.escortUsername} className={ui.stack} data-testid={`named-${link.escortUsername}`}>
                  <p>
                    <Link to={to(`p/${link.escortUsername}`)}>{link.escortUsername}</Link>{" "}
                    <span className={ui.muted}>
                      {t(`linked_profiles.status_${link.status}`, {
                        date: date.format(link.decidedAt ?? link.requestedAt),
                      })}
                    </span>
                  </p>
                  {link.status === "pending" || link.status === "accepted" ? (
                    <LinkForm
                      intent="remove"
                      field="escort"
                      value={link.escortUsername}
                      label={t(link.status === "pending" ? "linked_profiles.withdraw" : "linked_profiles.remove")}
                    />
                  ) : link.nextRequestAt !== null && link.nextRequestAt > now ? (
                    <p className={ui.muted}>{t("linked_profiles.ask_again_from", { date: date.format(link.nextRequestAt) })}</p>
                  ) : (
                    <LinkForm intent="invite" field="username" value={link.escortUsername} label={t("linked_profiles.ask_again")} />
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}

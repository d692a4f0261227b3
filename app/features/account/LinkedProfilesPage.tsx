/**
 * user/linked_profiles, the page: an escort sees which businesses asked to list them and answers each with
 * a plain form (accept, decline, or end a listing); a business sees whom it named and who accepted.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BusinessLinkAnswer } from "#server/contract/business-links";
import type { BusinessLinks } from "~/api/business-links.server";
import { FormErrors } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
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
      <input type="hidden" name="business" value={business} />
      <input type="hidden" name="answer" value={answer} />
      <button className={primary ? ui.button : ui.buttonSecondary} type="submit">
        {label}
      </button>
    </Form>
  );
}

export function LinkedProfilesPage({
  side,
  links,
  done,
  formErrors,
}: {
  side: "escort" | "business";
  links: BusinessLinks;
  done: string | null;
  formErrors: string[];
}) {
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const pending = links.asEscort.filter((link) => link.status === "pending");
  const listed = links.asEscort.filter((link) => link.status === "accepted");
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("linked_profiles.title")}</h1>
        <p className={ui.muted}>{t(`linked_profiles.intro_${side}`)}</p>
        {done === "accept" || done === "decline" ? (
          <p className={ui.notice} role="status" data-testid="linked-profiles-done">
            {t(`linked_profiles.done_${done}`)}
          </p>
        ) : null}
        <FormErrors errors={formErrors} />
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
            <h2 className={ui.sectionTitle}>{t("linked_profiles.named")}</h2>
            {links.asBusiness.length === 0 ? <p className={ui.muted}>{t("linked_profiles.none_named")}</p> : null}
            <ul className={ui.plainList} data-testid="named-escorts">
              {links.asBusiness.map((link) => (
                <li key={link.escortUsername} className={ui.row}>
                  <Link to={to(`p/${link.escortUsername}`)}>{link.escortUsername}</Link>
                  <span className={ui.muted}>{t(`linked_profiles.status_${link.status}`)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}

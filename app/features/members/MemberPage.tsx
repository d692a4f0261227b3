/**
 * backoffice/members/{id} (issue 30 item 5, ADR 118): everything about one member on one page — the summary, the
 * team's open restriction, checks, KYC, reports, statements, money (read-only), sessions, the audit trail — and the
 * staff actions, each a folded plain form with its reason and, where it restricts, a confirmation box. A refused post
 * opens its form again with the input kept and the errors at the fields. Not hydrated.
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_PAUSE_DAYS, MEMBER_REASON_MAX } from "#server/contract/members";
import { userTypeName } from "#server/contract/users";
import { VERIFICATION_KINDS, verificationStatusName } from "#server/contract/verification";
import type { BackofficeMemberData } from "~/api/members.server";
import { CheckboxField, SelectField, TextAreaField } from "~/components/FieldControls";
import { FormErrors } from "~/components/Field";
import { errorsBesides, inputText, readReply, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { ForceAgeCheckForm } from "~/features/age-verification/ForceAgeCheckForm";
import { useMoneyFormat } from "~/features/backoffice/money/format";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./members.css";
import type { loadMemberPage, submitMemberAction } from "./members.server";

type Member = BackofficeMemberData;

export function MemberPage() {
  const { member: page, done } = useLoaderData<typeof loadMemberPage>();
  const answer = useActionData<typeof submitMemberAction>();
  const reply = readReply(answer?.lastResult);
  const { t } = useTranslation("members");
  const to = useLocalePath();
  const { member } = page;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <Link to={to("backoffice/members")}>{t("members.page.back")}</Link>
        {done ? (
          <p className={ui.notice} role="status" data-testid="member-done">
            {t(`members.done.${done}`)}
          </p>
        ) : null}
        <Summary page={page} />
        <Restriction page={page} />
        {member.isStaff ? <p className={ui.card}>{t("members.page.staff_account")}</p> : <Actions page={page} reply={reply} />}
        <Verification page={page} />
        <Section title={t("members.kyc.title")} testId="member-kyc">
          {/* KYC for payouts (issue 30 item 3): the state as the member's own KYC page names it. */}
          <p className={css.factValue} data-state={page.kyc?.status ?? ""}>
            {page.kyc ? t(`kyc.states.${page.kyc.status}.title`, { ns: "kyc" }) : t("members.kyc.unknown")}
          </p>
        </Section>
        <Reports page={page} />
        <Statements page={page} />
        <Money page={page} />
        <Sessions page={page} />
        <Audit page={page} />
      </div>
    </main>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={`${ui.card} ${css.section}`} data-testid={testId}>
      <h2 className={css.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

function useMoment() {
  const { moment } = useMoneyFormat();
  const { t } = useTranslation("members");
  return (ms: number | null) => (ms === null ? t("members.page.never") : moment(ms));
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={css.facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt className={css.factLabel}>{label}</dt>
          <dd className={css.factValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const moment = useMoment();
  const { member } = page;
  return (
    <section className={`${ui.card} ${css.section}`} data-testid="member-summary" data-status={member.status}>
      <div className={css.header}>
        {member.avatar ? (
          <div className={css.avatar}>
            <Picture image={member.avatar} alt={t("members.page.avatar", { name: member.username })} sizes="96px" width={96} height={96} />
          </div>
        ) : null}
        <div>
          <h1 style={{ margin: 0 }}>{member.username}</h1>
          <p className={ui.muted} style={{ margin: 0 }}>
            #{member.id} · {tCommon(`user_types.${userTypeName(member.userType)}`)} · {t(`members.status.${member.status}`)}
          </p>
          {member.status === "active" && !member.isStaff ? (
            <Link to={to(`p/${member.username}`)}>{t("members.page.profile_link")}</Link>
          ) : null}
        </div>
      </div>
      <Facts
        rows={[
          [t("members.page.display_name"), member.displayName ?? t("members.page.never")],
          [t("members.page.email"), member.email],
          [t("members.page.language"), member.language],
          [t("members.page.registered"), moment(member.createdAt)],
          [t("members.page.last_login"), moment(member.lastLoginAt)],
          [t("members.page.last_active"), moment(member.lastActiveAt)],
          [t("members.page.city"), member.cityName ?? t("members.page.never")],
          [
            t("members.page.plus"),
            member.isPlus
              ? t("members.page.plus_until", { date: moment(member.plusUntil) })
              : member.plusUntil
                ? t("members.page.plus_ended", { date: moment(member.plusUntil) })
                : t("members.page.no_plus"),
          ],
        ]}
      />
    </section>
  );
}

function Restriction({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const moment = useMoment();
  const restriction = page.restriction;
  if (!restriction) return null;
  return (
    <div className={`${ui.card} ${css.restriction}`} data-testid="member-restriction" data-kind={restriction.kind}>
      <p style={{ margin: 0, fontWeight: 600 }}>
        {restriction.kind === "ban"
          ? t("members.restriction.ban", { date: moment(restriction.createdAt) })
          : t("members.restriction.pause", { date: moment(restriction.createdAt), end: moment(restriction.endsAt) })}
      </p>
      <p style={{ margin: 0 }}>{t("members.restriction.reason", { reason: restriction.reason })}</p>
    </div>
  );
}

function Verification({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const { verification, member } = page;
  const badges = (["photosReal", "identityVerified", "prostschgShown"] as const).filter((badge) => verification.badges[badge]);
  const badgeKey = { photosReal: "photos_real", identityVerified: "identity_verified", prostschgShown: "prostschg_shown" } as const;
  return (
    <Section title={t("members.verification.title")} testId="member-verification">
      {member.forcedFakeCheck ? <p className={css.restriction}>{t("members.verification.fake_check_forced")}</p> : null}
      <Facts
        rows={[
          [
            t("members.verification.age"),
            `${t(`members.verification.age_status.${verification.ageStatus}`)}${verification.ageForced ? ` · ${t("members.verification.age_forced")}` : ""}`,
          ],
          ...verification.checks.map((check): [string, ReactNode] => [
            t(`members.verification.kind.${check.kind}`),
            <span key={check.kind} data-testid={`member-check-${check.kind}`}>
              {check.latest
                ? t(`members.verification.check_status.${verificationStatusName(check.latest.status)}`)
                : t("members.verification.check_status.none")}{" "}
              · {t("members.verification.attempts", { used: check.attemptsUsed, max: check.attemptsMax })}
            </span>,
          ]),
          [
            t("members.verification.badges"),
            badges.length === 0
              ? t("members.verification.no_badges")
              : badges.map((badge) => t(`members.verification.badge.${badgeKey[badge]}`)).join(", "),
          ],
          [
            t("members.verification.trust_label"),
            t("members.verification.trust", { level: verification.trust.level, max: verification.trust.max }),
          ],
        ]}
      />
    </Section>
  );
}

function Reports({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const to = useLocalePath();
  const moment = useMoment();
  const list = (side: "by" | "about") => {
    const rows = page.reports[side];
    if (rows.length === 0) return <p className={css.factValue}>{t("members.reports.none")}</p>;
    return (
      <ul className={ui.entryList}>
        {rows.map((row) => (
          <li key={row.id}>
            {t("members.reports.row", { id: row.id, type: row.type, state: t(`members.reports.state.${row.state}`) })} ·{" "}
            {side === "by"
              ? t("members.reports.other_by", { name: row.otherUsername ?? "—" })
              : t("members.reports.other_about", { name: row.otherUsername ?? t("members.reports.guest") })}{" "}
            · {moment(row.createdAt)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <Section title={t("members.reports.title")} testId="member-reports">
      <h3 className={css.sectionTitle}>{t("members.reports.about", { count: page.reports.aboutCount })}</h3>
      {list("about")}
      <h3 className={css.sectionTitle}>{t("members.reports.by", { count: page.reports.byCount })}</h3>
      {list("by")}
      <Link to={to("backoffice/reports")}>{t("members.reports.queue_link")}</Link>
    </Section>
  );
}

function Statements({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const moment = useMoment();
  return (
    <Section title={t("members.statements.title")} testId="member-statements">
      {page.statements.length === 0 ? (
        <p className={css.factValue}>{t("members.statements.none")}</p>
      ) : (
        <ul className={ui.entryList}>
          {page.statements.map((row) => (
            <li key={row.id} data-testid="member-statement" data-restriction={row.restriction}>
              <strong>{row.reference}</strong> · {t(`members.statements.restriction.${row.restriction}`)} · {moment(row.createdAt)}
              {row.endsAt ? ` · ${t("members.statements.ends", { date: moment(row.endsAt) })}` : ""}
              {row.reversedAt ? ` · ${t("members.statements.reversed", { date: moment(row.reversedAt) })}` : ""}
              <br />
              <span className={ui.muted}>
                {row.groundReference}: {row.facts}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Money({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const to = useLocalePath();
  const lang = useLang();
  const { euros } = useMoneyFormat();
  const moment = useMoment();
  const dollars = new Intl.NumberFormat(lang);
  const amount = (currency: "dollar" | "euro", value: number) => (currency === "euro" ? euros(value) : dollars.format(value));
  const { money } = page;
  return (
    <Section title={t("members.money.title")} testId="member-money">
      {(["dollar", "euro"] as const).map((currency) => (
        <Facts
          key={currency}
          rows={(["wallet", "pending", "frozen", "payout"] as const).map((account): [string, ReactNode] => [
            `${t(`members.money.currency.${currency}`)} · ${t(`members.money.account.${account}`)}`,
            amount(currency, money.balances[currency][account]),
          ])}
        />
      ))}
      {money.orders === null || money.ledger === null ? (
        <p className={ui.muted} data-testid="member-money-backend-only">
          {t("members.money.backend_only")}
        </p>
      ) : (
        <>
          <h3 className={css.sectionTitle}>{t("members.money.orders")}</h3>
          {money.orders.length === 0 ? (
            <p className={css.factValue}>{t("members.money.none")}</p>
          ) : (
            <ul className={ui.entryList} data-testid="member-orders">
              {money.orders.map((order) => (
                <li key={order.id}>
                  <Link to={to(`backoffice/orders/${order.id}`)}>{order.publicId}</Link> · {euros(order.grossCents)} · {order.status} ·{" "}
                  {moment(order.createdAt)}
                </li>
              ))}
            </ul>
          )}
          <h3 className={css.sectionTitle}>{t("members.money.ledger")}</h3>
          {money.ledger.length === 0 ? (
            <p className={css.factValue}>{t("members.money.none")}</p>
          ) : (
            <ul className={ui.entryList} data-testid="member-ledger">
              {money.ledger.map((entry) => (
                <li key={entry.id}>
                  {moment(entry.createdAt)} · {entry.kind} · {amount(entry.currency, entry.amount)} · {entry.status}
                </li>
              ))}
            </ul>
          )}
          <Link to={`${to("backoffice/ledger")}?member=${page.member.id}`}>{t("members.money.ledger_link")}</Link>
        </>
      )}
    </Section>
  );
}

function Sessions({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const moment = useMoment();
  return (
    <Section title={t("members.sessions.title")} testId="member-sessions">
      {page.sessions.length === 0 ? (
        <p className={css.factValue}>{t("members.sessions.none")}</p>
      ) : (
        <ul className={ui.entryList}>
          {page.sessions.map((session) => (
            <li key={session.family} data-testid="member-session" data-live={session.live ? "1" : "0"}>
              <strong>{session.live ? t("members.sessions.live") : t("members.sessions.ended")}</strong> ·{" "}
              {t("members.sessions.started", { date: moment(session.startedAt) })} ·{" "}
              {t("members.sessions.last_used", { date: moment(session.lastUsedAt) })}
              {session.clientIp ? ` · ${t("members.sessions.ip", { ip: session.clientIp })}` : ""}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Audit({ page }: { page: Member }) {
  const { t } = useTranslation("members");
  const moment = useMoment();
  return (
    <Section title={t("members.audit.title")} testId="member-audit">
      {page.audit.length === 0 ? (
        <p className={css.factValue}>{t("members.audit.none")}</p>
      ) : (
        <ul className={ui.entryList}>
          {page.audit.map((row) => (
            <li key={row.id} data-testid="member-audit-row" data-action={row.action}>
              {t("members.audit.by", {
                date: moment(row.createdAt),
                actor: row.actorName ?? t("members.audit.platform"),
                action: row.action,
              })}
              {row.reason ? <p style={{ margin: 0 }}>{row.reason}</p> : null}
              <p className={css.audit}>
                {row.before ?? "—"} → {row.after ?? "—"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

// --- Actions ------------------------------------------------------------------------------------------------------

/** Which actions the member's state offers. */
function actionsFor(page: Member) {
  const { status } = page.member;
  const teamPause = page.restriction?.kind === "pause";
  return {
    ban: status !== "banned" && status !== "deleted",
    unban: status === "banned",
    pause: !teamPause && status !== "banned" && status !== "deleted",
    unpause: teamPause,
    signOut: status !== "deleted",
    reset: status !== "deleted",
    forceFakeCheck: !page.member.forcedFakeCheck && status !== "deleted",
  };
}

function Actions({ page, reply }: { page: Member; reply: FormReply }) {
  const { t } = useTranslation("members");
  const offered = actionsFor(page);
  const id = page.member.id;
  return (
    <Section title={t("members.actions.title")} testId="member-actions">
      {offered.ban ? <ActionForm intent="ban" reply={reply} destructive /> : null}
      {offered.unban ? <ActionForm intent="unban" reply={reply} /> : null}
      {offered.pause ? (
        <ActionForm intent="pause" reply={reply} destructive>
          <SelectField
            id="member-pause-days"
            name="days"
            label={t("members.actions.pause.days")}
            defaultValue={reply.intent === "pause" ? inputText(reply, "days") : "7"}
            errors={reply.intent === "pause" ? reply.fieldErrors.days : undefined}
            options={MEMBER_PAUSE_DAYS.map((days) => ({
              value: String(days),
              label: t("members.actions.pause.day_option", { count: days }),
            }))}
          />
        </ActionForm>
      ) : null}
      {offered.unpause ? <ActionForm intent="unpause" reply={reply} /> : null}
      {offered.signOut ? <ActionForm intent="sign_out" reply={reply} destructive /> : null}
      {offered.forceFakeCheck ? <ActionForm intent="force_fake_check" reply={reply} destructive /> : null}
      {offered.reset ? (
        <ActionForm intent="reset_verification" reply={reply} destructive>
          <SelectField
            id="member-reset-kind"
            name="kind"
            label={t("members.actions.reset_verification.kind")}
            defaultValue={reply.intent === "reset_verification" ? inputText(reply, "kind") : ""}
            errors={reply.intent === "reset_verification" ? reply.fieldErrors.kind : undefined}
            placeholder=""
            options={VERIFICATION_KINDS.map((kind) => ({ value: kind, label: t(`members.verification.kind.${kind}`) }))}
          />
        </ActionForm>
      ) : null}
      <div className={css.action}>
        {/* The forced age check has its own form and page (ADR 105): the same form, posting there. */}
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("members.actions.age_check")}
        </p>
        <ForceAgeCheckForm memberId={id} />
      </div>
    </Section>
  );
}

function ActionForm({
  intent,
  reply,
  destructive = false,
  children,
}: {
  intent: "ban" | "unban" | "pause" | "unpause" | "sign_out" | "reset_verification" | "force_fake_check";
  reply: FormReply;
  destructive?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("members");
  const mine = reply.intent === intent;
  const shown = ["reason", "days", "kind", "confirm"];
  return (
    <details className={css.action} open={mine || undefined} data-testid={`member-action-${intent}`}>
      <summary className={css.actionSummary}>{t(`members.actions.${intent}.summary`)}</summary>
      <Form method="post" className={ui.stack}>
        <input type="hidden" name="intent" value={intent} />
        <p className={ui.muted} style={{ margin: 0 }}>
          {t(`members.actions.${intent}.hint`)}
        </p>
        {mine ? <FormErrors errors={errorsBesides(reply, shown)} /> : null}
        {children}
        <TextAreaField
          id={`member-${intent}-reason`}
          name="reason"
          label={t("members.actions.reason")}
          hint={t("members.actions.reason_hint")}
          rows={3}
          maxLength={MEMBER_REASON_MAX}
          required
          defaultValue={mine ? inputText(reply, "reason") : ""}
          errors={mine ? reply.fieldErrors.reason : undefined}
        />
        {destructive ? (
          <CheckboxField
            id={`member-${intent}-confirm`}
            name="confirm"
            value="yes"
            label={t("members.actions.confirm")}
            errors={mine ? reply.fieldErrors.confirm : undefined}
          />
        ) : null}
        <div>
          <button className={destructive ? `${ui.button} ${css.danger}` : ui.button} type="submit">
            {t(`members.actions.${intent}.submit`)}
          </button>
        </div>
      </Form>
    </details>
  );
}

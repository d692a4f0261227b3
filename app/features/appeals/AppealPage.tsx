/**
 * The appeal page (DSA Art. 20, ADR 113): a short summary of the contested decision — a statement of reasons, or a
 * notifier's report decided without action — until when a complaint is possible, and the complaint form; once filed,
 * the complaint and, when decided, its outcome with reasons. The other ways to contest (out-of-court settlement,
 * courts) are always named. Not hydrated: a plain form post.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { APPEAL_LIMITS, OWN_REPORTS_PATH, type AppealState } from "#server/contract/appeals";
import { termsClauseOf } from "#server/contract/statements";
import type { OwnReportWithAppealData, StatementAppealViewData } from "~/api/appeals.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./appeals.css";

interface Appeal {
  reference: string;
  state: AppealState;
  text: string;
  createdAt: number;
  decidedAt: number | null;
  reasons: string | null;
}

function FiledAppeal({ appeal }: { appeal: Appeal }) {
  const { t, i18n } = useTranslation("appeals");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" });
  return (
    <section className={css.card} data-testid="appeal-filed" data-state={appeal.state}>
      <h2 className={ui.sectionTitle}>{t("appeals.page.yours", { reference: appeal.reference })}</h2>
      <p className={ui.muted}>{t("appeals.page.filed_on", { date: date.format(appeal.createdAt) })}</p>
      <blockquote className={css.quote}>{appeal.text}</blockquote>
      <p>
        <strong data-testid="appeal-state">{t(`appeals.states.${appeal.state}`)}</strong>
        {appeal.decidedAt !== null ? ` · ${date.format(appeal.decidedAt)}` : ""}
      </p>
      {appeal.reasons ? <p className={css.text}>{appeal.reasons}</p> : null}
    </section>
  );
}

function AppealForm({ failure }: { failure: FormReply | null }) {
  const { t } = useTranslation("appeals");
  const { t: tCommon } = useTranslation();
  return (
    <Form method="post" className={ui.stack}>
      {failure ? <FormErrors errors={errorsBesides(failure, ["text"]).map((key) => translateMessage(tCommon, key))} /> : null}
      <TextAreaField
        id="appeal-text"
        name="text"
        label={t("appeals.page.text")}
        hint={t("appeals.page.text_hint", { min: APPEAL_LIMITS.textMin })}
        rows={6}
        maxLength={APPEAL_LIMITS.textMax}
        defaultValue={failure ? inputText(failure, "text") : undefined}
        errors={failure?.fieldErrors.text}
      />
      <div>
        <button className={ui.button} type="submit">
          {t("appeals.page.submit")}
        </button>
      </div>
    </Form>
  );
}

export function AppealPage({
  title,
  statement,
  report,
  done,
  failure,
  signedOut,
}: {
  title: string;
  statement: StatementAppealViewData | null;
  report: OwnReportWithAppealData | null;
  done: boolean;
  failure: FormReply | null;
  /** Opened through the signed link of a member who cannot sign in (ADR 123): no way into the account; maybe expired. */
  signedOut?: { expired: boolean };
}) {
  const { t, i18n } = useTranslation("appeals");
  const { t: tStatements } = useTranslation("statements");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" });
  // A clause of our terms by its name ("terms:contact_details" → "Kontakt über Velora"); a law or a report's ground
  // ("AGB: Bewertungen") as written, without saying "terms" twice.
  const groundLine = (ground: string, reference: string) => {
    const clause = termsClauseOf(reference);
    if (clause) return `${t("appeals.grounds.terms")}: ${tStatements(`statements.clauses.${clause}.title`)}`;
    return ground === "illegal" ? `${t("appeals.grounds.illegal")}: ${reference}` : reference;
  };
  const appeal = statement ? statement.appeal : (report?.appeal ?? null);
  const until = statement ? statement.appealUntil : (report?.appealUntil ?? null);
  const mayAppeal = statement ? statement.mayAppeal : report !== null && report.appeal === null && until !== null && Date.now() <= until;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        {signedOut ? null : (
          <Link className={css.tapLink} to={to(statement ? "user" : OWN_REPORTS_PATH)}>
            {statement ? t("appeals.page.back_account") : t("appeals.page.back_reports")}
          </Link>
        )}
        <h1>{title}</h1>
        {signedOut?.expired ? (
          <p className={ui.alert} role="alert" data-testid="appeal-link-expired">
            {t("appeals.page.link_expired")}
          </p>
        ) : signedOut ? (
          <p className={ui.muted} data-testid="appeal-link">
            {t("appeals.page.link_intro")}
          </p>
        ) : null}
        {done ? (
          <p className={ui.notice} role="status" data-testid="appeal-done">
            {t("appeals.page.done")}
          </p>
        ) : null}
        {statement ? (
          <section className={css.card} data-testid="appeal-statement">
            <h2 className={ui.sectionTitle}>{t("appeals.page.statement", { reference: statement.statement.reference })}</h2>
            <p>
              <strong>{t(`appeals.restrictions.${statement.statement.restriction}`)}</strong> · {date.format(statement.statement.createdAt)}
            </p>
            {statement.statement.endsAt !== null ? (
              <p className={ui.muted}>{t("appeals.page.ends", { date: date.format(statement.statement.endsAt) })}</p>
            ) : null}
            <p className={ui.muted} data-testid="appeal-ground">
              {groundLine(statement.statement.ground, statement.statement.groundReference)}
            </p>
            <p className={css.text}>{statement.statement.facts}</p>
            {statement.statement.reversedAt !== null ? (
              <p className={ui.notice} data-testid="appeal-reversed">
                {t("appeals.page.reversed", { date: date.format(statement.statement.reversedAt) })}
              </p>
            ) : null}
          </section>
        ) : report ? (
          <section className={css.card} data-testid="appeal-report">
            <h2 className={ui.sectionTitle}>{t("appeals.page.report", { reference: report.reference })}</h2>
            {report.decision ? (
              <>
                <p>
                  <strong>{t(`appeals.outcomes.${report.decision.outcome}`)}</strong> · {date.format(report.decision.decidedAt)}
                </p>
                <p className={css.text}>{report.decision.statement}</p>
              </>
            ) : (
              <p>{t("appeals.page.report_open")}</p>
            )}
          </section>
        ) : null}
        {appeal ? <FiledAppeal appeal={appeal} /> : null}
        {!appeal && mayAppeal && until !== null ? (
          <>
            <p>{t("appeals.page.intro", { date: date.format(until) })}</p>
            <AppealForm failure={failure} />
          </>
        ) : null}
        {!appeal && !mayAppeal && !signedOut?.expired ? <p data-testid="appeal-closed">{t("appeals.page.closed")}</p> : null}
        <p className={ui.muted}>{t("appeals.page.other_ways")}</p>
      </div>
    </main>
  );
}

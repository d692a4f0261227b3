/**
 * The back office's reports (ADR 038): open reports, most urgent first, then oldest first, each with the
 * reported object linked, the reporter, the explanation, and one plain decision form (outcome and statement of
 * reasons, which the reporter and, when something was done, the reported account read). Not hydrated.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { liveRecordingPath, liveWatchPath } from "#server/contract/live-chat";
import { REPORT_LIMITS, REPORT_OUTCOMES } from "#server/contract/reports";
import type { QueuedReportData, ReportQueueData } from "~/api/reports.server";
import { FormErrors } from "~/components/Field";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { ForceAgeCheckForm } from "~/features/age-verification/ForceAgeCheckForm";
import { ItemClaimBar, itemAnchor, PageQueueChrome } from "~/features/queues/QueueChrome";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import * as css from "./reports.css";

function ReportedObject({ report }: { report: QueuedReportData }) {
  const { t } = useTranslation("reports");
  const to = useLocalePath();
  const kind = t(`reports.kinds.${report.kind}`);
  if (report.kind === "profile" && report.target)
    return (
      <p className={css.line}>
        {kind}: <Link to={to(`p/${report.target.username}`)}>{report.target.username}</Link>
        {report.target.status !== "active" ? ` (${report.target.status})` : ""}
      </p>
    );
  return (
    <>
      <p className={css.line}>
        {kind}
        {report.objectId !== null ? ` #${report.objectId}` : ""}
        {report.target ? (
          <>
            {" · "}
            <Link to={to(`p/${report.target.username}`)}>{report.target.username}</Link>
          </>
        ) : null}
        {report.objectChecked ? "" : ` · ${t("reports.backoffice.unchecked")}`}
      </p>
      {/* Issue 31 (ADR 126): staff watch every stream; the live view and the recording are one tap away. */}
      {report.objectId !== null && (report.kind === "live" || report.kind === "recording") ? (
        <p className={css.line}>
          <Link
            to={to(report.kind === "live" ? liveWatchPath(report.objectId) : liveRecordingPath(report.objectId))}
            data-testid="report-live-link"
          >
            {t(report.kind === "live" ? "reports.backoffice.open_live" : "reports.backoffice.open_recording")}
          </Link>
          {report.kind === "live" ? (
            <>
              {" · "}
              <Link to={to(`backoffice/live?stream=${report.objectId}`)} data-testid="report-live-end">
                {t("reports.backoffice.live_measures")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {report.url ? (
        <p className={css.line}>
          <a href={report.url} className={css.url} rel="noreferrer noopener" target="_blank">
            {report.url}
          </a>
        </p>
      ) : null}
    </>
  );
}

/** The report a refused decision was about (its hidden id), or null. */
const reportOf = (failure: FormReply | null) => (failure ? Number(inputText(failure, "id")) || null : null);
const DECISION_FIELDS = ["outcome", "statement"];

function ReportCard({ report, failure, action }: { report: QueuedReportData; failure: FormReply | null; action: string }) {
  const { t, i18n } = useTranslation("reports");
  const { t: tCommon } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const mine = reportOf(failure) === report.id ? failure : null;
  const outcomeId = `outcome-${report.id}`;
  const outcomeError = mine?.fieldErrors.outcome?.[0];
  const reporter =
    report.reporter.username ??
    ([report.reporter.name, report.reporter.email].filter(Boolean).join(", ") || t("reports.backoffice.anonymous"));
  return (
    <li
      className={css.card}
      data-testid="report-item"
      data-report={report.id}
      data-target={report.target?.username ?? ""}
      {...itemAnchor("reports", report.id)}
    >
      <ItemClaimBar scope="reports" itemId={report.id} />
      <div className={css.head}>
        <strong>
          {report.reference} · {t(`reports.types.${report.type}`)}
        </strong>
        <span className={report.priority <= 1 ? css.priorityUrgent : css.stateOpen}>
          {t("reports.backoffice.priority", { priority: report.priority })}
        </span>
        {/* DSA Art. 22 (ADR 115): trusted flaggers' notices come first. */}
        {report.trustedFlagger ? (
          <span className={css.priorityUrgent} data-testid="trusted-flagger-badge">
            {t("reports.backoffice.trusted_flagger", { organisation: report.trustedFlagger.organisation })}
          </span>
        ) : null}
      </div>
      <ReportedObject report={report} />
      <p className={ui.muted}>
        {t("reports.backoffice.filed", { date: date.format(report.createdAt) })} ·{" "}
        {report.reporter.guest ? t("reports.backoffice.guest", { reporter }) : t("reports.backoffice.member", { reporter })}
        {report.reporter.mail === "confirmed" || report.reporter.mail === "unconfirmed" ? (
          <>
            {" "}
            · <span data-testid="report-reporter-mail">{t(`reports.backoffice.mail_${report.reporter.mail}`)}</span>
          </>
        ) : null}
      </p>
      {report.text ? <blockquote className={css.quote}>{report.text}</blockquote> : null}
      {mine ? <FormErrors errors={errorsBesides(mine, DECISION_FIELDS).map((key) => translateMessage(tCommon, key))} /> : null}
      <Form method="post" action={action} className={ui.stack}>
        <input type="hidden" name="id" value={report.id} />
        <div className={ui.field}>
          <label className={ui.label} htmlFor={outcomeId}>
            {t("reports.backoffice.outcome")}
          </label>
          <select
            id={outcomeId}
            name="outcome"
            data-shortcut="r"
            className={`${ui.input} ${css.select}`}
            defaultValue={mine ? inputText(mine, "outcome") : ""}
            aria-invalid={outcomeError ? true : undefined}
            aria-describedby={outcomeError ? `${outcomeId}-error` : undefined}
          >
            <option value="">{t("reports.backoffice.choose_outcome")}</option>
            {REPORT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`reports.outcomes.${outcome}`)}
              </option>
            ))}
          </select>
          <ErrorLine
            id={`${outcomeId}-error`}
            name="outcome"
            message={outcomeError ? translateMessage(tCommon, outcomeError) : undefined}
          />
        </div>
        <TextAreaField
          id={`statement-${report.id}`}
          name="statement"
          label={t("reports.backoffice.statement")}
          hint={t("reports.backoffice.statement_hint", { min: REPORT_LIMITS.statementMin })}
          rows={3}
          maxLength={REPORT_LIMITS.statementMax}
          defaultValue={mine ? inputText(mine, "statement") : undefined}
          errors={mine?.fieldErrors.statement}
        />
        {/* DSA Art. 23(2) (ADR 115): counts toward the notifier's misuse only with "no action". */}
        {report.reporter.username ? (
          <CheckboxField
            id={`unfounded-${report.id}`}
            name="manifestly_unfounded"
            value="on"
            label={t("reports.backoffice.manifestly_unfounded")}
            defaultChecked={mine ? inputText(mine, "manifestly_unfounded") === "on" : false}
          />
        ) : null}
        <div>
          <button className={ui.button} type="submit">
            {t("reports.backoffice.decide")}
          </button>
        </div>
      </Form>
      {/* The reported member's forced age check (ADR 105). */}
      {report.target ? <ForceAgeCheckForm memberId={report.target.id} /> : null}
    </li>
  );
}

export function BackofficeReportsPage({ queue, done, failure }: { queue: ReportQueueData; done: boolean; failure: FormReply | null }) {
  const { t } = useTranslation("reports");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  const action = `${location.pathname}${queue.page > 1 ? `?page=${queue.page}` : ""}`;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <Link className={css.tapLink} to={to("backoffice")}>
          {t("reports.backoffice.back")}
        </Link>
        <h1>{t("reports.backoffice.title")}</h1>
        <PageQueueChrome />
        <p className={ui.muted}>{t("reports.backoffice.intro")}</p>
        {/* A refused decision about no report of this page (decided meanwhile, a hand-made post): above the list. */}
        {failure && !queue.items.some((report) => report.id === reportOf(failure)) ? (
          <FormErrors errors={errorsBesides(failure, []).map((key) => translateMessage(tCommon, key))} />
        ) : null}
        {done && !failure ? (
          <p className={ui.notice} role="status" data-testid="backoffice-notice">
            {t("reports.backoffice.done")}
          </p>
        ) : null}
        <p>
          <strong>{t("reports.backoffice.count", { count: queue.total })}</strong>
        </p>
        {queue.items.length === 0 ? (
          <p className={ui.card} data-testid="reports-empty">
            {t("reports.backoffice.empty")}
          </p>
        ) : (
          <ul className={ui.plainList}>
            {queue.items.map((report) => (
              <ReportCard key={report.id} report={report} failure={failure} action={action} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={ui.row} aria-label={t("reports.mine.pages")}>
            {queue.page > 1 ? <Link to={`?page=${queue.page - 1}`}>{t("reports.mine.previous")}</Link> : null}
            <span>{t("reports.mine.page_of", { page: queue.page, pages })}</span>
            {queue.page < pages ? <Link to={`?page=${queue.page + 1}`}>{t("reports.mine.next")}</Link> : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

/**
 * The member's own reports (ADR 038): newest first, each with what was reported, the type, the state and, once
 * decided, the outcome and the statement of reasons (DSA Art. 16(5)). Plain links for the pages.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { reportAppealPath } from "#server/contract/appeals";
import type { OwnReportListData } from "~/api/reports.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./reports.css";

export function MyReportsPage({ title, reports }: { title: string; reports: OwnReportListData }) {
  const { t, i18n } = useTranslation("reports");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const pages = Math.max(1, Math.ceil(reports.total / reports.pageSize));
  // Rendered on the server only (not hydrated): the request's time decides whether the complaint link shows.
  const now = Date.now();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.tapLink} to={to("user")}>
          {t("reports.mine.back")}
        </Link>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("reports.mine.intro")}</p>
        {reports.items.length === 0 ? (
          <p data-testid="my-reports-empty">{t("reports.mine.empty")}</p>
        ) : (
          <ul className={ui.plainList}>
            {reports.items.map((report) => (
              <li key={report.id} className={css.card} data-testid="my-report" data-state={report.state}>
                <div className={css.head}>
                  <strong>{report.reference}</strong>
                  <span className={report.state === "open" ? css.stateOpen : css.stateDecided}>{t(`reports.states.${report.state}`)}</span>
                </div>
                <p className={css.line}>
                  {t(`reports.kinds.${report.kind}`)}:{" "}
                  {report.username ? (
                    <Link to={to(`p/${report.username}`)}>{report.username}</Link>
                  ) : report.url ? (
                    <span className={css.url}>{report.url}</span>
                  ) : (
                    t("reports.mine.object_gone")
                  )}
                </p>
                <p className={css.line}>
                  {t(`reports.types.${report.type}`)} · {date.format(report.createdAt)}
                </p>
                {report.decision ? (
                  <div className={css.decision} data-testid="my-report-decision">
                    <p className={css.line}>
                      <strong>{t(`reports.outcomes.${report.decision.outcome}`)}</strong> · {date.format(report.decision.decidedAt)}
                    </p>
                    <p className={css.statement}>{report.decision.statement}</p>
                    {/* DSA Art. 16(5), 20: the ways to contest a decision taken without action (ADR 113). */}
                    {report.appeal ? (
                      <Link className={css.tapLink} to={to(reportAppealPath(report.id))} data-testid="my-report-appeal">
                        {t("reports.mine.appeal_filed", { reference: report.appeal.reference })}
                      </Link>
                    ) : report.appealUntil !== null && report.appealUntil >= now ? (
                      <Link className={css.tapLink} to={to(reportAppealPath(report.id))} data-testid="my-report-appeal">
                        {t("reports.mine.appeal", { date: date.format(report.appealUntil) })}
                      </Link>
                    ) : null}
                    <p className={ui.muted}>{t("reports.mine.redress")}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={ui.row} aria-label={t("reports.mine.pages")}>
            {reports.page > 1 ? <Link to={`?page=${reports.page - 1}`}>{t("reports.mine.previous")}</Link> : null}
            <span>{t("reports.mine.page_of", { page: reports.page, pages })}</span>
            {reports.page < pages ? <Link to={`?page=${reports.page + 1}`}>{t("reports.mine.next")}</Link> : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

/**
 * The member's statements of reasons (DSA Art. 17, ADR 110): newest first, each with its reference, what was
 * decided, when, and whether the internal complaint is still open. Plain links; no JavaScript needed.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementListData } from "~/api/statements.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./statements.css";

export function StatementsPage({ title, statements }: { title: string; statements: StatementListData }) {
  const { t, i18n } = useTranslation("statements");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "Europe/Berlin" });
  const pages = Math.max(1, Math.ceil(statements.total / statements.pageSize));
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.tapLink} to={to("user/data_privacy")}>
          {t("statements.list.back")}
        </Link>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("statements.list.intro")}</p>
        {statements.items.length === 0 ? (
          <p data-testid="statements-empty">{t("statements.list.empty")}</p>
        ) : (
          <ul className={ui.plainList}>
            {statements.items.map((statement) => (
              <li key={statement.id} className={css.card} data-testid="statement">
                <div className={css.head}>
                  <strong>{statement.reference}</strong>
                  {statement.reversedAt !== null ? (
                    <span className={css.badgeReversed}>{t("statements.list.reversed")}</span>
                  ) : statement.liftedAt !== null ? (
                    <span className={css.badgeReversed}>{t("statements.list.lifted")}</span>
                  ) : statement.appealable ? (
                    <span className={css.badgeOpen}>{t("statements.list.appeal_open", { date: date.format(statement.appealUntil) })}</span>
                  ) : (
                    <span className={css.badgeClosed}>{t("statements.list.appeal_closed")}</span>
                  )}
                </div>
                <p className={css.line}>
                  <strong>{t(`statements.restrictions.${statement.restriction}`)}</strong> ·{" "}
                  {t(`statements.subjects.${statement.subjectKind}`)} · {date.format(statement.createdAt)}
                </p>
                <Link className={css.tapLink} to={to(`user/statements/${statement.id}`)}>
                  {t("statements.list.open")}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={ui.row} aria-label={t("statements.list.pages")}>
            {statements.page > 1 ? (
              <Link className={css.tapLink} to={`?page=${statements.page - 1}`}>
                {t("statements.list.previous")}
              </Link>
            ) : null}
            <span>{t("statements.list.page_of", { page: statements.page, pages })}</span>
            {statements.page < pages ? (
              <Link className={css.tapLink} to={`?page=${statements.page + 1}`}>
                {t("statements.list.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

/**
 * One statement of reasons as the member reads it (DSA Art. 17(3), ADR 110): (a) what was decided, its scope and
 * duration; (b) the facts, as the team wrote them, and what prompted the review; (c) whether automated means
 * detected or decided it; (d)/(e) the law, or the clause of our terms and why the content is incompatible with it;
 * (f) the redress: the internal complaint (Art. 20, the appeal page), out-of-court dispute settlement (Art. 21) and
 * the courts.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StatementData } from "~/api/statements.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./statements.css";

export function StatementPage({ title, statement }: { title: string; statement: StatementData }) {
  const { t, i18n } = useTranslation("statements");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "Europe/Berlin" });
  const appealUntil = date.format(statement.appealUntil);
  return (
    <main className={ui.narrow}>
      <article className={ui.stack} data-testid="statement-detail">
        <Link className={css.tapLink} to={to("user/statements")}>
          {t("statements.detail.back")}
        </Link>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("statements.detail.decided_on", { date: date.format(statement.createdAt) })}</p>
        {statement.reversedAt !== null ? (
          <p className={ui.notice} role="status">
            {t("statements.detail.reversed", { date: date.format(statement.reversedAt) })}
          </p>
        ) : statement.liftedAt !== null ? (
          // ADR 123: the restriction ended because its cause went away; the statement stays as it was issued.
          <p className={ui.notice} role="status" data-testid="statement-lifted">
            {t("statements.detail.lifted", { date: date.format(statement.liftedAt) })}{" "}
            {statement.liftCause ? t(`statements.lift_causes.${statement.liftCause}`) : null}
          </p>
        ) : null}

        <section className={css.section}>
          <h2 className={css.heading}>{t("statements.detail.decision")}</h2>
          <p className={css.line} data-testid="statement-restriction">
            <strong>{t(`statements.restrictions.${statement.restriction}`)}</strong>
          </p>
          <p className={css.line}>{t("statements.detail.concerns", { subject: t(`statements.subjects.${statement.subjectKind}`) })}</p>
          <p className={css.line}>
            {statement.endsAt !== null
              ? t("statements.detail.until", { date: date.format(statement.endsAt) })
              : t("statements.detail.unlimited")}
          </p>
        </section>

        <section className={css.section}>
          <h2 className={css.heading}>{t("statements.detail.facts")}</h2>
          <p className={css.facts} data-testid="statement-facts">
            {statement.facts}
          </p>
          <p className={css.line}>
            {t("statements.detail.source")}: {t(`statements.sources.${statement.source}`)}
          </p>
        </section>

        <section className={css.section}>
          <h2 className={css.heading}>{t("statements.detail.automation")}</h2>
          <p className={css.line}>
            {statement.automatedDetection ? t("statements.detail.detected_automated") : t("statements.detail.detected_person")}
          </p>
          <p className={css.line}>
            {statement.automatedDecision ? t("statements.detail.decided_automated") : t("statements.detail.decided_person")}
          </p>
        </section>

        <section className={css.section} data-testid="statement-ground">
          <h2 className={css.heading}>{t("statements.detail.ground")}</h2>
          {statement.ground === "illegal" ? (
            <>
              <p className={css.line}>
                <strong>{t("statements.detail.ground_illegal", { reference: statement.groundReference })}</strong>
              </p>
              <p className={css.line}>{t("statements.detail.illegal_why", { reference: statement.groundReference })}</p>
            </>
          ) : statement.termsClause !== null ? (
            <>
              <p className={css.line}>
                <strong>{t("statements.detail.ground_terms", { clause: t(`statements.clauses.${statement.termsClause}.title`) })}</strong>
              </p>
              <p className={css.line}>
                {t("statements.detail.why")}: {t(`statements.clauses.${statement.termsClause}.why`)}
              </p>
            </>
          ) : (
            <p className={css.line}>
              <strong>{t("statements.detail.ground_terms_other", { reference: statement.groundReference })}</strong>
            </p>
          )}
          <Link className={css.tapLink} to={to("legal/terms_and_conditions")}>
            {t("statements.detail.terms_link")}
          </Link>
        </section>

        <section className={css.section} data-testid="statement-redress">
          <h2 className={css.heading}>{t("statements.detail.redress")}</h2>
          <div className={css.redress}>
            <h3 className={css.heading}>{t("statements.detail.appeal_title")}</h3>
            {statement.reversedAt !== null ? (
              <p className={css.line}>{t("statements.detail.appeal_reversed")}</p>
            ) : statement.appealable ? (
              <>
                <p className={css.line}>{t("statements.detail.appeal_text", { date: appealUntil })}</p>
                <Link className={css.appealButton} to={to(`user/statements/${statement.id}/appeal`)} data-testid="statement-appeal">
                  {t("statements.detail.appeal_button")}
                </Link>
              </>
            ) : (
              <p className={css.line}>{t("statements.detail.appeal_closed", { date: appealUntil })}</p>
            )}
          </div>
          <div className={css.redress}>
            <h3 className={css.heading}>{t("statements.detail.dispute_title")}</h3>
            <p className={css.line}>{t("statements.detail.dispute_text")}</p>
          </div>
          <div className={css.redress}>
            <h3 className={css.heading}>{t("statements.detail.court_title")}</h3>
            <p className={css.line}>{t("statements.detail.court_text")}</p>
          </div>
        </section>
        <p className={ui.muted}>{t("statements.detail.reference", { reference: statement.reference })}</p>
      </article>
    </main>
  );
}

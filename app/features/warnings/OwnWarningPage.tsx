/**
 * user/warning (ADR 121, GDPR Art. 14, 15 and 21): what the member may know about their own entry on the escorts'
 * warning list — whether they are on it, for which kinds of report (never who reported), since and until when, the
 * state of their objection — and the objection form. Not hydrated: one plain form.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { WARNING_OBJECTION_LIMITS } from "#server/contract/warnings";
import type { OwnWarningData } from "~/api/warnings.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./warnings.css";

export function OwnWarningPage({
  lang,
  title,
  warning,
  objected,
  failure,
}: {
  lang: Language;
  title: string;
  warning: OwnWarningData;
  objected: boolean;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("warnings");
  const { t: tReports } = useTranslation("reports");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "Europe/Berlin" });
  const objection = warning.objection;
  const mayObject = warning.flagged && objection?.state !== "open";
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("warnings.own.intro")}</p>
        {objected && !failure ? (
          <p className={ui.notice} role="status" data-testid="objection-sent">
            {t("warnings.own.objection_sent")}
          </p>
        ) : null}
        {warning.flagged ? (
          <section className={`${css.flagged} ${ui.stack}`} data-testid="own-warning" aria-labelledby="own-warning-title">
            <h2 id="own-warning-title" className={ui.sectionTitle} style={{ margin: 0 }}>
              {t("warnings.own.flagged")}
            </h2>
            <p style={{ margin: 0 }}>
              {t("warnings.own.categories", {
                categories: warning.categories.map((type) => tReports(`reports.types.${type}`)).join(", "),
              })}
            </p>
            {warning.since !== null && warning.expiresAt !== null ? (
              <p style={{ margin: 0 }}>
                {t("warnings.own.window", { since: date.format(warning.since), until: date.format(warning.expiresAt) })}
              </p>
            ) : null}
            <p className={ui.muted} style={{ margin: 0 }}>
              {t("warnings.own.who_sees")}
            </p>
            <p style={{ margin: 0 }}>
              <Link to={localePath(lang, "user/statements")}>{t("warnings.own.statement_link")}</Link>
            </p>
          </section>
        ) : (
          <p className={ui.card} data-testid="own-warning-none">
            {t("warnings.own.none")}
          </p>
        )}
        {objection ? (
          <p className={ui.card} data-testid="objection-state">
            {t(`warnings.own.objection_${objection.state}`, { date: date.format(objection.createdAt) })}
          </p>
        ) : null}
        {mayObject ? (
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="objection-form">
            <h2 className={ui.sectionTitle} style={{ margin: 0 }}>
              {t("warnings.own.object_title")}
            </h2>
            <p className={ui.muted} style={{ margin: 0 }}>
              {t("warnings.own.object_intro")}
            </p>
            <FormErrors errors={failure?.formErrors ?? []} />
            <TextAreaField
              name="text"
              label={t("warnings.own.object_text")}
              hint={t("warnings.own.object_hint", { min: WARNING_OBJECTION_LIMITS.min, max: WARNING_OBJECTION_LIMITS.max })}
              rows={6}
              maxLength={WARNING_OBJECTION_LIMITS.max}
              defaultValue={failure ? inputText(failure, "text") : undefined}
              errors={failure?.fieldErrors.text}
              required
            />
            <div>
              <button type="submit" className={ui.button}>
                {t("warnings.own.object_send")}
              </button>
            </div>
          </Form>
        ) : null}
      </div>
    </main>
  );
}

/**
 * user/data_privacy, the page: consents (the special-category one withdrawable here), the data export
 * with its state, and what is kept for how long. Plain forms; the export's state is read on each visit
 * (a "refresh" link instead of polling, so it works without JavaScript).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DataExportStatusData } from "~/api/privacy.server";
import { FormErrors } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { DataPrivacyDone } from "./data-privacy.server";
import { SettingsFrame } from "./SettingsFrame";
import * as css from "./settings.css";

function IntentButton({ intent, label, primary, testId }: { intent: string; label: string; primary?: boolean; testId: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button className={primary ? ui.button : ui.buttonSecondary} type="submit" data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

function ExportCard({ exports }: { exports: DataExportStatusData }) {
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  const size = (bytes: number) =>
    bytes >= 1_000_000
      ? new Intl.NumberFormat(i18n.language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1_000_000)
      : new Intl.NumberFormat(i18n.language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(
          Math.max(1, bytes / 1000),
        );
  const latest = exports.latest;
  const busy = latest?.state === "init" || latest?.state === "processing";
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="export-title">
      <h2 id="export-title" className={css.cardTitle}>
        {t("settings.privacy.export_title")}
      </h2>
      <p>{t("settings.privacy.export_intro")}</p>
      {latest ? (
        <p data-testid="export-state">{t(`settings.privacy.export_state_${latest.state}`, { date: when.format(latest.createdAt) })}</p>
      ) : null}
      {latest?.state === "ready" && latest.expiresAt ? (
        <p>
          <a className={ui.button} href={to(`user/data_privacy/export/${latest.id}`)} download data-testid="export-download">
            {t("settings.privacy.export_download", { size: size(latest.sizeBytes ?? 0) })}
          </a>
          <br />
          <span className={ui.muted}>{t("settings.privacy.export_until", { date: when.format(latest.expiresAt) })}</span>
        </p>
      ) : null}
      {busy ? (
        <p>
          <Link to={to("user/data_privacy")} data-testid="export-refresh">
            {t("settings.privacy.export_refresh")}
          </Link>
        </p>
      ) : exports.nextRequestAt ? (
        <p className={ui.muted} data-testid="export-next">
          {t("settings.privacy.export_next", { date: when.format(exports.nextRequestAt) })}
        </p>
      ) : (
        <IntentButton intent="request_export" label={t("settings.privacy.export_request")} primary testId="export-request" />
      )}
    </section>
  );
}

export function DataPrivacyPage(props: {
  specialConsentSince: number | null;
  activityConsentSince: number | null;
  exports: DataExportStatusData;
  done: DataPrivacyDone | null;
  formErrors: string[];
}) {
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "Europe/Berlin" });
  return (
    <SettingsFrame
      title={t("settings.pages.data_privacy.title")}
      intro={t("settings.privacy.intro")}
      notice={props.done ? t(`settings.privacy.done_${props.done}`) : null}
    >
      <FormErrors errors={props.formErrors} />
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="consents-title">
        <h2 id="consents-title" className={css.cardTitle}>
          {t("settings.privacy.consents_title")}
        </h2>
        <p>
          {t("settings.privacy.terms")} <Link to={to("legal/data_privacy_statement")}>{t("settings.privacy.privacy_statement")}</Link>
        </p>
        <h3 className={css.cardTitle}>{t("settings.privacy.special_title")}</h3>
        <p className={ui.muted}>{t("settings.privacy.special_what")}</p>
        {props.specialConsentSince ? (
          <>
            <p data-testid="special-consent">{t("settings.privacy.special_given", { date: day.format(props.specialConsentSince) })}</p>
            <IntentButton intent="withdraw_special_data" label={t("settings.privacy.special_withdraw")} testId="withdraw-special-data" />
          </>
        ) : (
          <p data-testid="special-consent">
            {t("settings.privacy.special_none")} <Link to={to("user/name_characteristics")}>{t("settings.privacy.special_give")}</Link>
          </p>
        )}
        {/* The activity tracker's consent (issue 32, ADR 132): off until the member gives it, withdrawn at any time. */}
        <h3 className={css.cardTitle}>{t("settings.privacy.activity_title")}</h3>
        <p className={ui.muted}>{t("settings.privacy.activity_what")}</p>
        {props.activityConsentSince ? (
          <>
            <p data-testid="activity-consent">{t("settings.privacy.activity_given", { date: day.format(props.activityConsentSince) })}</p>
            <IntentButton intent="withdraw_activity" label={t("settings.privacy.activity_withdraw")} testId="withdraw-activity" />
          </>
        ) : (
          <>
            <p data-testid="activity-consent">{t("settings.privacy.activity_none")}</p>
            <IntentButton intent="grant_activity" label={t("settings.privacy.activity_grant")} testId="grant-activity" />
          </>
        )}
        <h3 className={css.cardTitle}>{t("settings.privacy.news_title")}</h3>
        <p>
          {t("settings.privacy.news")} <Link to={to("user/notifications")}>{t("settings.pages.notifications.title")}</Link>
        </p>
      </section>
      <ExportCard exports={props.exports} />
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="statements-title">
        <h2 id="statements-title" className={css.cardTitle}>
          {t("settings.privacy.statements_title")}
        </h2>
        <p>{t("settings.privacy.statements_text")}</p>
        <p>
          <Link to={to("user/statements")} data-testid="statements-link">
            {t("settings.privacy.statements_link")}
          </Link>
        </p>
        {/* The escorts' warning list (ADR 121): whether the member is on it, and the objection. */}
        <p>
          <Link to={to("user/warning")} data-testid="warning-link">
            {t("settings.privacy.warning_link")}
          </Link>
        </p>
      </section>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="kept-title">
        <h2 id="kept-title" className={css.cardTitle}>
          {t("settings.privacy.kept_title")}
        </h2>
        <ul>
          <li>{t("settings.privacy.kept_sessions")}</li>
          <li>{t("settings.privacy.kept_mails")}</li>
          <li>{t("settings.privacy.kept_exports")}</li>
          <li>{t("settings.privacy.kept_account")}</li>
        </ul>
        <p>
          <Link to={to("user/pause_delete")}>{t("settings.pages.pause_delete.title")}</Link>
        </p>
      </section>
    </SettingsFrame>
  );
}

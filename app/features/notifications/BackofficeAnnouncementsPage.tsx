/** backoffice/announcements, the page (ADR 044): what runs now, and the form for a new announcement. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ANNOUNCEMENT_SEVERITIES } from "#server/contract/notifications";
import type { AnnouncementListData } from "~/api/notifications.server";
import { Field, FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { inputText, type FormReply } from "~/components/form/reply";

export function BackofficeAnnouncementsPage({
  active,
  created,
  failure,
}: {
  active: AnnouncementListData["items"];
  created: boolean;
  /** A refused post: its errors, and the input kept. */
  failure: FormReply | null;
}) {
  const { t } = useTranslation("notifications");
  const { t: tCommon } = useTranslation();
  const input = (name: string) => (failure ? inputText(failure, name) : "");
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("announcement_desk.title")}</h1>
        {created ? (
          <p className={ui.notice} role="status" data-testid="announcement-created">
            {t("announcement_desk.created")}
          </p>
        ) : null}
        <section className={ui.stack} aria-labelledby="active-title">
          <h2 id="active-title" className={ui.sectionTitle}>
            {t("announcement_desk.active")}
          </h2>
          {active.length === 0 ? (
            <p className={ui.muted}>{t("announcement_desk.none")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="active-announcements">
              {active.map((item) => (
                <li key={item.id} className={ui.card}>
                  <strong>{t(`announcement_desk.severities.${item.severity}`)}</strong> {item.text}
                </li>
              ))}
            </ul>
          )}
        </section>
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          <h2 className={ui.sectionTitle}>{t("announcement_desk.new")}</h2>
          <FormErrors errors={failure?.formErrors ?? []} />
          <div className={ui.field}>
            <label className={ui.label} htmlFor="field-severity">
              {t("announcement_desk.severity")}
            </label>
            <select id="field-severity" name="severity" className={ui.input} defaultValue={input("severity") || "info"}>
              {ANNOUNCEMENT_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {t(`announcement_desk.severities.${severity}`)}
                </option>
              ))}
            </select>
            <ErrorLine
              id="field-severity-error"
              name="severity"
              message={errors("severity")[0] ? translateMessage(tCommon, errors("severity")[0]!) : undefined}
            />
          </div>
          <Field name="text_de" label={t("announcement_desk.text_de")} defaultValue={input("text_de")} errors={errors("text_de")} />
          <Field name="text_en" label={t("announcement_desk.text_en")} defaultValue={input("text_en")} errors={errors("text_en")} />
          <Field name="text_es" label={t("announcement_desk.text_es")} defaultValue={input("text_es")} errors={errors("text_es")} />
          <Field name="text_pl" label={t("announcement_desk.text_pl")} defaultValue={input("text_pl")} errors={errors("text_pl")} />
          <Field
            name="url"
            label={t("announcement_desk.url")}
            hint={t("announcement_desk.url_hint")}
            defaultValue={input("url")}
            errors={errors("url")}
          />
          <Field
            name="days"
            label={t("announcement_desk.days")}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            defaultValue={input("days") || "7"}
            errors={errors("days")}
          />
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {t("announcement_desk.publish")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}

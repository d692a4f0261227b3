/** user/notifications, the page: what the member hears about, by e-mail, push and in the bar — one checkbox each. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationPreferences } from "#server/contract/settings";
import { FormErrors } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";

export function NotificationsPage({
  preferences,
  saved,
  formErrors,
}: {
  preferences: NotificationPreferences;
  saved: boolean;
  formErrors: string[];
}) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.back} to={to("user")}>
          {t("settings.back")}
        </Link>
        <h1>{t("settings.pages.notifications.title")}</h1>
        <p className={ui.muted}>{t("settings.notifications.intro")}</p>
        {saved ? (
          <p className={ui.notice} role="status" data-testid="settings-notice">
            {t("settings.notifications.saved")}
          </p>
        ) : null}
        <FormErrors errors={formErrors} />
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          <table className={css.switchTable}>
            <thead>
              <tr>
                <th scope="col">
                  <span className={css.visuallyHidden}>{t("settings.notifications.kind")}</span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col">
                    {t(`settings.notifications.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`settings.notifications.kinds.${kind}`)}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel}>
                      <input
                        className={css.switchBox}
                        type="checkbox"
                        name={`${kind}.${channel}`}
                        defaultChecked={preferences[kind][channel]}
                        aria-label={t("settings.notifications.switch", {
                          kind: t(`settings.notifications.kinds.${kind}`),
                          channel: t(`settings.notifications.channels.${channel}`),
                        })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className={ui.muted}>{t("settings.notifications.news_note")}</p>
          <div className={ui.row}>
            <button className={ui.button} type="submit">
              {t("settings.save")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}

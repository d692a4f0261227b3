/** user/notifications, the page: what the member hears about, by e-mail, push and in the bar — one checkbox each. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationPreferences } from "#server/contract/settings";
import { FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import { SettingsFrame } from "./SettingsFrame";
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
  return (
    <SettingsFrame
      title={t("settings.pages.notifications.title")}
      intro={t("settings.notifications.intro")}
      notice={saved ? t("settings.notifications.saved") : null}
    >
      <FormErrors errors={formErrors} />
      <Form method="post" className={`${ui.card} ${ui.stack}`}>
        <table className={css.switchTable}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t("settings.notifications.kind")}</span>
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
    </SettingsFrame>
  );
}

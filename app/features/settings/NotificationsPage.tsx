/** user/notifications, the page: what the member hears about, by e-mail, push and in the bar — one checkbox each. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationPreferences } from "#server/contract/settings";
import { FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import type { PushSettingsData } from "~/api/notifications.server";
import { useLocalePath } from "~/i18n/lang";
import { SettingsFrame, SettingsSaveButton } from "./SettingsFrame";
import * as css from "./settings.css";

export function NotificationsPage({
  preferences,
  push,
  saved,
  formErrors,
}: {
  preferences: NotificationPreferences;
  push: PushSettingsData;
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
        <SettingsSaveButton />
      </Form>
      <PushSwitch push={push} />
    </SettingsFrame>
  );
}

/**
 * Push on this device (ADR 044): needs JavaScript by nature (a service worker and the browser's permission); the
 * switch is public/scripts/push-subscribe.js. Without JavaScript, or without VAPID keys on the server, the page
 * says so politely.
 */
function PushSwitch({ push }: { push: PushSettingsData }) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  const text = (key: string) => t(`settings.notifications.push.${key}`);
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="push-title" data-testid="push-settings">
      <h2 id="push-title" className={ui.sectionTitle}>
        {text("title")}
      </h2>
      {push.enabled && push.publicKey ? (
        <div
          className={ui.stack}
          data-push
          data-public-key={push.publicKey}
          data-url={to("user/notifications/push")}
          data-text-enable={text("enable")}
          data-text-disable={text("disable")}
          data-text-on={text("on")}
          data-text-off={text("off")}
          data-text-denied={text("denied")}
          data-text-unsupported={text("unsupported")}
          data-text-failed={text("failed")}
        >
          <p className={ui.muted}>{t("settings.notifications.push.intro", { count: push.devices })}</p>
          <p data-push-status role="status" hidden />
          <noscript>
            <p className={ui.muted}>{text("no_js")}</p>
          </noscript>
          {/* Shown by the script: a switch that cannot work without JavaScript is not offered without it. */}
          <div data-push-row hidden>
            <div className={ui.row}>
              <button type="button" className={ui.buttonSecondary} data-push-toggle>
                {text("enable")}
              </button>
            </div>
          </div>
          <script src="/scripts/push-subscribe.js" defer />
        </div>
      ) : (
        <p className={ui.muted}>{text("not_offered")}</p>
      )}
    </section>
  );
}

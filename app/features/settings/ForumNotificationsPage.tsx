/** user/forum_notifications, the page: the forum opens later; no subscriptions today, and how replies will reach the member. */
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";
import { SettingsCard, SettingsFrame, SettingsLink } from "./SettingsFrame";

export function ForumNotificationsPage({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const { t } = useTranslation("membership");
  return (
    <SettingsFrame title={t("settings.pages.forum_notifications.title")} intro={t("membership.forum.intro")}>
      <SettingsCard id="forum-subscriptions" title={t("membership.forum.subscriptions_title")} testId="forum-subscriptions">
        <p data-testid="forum-empty">
          <strong>{t("membership.forum.empty")}</strong>
        </p>
        <p>{t("membership.forum.later")}</p>
        <p className={ui.muted} data-testid="forum-email">
          {emailVerified ? t("membership.forum.email", { email }) : t("membership.forum.email_unverified", { email })}
        </p>
      </SettingsCard>
      <SettingsLink path="user/notifications">{t("membership.forum.other_notifications")}</SettingsLink>
    </SettingsFrame>
  );
}

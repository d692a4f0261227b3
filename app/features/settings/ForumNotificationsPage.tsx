/** user/forum_notifications, the page: the forum opens later; no subscriptions today, and how replies will reach the member. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";
import { SettingsFrame } from "./SettingsFrame";

export function ForumNotificationsPage({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const { t } = useTranslation("membership");
  const to = useLocalePath();
  return (
    <SettingsFrame title={t("settings.pages.forum_notifications.title")} intro={t("membership.forum.intro")}>
      <section className={ui.card} aria-labelledby="forum-subscriptions" data-testid="forum-subscriptions">
        <h2 id="forum-subscriptions" className={css.cardTitle}>
          {t("membership.forum.subscriptions_title")}
        </h2>
        <p data-testid="forum-empty">
          <strong>{t("membership.forum.empty")}</strong>
        </p>
        <p>{t("membership.forum.later")}</p>
        <p className={ui.muted} data-testid="forum-email">
          {emailVerified ? t("membership.forum.email", { email }) : t("membership.forum.email_unverified", { email })}
        </p>
      </section>
      <p style={{ margin: 0 }}>
        <Link className={css.back} to={to("user/notifications")}>
          {t("membership.forum.other_notifications")}
        </Link>
      </p>
    </SettingsFrame>
  );
}

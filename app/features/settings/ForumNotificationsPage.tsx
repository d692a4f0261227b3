/**
 * user/forum_notifications, the page: the member's notification level per forum category (Discourse's levels),
 * one form for all, saved here and pushed to the forum (ADR 134). Without a forum it says so plainly.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FORUM_LEVEL_NAMES, FORUM_NOTIFICATION_LEVELS } from "#server/contract/forum";
import { FormErrors } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { SettingsCard, SettingsFrame, SettingsLink, SettingsSaveButton } from "./SettingsFrame";

export interface ForumNotificationsState {
  configured: boolean;
  categories: Array<{ categoryId: number; name: string; level: number }>;
  forumReachable: boolean;
  pushed: boolean | null;
}

export function ForumNotificationsPage({
  email,
  emailVerified,
  forum,
  saved,
  errorKey,
}: {
  email: string;
  emailVerified: boolean;
  forum: ForumNotificationsState;
  saved: boolean;
  errorKey: string | null;
}) {
  const { t } = useTranslation(["membership", "forum"]);
  const to = useLocalePath();
  const options = FORUM_LEVEL_NAMES.map((name) => ({ value: String(FORUM_NOTIFICATION_LEVELS[name]), label: t(`forum.levels.${name}`) }));
  return (
    <SettingsFrame
      title={t("settings.pages.forum_notifications.title")}
      intro={t("forum.notifications_intro")}
      notice={saved ? (forum.pushed === false ? t("forum.saved_not_pushed") : t("forum.saved")) : null}
    >
      <FormErrors errors={errorKey ? [errorKey] : []} />
      <SettingsCard id="forum-subscriptions" title={t("membership.forum.subscriptions_title")} testId="forum-subscriptions">
        {forum.categories.length === 0 ? (
          <>
            <p data-testid="forum-empty">
              <strong>{t("membership.forum.empty")}</strong>
            </p>
            <p data-testid="forum-state">
              {!forum.configured ? t("forum.off") : forum.forumReachable ? t("forum.no_categories") : t("forum.unreachable")}
            </p>
          </>
        ) : (
          <Form method="post" className={ui.stack} data-testid="forum-levels">
            <p className={ui.muted}>{t("forum.levels_hint")}</p>
            {!forum.forumReachable ? <p className={ui.muted}>{t("forum.unreachable")}</p> : null}
            {forum.categories.map((category) => (
              <SelectField
                key={category.categoryId}
                name={`level_${category.categoryId}`}
                label={category.name}
                options={options}
                defaultValue={String(category.level)}
              />
            ))}
            <SettingsSaveButton />
          </Form>
        )}
        <p className={ui.muted} data-testid="forum-email">
          {emailVerified ? t("membership.forum.email", { email }) : t("membership.forum.email_unverified", { email })}
        </p>
      </SettingsCard>
      {forum.configured ? (
        <p>
          <Link className={ui.blockLink} to={to("community")}>
            {t("forum.to_community")}
          </Link>
        </p>
      ) : null}
      <SettingsLink path="user/notifications">{t("membership.forum.other_notifications")}</SettingsLink>
    </SettingsFrame>
  );
}

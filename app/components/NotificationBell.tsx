/**
 * The header's bell (issue 12 item 7, ADR 044): the unread count, and the latest notifications (at most 8, the
 * newest unread one highlighted) in a details/summary dropdown that opens without JavaScript. Every entry links
 * to the notifications page; with JavaScript public/scripts/notifications.js raises the count on a realtime event.
 */
import { useTranslation } from "react-i18next";
import { NOTIFICATION_BELL_HIGHLIGHTED, NOTIFICATION_BELL_MAX } from "#server/contract/notification-bell";
import type { Viewer } from "~/api/viewer.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import { notificationLine, notificationTime } from "./notification-line";
import { ChromeLink } from "./chrome-link";
import * as css from "./notifications.css";

export function NotificationBell({ summary }: { summary: Viewer["notifications"] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const lang = useLang();
  const latest = summary.latest.slice(0, NOTIFICATION_BELL_MAX);
  const label = `${t("bell.label")}${summary.unread > 0 ? `, ${t("bell.unread", { count: summary.unread })}` : ""}`;
  let highlightsLeft = NOTIFICATION_BELL_HIGHLIGHTED;
  return (
    <details className={css.bell} data-testid="notification-bell" data-close-label={t("bell.close")} data-badge-class={css.badge}>
      <summary className={css.bellSummary} aria-label={label} title={label}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {summary.unread > 0 ? (
          <span className={css.badge} data-testid="notification-count">
            {summary.unread > 99 ? "99+" : summary.unread}
          </span>
        ) : null}
      </summary>
      <div className={css.panel}>
        {latest.length === 0 ? (
          <p className={css.empty}>{t("bell.none_yet")}</p>
        ) : (
          <ul className={css.panelList}>
            {latest.map((item) => {
              const isUnread = item.readAt === null;
              const highlight = isUnread && highlightsLeft > 0;
              if (highlight) highlightsLeft -= 1;
              return (
                <li key={item.id}>
                  <ChromeLink
                    to={`${to("my_notification")}#n${item.id}`}
                    className={[css.panelItem, isUnread ? css.unread : "", highlight ? css.highlighted : ""].join(" ")}
                    data-testid="bell-item"
                    data-unread={isUnread ? "1" : "0"}
                    data-highlighted={highlight ? "1" : undefined}
                  >
                    {notificationLine(t, item, lang)}
                    <span className={css.when}>{notificationTime(item.createdAt, lang)}</span>
                  </ChromeLink>
                </li>
              );
            })}
          </ul>
        )}
        <ChromeLink to={to("my_notification")} className={css.seeAll} data-testid="bell-see-all">
          {t("bell.see_all")}
        </ChromeLink>
      </div>
    </details>
  );
}

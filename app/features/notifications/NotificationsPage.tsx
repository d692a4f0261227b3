/** my_notification, the page (ADR 044): filter tabs, the list with its forms, the pager, the empty state. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { NotificationItemData, NotificationListData } from "~/api/notifications.server";
import { notificationLine, notificationTime } from "~/components/notification-line";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors, type FormReply } from "~/components/form/reply";
import * as css from "./notifications.css";
import { PageLinks } from "~/components/PageLinks";

type Filter = "all" | "unread";

export function NotificationsPage({
  list,
  filter,
  done,
  refused,
}: {
  list: NotificationListData;
  filter: Filter;
  done: string | null;
  /** A refused form's reply: its errors above the list. */
  refused: FormReply | null;
}) {
  const { t } = useTranslation("notifications");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pathOf = (next: { page?: number; filter?: Filter }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    const query = new URLSearchParams({ ...(p > 1 ? { page: String(p) } : {}), ...(f === "unread" ? { filter: f } : {}) }).toString();
    return `${to("my_notification")}${query ? `?${query}` : ""}`;
  };
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("page.title")}</h1>
        <p className={ui.muted}>{t("page.intro")}</p>
        {done ? (
          <p className={ui.notice} role="status" data-testid="notifications-done">
            {t(`page.done.${done}`)}
          </p>
        ) : null}
        {refused ? (
          <p className={ui.alert} role="alert">
            {allErrors(refused)
              .map((key) => translateMessage(tCommon, key))
              .join(" ")}
          </p>
        ) : null}
        <nav aria-label={t("page.filter_label")}>
          <ul className={ui.tabBar}>
            <li>
              <Link className={ui.tab} to={pathOf({ filter: "all" })} aria-current={filter === "all" ? "page" : undefined}>
                {t("page.all")}
              </Link>
            </li>
            <li>
              <Link
                className={ui.tab}
                to={pathOf({ filter: "unread" })}
                aria-current={filter === "unread" ? "page" : undefined}
                data-testid="filter-unread"
              >
                {t("page.unread", { count: list.unread })}
              </Link>
            </li>
          </ul>
        </nav>
        {list.unread > 0 ? (
          <Form method="post" className={ui.row}>
            <input type="hidden" name="page" value={list.page} />
            <input type="hidden" name="filter" value={filter} />
            <button type="submit" name="intent" value="read_all" className={ui.buttonSecondary} data-testid="read-all">
              {t("page.read_all")}
            </button>
          </Form>
        ) : null}
        {list.items.length === 0 ? (
          <div className={css.empty} data-testid="notifications-empty">
            <p>{filter === "unread" && list.total === 0 && list.unread === 0 ? t("page.empty_unread") : t("page.empty")}</p>
          </div>
        ) : (
          <ul className={css.list} data-testid="notifications-list">
            {list.items.map((item) => (
              <Entry key={item.id} item={item} page={list.page} filter={filter} />
            ))}
          </ul>
        )}
        <PageLinks page={list.page} pages={pages} hrefOf={(p) => pathOf({ page: p })} />
        <p>
          <Link to={to("user/notifications")} className={ui.linkButton}>
            {t("page.settings_link")}
          </Link>
        </p>
      </div>
    </main>
  );
}

function Entry({ item, page, filter }: { item: NotificationItemData; page: number; filter: Filter }) {
  const { t } = useTranslation("notifications");
  const { t: tCommon } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const unread = item.readAt === null;
  const hidden = (
    <>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="filter" value={filter} />
    </>
  );
  return (
    <li
      id={`n${item.id}`}
      className={[css.item, unread ? css.unreadItem : "", unread && item.contentType === "alert" ? css.alertItem : ""].join(" ")}
      data-testid="notification"
      data-unread={unread ? "1" : "0"}
      data-event={item.event}
    >
      <p className={[css.line, unread ? css.lineUnread : ""].join(" ")}>
        {item.url ? (
          <Link to={to(item.url)} className={css.lineLink}>
            {notificationLine(tCommon, item, lang)}
          </Link>
        ) : (
          notificationLine(tCommon, item, lang)
        )}
      </p>
      <div className={css.meta}>
        {unread ? <span className={css.newMark}>{tCommon("bell.unread_mark")}</span> : null}
        <time dateTime={new Date(item.createdAt).toISOString()}>{notificationTime(item.createdAt, lang)}</time>
      </div>
      <div className={css.actions}>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value={unread ? "read" : "unread"} className={ui.buttonSecondary}>
            {unread ? t("page.mark_read") : t("page.mark_unread")}
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="delete" className={ui.linkButton}>
            {t("page.delete")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/**
 * my_events: the organizer's events under the spec's filters (links, so they work without JavaScript), each with its
 * status, time at its place, and its actions; cancelling asks first (my_events?cancel={id}) and then posts.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { eventPaths, MY_EVENTS_FILTERS } from "#server/contract/events";
import type { MyEventListData } from "~/api/events.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./events.css";
import { eventTimeRange } from "./format";
import { wallTimeIn } from "#server/contract/calendar";

export function MyEventsPage({
  title,
  list,
  confirmCancel,
  done,
  reply,
}: {
  title: string;
  list: MyEventListData;
  confirmCancel: number | null;
  done: "cancelled" | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("event");
  const { t: tModeration } = useTranslation("moderation");
  const lang = useLang();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (list.filter !== "all") params.set("filter", list.filter);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${eventPaths.mine(lang)}?${query}` : eventPaths.mine(lang);
  };
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("event.mine.intro")}</p>
        {list.mayCreate ? (
          <p>
            <Link className={ui.button} to={eventPaths.add(lang)} data-testid="my-events-add">
              {t("event.mine.add")}
            </Link>
          </p>
        ) : (
          <p className={ui.notice}>{t("event.mine.organizers_only")}</p>
        )}
        {done ? (
          <p className={ui.notice} role="status" data-testid="my-events-done">
            {t(`event.mine.done_${done}`)}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        <nav aria-label={t("event.mine.filters")}>
          <ul className={ui.scrollingTabBar}>
            {MY_EVENTS_FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  className={ui.tab}
                  to={eventPaths.mine(lang, filter)}
                  aria-current={filter === list.filter ? "page" : undefined}
                  data-testid={`my-events-filter-${filter}`}
                >
                  {t(`event.mine.filter.${filter}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {list.items.length === 0 ? (
          <p className={ui.card} data-testid="my-events-empty">
            {t(`event.mine.empty.${list.filter}`)}
          </p>
        ) : (
          <ul className={ui.entryList} data-testid="my-events">
            {list.items.map((event) => (
              <li key={event.id} className={`${ui.entryCard} ${ui.stack}`} data-testid="my-event" data-event-id={event.id}>
                <div className={ui.row} style={{ alignItems: "center" }}>
                  <strong>{event.title}</strong>
                  <span className={css.status} data-status={event.statusName} data-testid="my-event-status">
                    {t(`event.status.${event.statusName}`)}
                  </span>
                </div>
                <span className={ui.muted}>
                  {eventTimeRange(wallTimeIn(event.timeZone, event.startsAt), wallTimeIn(event.timeZone, event.endsAt), lang)} ·{" "}
                  {event.cityName} · {t("event.mine.attendees", { count: event.attendeeCount })}
                </span>
                {event.statusName === "rejected" && event.rejectionReason ? (
                  <p className={ui.alert} style={{ margin: 0 }} data-testid="my-event-reason">
                    {t("event.mine.reason", { reason: tModeration(`moderation.reasons.${event.rejectionReason}`) })}
                  </p>
                ) : null}
                {confirmCancel === event.id && event.mayCancel ? (
                  <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="my-event-confirm">
                    <strong>{t("event.mine.confirm_title", { title: event.title })}</strong>
                    <p style={{ margin: 0 }}>{t("event.mine.confirm_text")}</p>
                    <input type="hidden" name="id" value={event.id} />
                    <div className={ui.row}>
                      <button type="submit" name="intent" value="cancel" className={ui.button} data-testid="my-event-confirm-cancel">
                        {t("event.mine.confirm_yes")}
                      </button>
                      <Link className={ui.linkButton} to={pageLink(list.page)}>
                        {t("event.mine.confirm_no")}
                      </Link>
                    </div>
                  </Form>
                ) : (
                  <div className={ui.row}>
                    <Link className={ui.linkButton} to={eventPaths.detail(lang, event.category, event.slug)} data-testid="my-event-view">
                      {t("event.mine.view")}
                    </Link>
                    {event.mayEdit ? (
                      <Link className={ui.linkButton} to={eventPaths.edit(lang, event.category, event.slug)} data-testid="my-event-edit">
                        {t("event.mine.edit")}
                      </Link>
                    ) : null}
                    {event.mayCancel ? (
                      <Link
                        className={ui.linkButton}
                        to={`${pageLink(list.page)}${pageLink(list.page).includes("?") ? "&" : "?"}cancel=${event.id}`}
                        data-testid="my-event-cancel"
                      >
                        {t("event.mine.cancel")}
                      </Link>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={ui.row} aria-label={t("event.mine.page_of", { page: list.page, pages })}>
            {list.page > 1 ? <Link to={pageLink(list.page - 1)}>{t("event.mine.previous")}</Link> : null}
            <span>{t("event.mine.page_of", { page: list.page, pages })}</span>
            {list.page < pages ? <Link to={pageLink(list.page + 1)}>{t("event.mine.next")}</Link> : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

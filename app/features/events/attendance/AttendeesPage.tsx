/**
 * events/{category}/{slug}/attendees: the accepted attendees, 20 a page (EVENT_ATTENDEES_PAGE_SIZE); the organizer
 * also switches to the waiting requests and decides on each member here (plain forms, back to this page).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AttendanceDecision, AttendanceState } from "#server/contract/events-attendance";
import type { Language } from "#server/contract/locales";
import type { EventAttendanceViewData, EventAttendeeListData } from "~/api/events-attendance.server";
import { PageLinks } from "~/components/PageLinks";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { AttendanceOutcome, DecisionButtons } from "./AttendanceForms";
import * as css from "./attendance.css";

/** The organizer's decisions per member state on the lists (accepted attendees may still be rejected or refused). */
const DECISIONS: Partial<Record<AttendanceState, readonly AttendanceDecision[]>> = {
  requested: ["accept", "reject", "refuse"],
  accepted: ["reject", "refuse"],
};

export function AttendeesPage({
  view,
  page,
  outcome,
  lang,
}: {
  view: EventAttendanceViewData;
  page: EventAttendeeListData;
  outcome: { done: string | null; error: string | null };
  lang: Language;
}) {
  const { t } = useTranslation();
  const eventPage = localePath(lang, `events/${view.category}/${view.slug}`);
  const here = `${eventPage}/attendees`;
  const listPath = (list: string, n = 1) => `${here}?list=${list}${n > 1 ? `&page=${n}` : ""}`;
  const returnTo = listPath(page.list, page.page);
  const organizer = view.role === "organizer";
  return (
    <main className={ui.narrow}>
      <div id="attendance" className={`${ui.card} ${ui.stack}`}>
        <Link className={css.tapLink} to={eventPage}>
          {t("events_attendance.attendees.back", { title: view.title })}
        </Link>
        <h1 style={{ margin: 0 }}>{t(`events_attendance.attendees.title_${page.list}`)}</h1>
        <p className={ui.muted}>{t("events_attendance.attendees.total", { count: page.total })}</p>
        {organizer ? (
          <nav className={ui.tabBar} aria-label={t("events_attendance.attendees.lists")}>
            {(["attendees", "requests"] as const).map((list) => (
              <Link key={list} className={ui.tab} to={listPath(list)} aria-current={page.list === list ? "page" : undefined}>
                {t(`events_attendance.attendees.tab_${list}`)}
              </Link>
            ))}
          </nav>
        ) : null}
        <AttendanceOutcome outcome={outcome} />
        {page.items.length === 0 ? (
          <p className={ui.notice} data-testid="attendees-empty">
            {t(`events_attendance.attendees.empty_${page.list}`)}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="attendees-list">
            {page.items.map((member) => (
              <li key={member.username} className={css.person} data-username={member.username}>
                <Link className={css.personName} to={localePath(lang, `p/${member.username}`)}>
                  {member.displayName}
                </Link>
                {organizer && view.open && DECISIONS[member.state] ? (
                  <DecisionButtons
                    action={`${eventPage}/attendance`}
                    returnTo={returnTo}
                    username={member.username}
                    decisions={DECISIONS[member.state]!}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <PageLinks page={page.page} pages={Math.max(1, Math.ceil(page.total / page.pageSize))} hrefOf={(n) => listPath(page.list, n)} />
      </div>
    </main>
  );
}

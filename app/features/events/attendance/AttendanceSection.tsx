/**
 * The event page's attendance section (issue 29 item 1, ADR 100): how many attend, the viewer's own state with its
 * plain form buttons (attend, not attend, change), and for the organizer the waiting requests with accept, reject and
 * refuse. Self-contained: the event page's loader adds `attendanceSectionData(args, slug)` and renders this with it.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AttendanceChoice, AttendanceState } from "#server/contract/events-attendance";
import type { Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { AttendanceSectionData } from "./attendance.server";
import { AttendanceOutcome, ChoiceButton, DecisionButtons } from "./AttendanceForms";
import * as css from "./attendance.css";

/** The buttons a member has in each state while the event takes attendance. */
const CHOICES: Record<AttendanceState, readonly AttendanceChoice[]> = {
  none: ["attend", "absent"],
  requested: ["absent"],
  accepted: ["absent"],
  absent: ["attend"],
  rejected: ["attend"],
  refused: [],
};

export function AttendanceSection({ data, lang }: { data: AttendanceSectionData; lang: Language }) {
  const { t } = useTranslation();
  const { view, outcome } = data;
  const page = localePath(lang, `events/${view.category}/${view.slug}`);
  const action = `${page}/attendance`;
  const attendees = `${page}/attendees`;
  const count =
    view.maxAttendees === null
      ? t("events_attendance.count", { count: view.attendeeCount })
      : t("events_attendance.count_of", { count: view.attendeeCount, max: view.maxAttendees });
  return (
    <section id="attendance" className={`${ui.card} ${ui.stack}`} aria-labelledby="attendance-title" data-testid="attendance-section">
      <h2 id="attendance-title" className={ui.sectionTitle} style={{ marginTop: 0 }}>
        {t("events_attendance.title")}
      </h2>
      <p className={ui.muted} data-testid="attendance-count">
        {count}
      </p>
      <AttendanceOutcome outcome={outcome} />
      {view.role === "guest" ? (
        <Link className={css.tapLink} to={`${localePath(lang, "login")}?r=${encodeURIComponent(page)}`}>
          {t("events_attendance.sign_in")}
        </Link>
      ) : view.role === "organizer" ? (
        <>
          <p>{t("events_attendance.organizer")}</p>
          <h3 className={ui.sectionTitle}>{t("events_attendance.requests_title", { count: view.requestCount })}</h3>
          {view.requests.length === 0 ? (
            <p className={ui.muted} data-testid="attendance-no-requests">
              {t("events_attendance.no_requests")}
            </p>
          ) : (
            <ul className={ui.plainList} data-testid="attendance-requests">
              {view.requests.map((request) => (
                <li key={request.username} className={css.person} data-username={request.username}>
                  <Link className={css.personName} to={localePath(lang, `p/${request.username}`)}>
                    {request.displayName}
                  </Link>
                  {view.open ? (
                    <DecisionButtons
                      action={action}
                      returnTo={page}
                      username={request.username}
                      decisions={["accept", "reject", "refuse"]}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <div className={css.actions}>
            {view.requestCount > view.requests.length ? (
              <Link className={css.tapLink} to={`${attendees}?list=requests`}>
                {t("events_attendance.all_requests")}
              </Link>
            ) : null}
            <Link className={css.tapLink} to={attendees} data-testid="attendees-link">
              {t("events_attendance.to_attendees")}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p data-testid="attendance-state" data-state={view.state}>
            {t(`events_attendance.state.${view.state}`)}
          </p>
          {!view.open ? (
            <p className={ui.muted}>{t("events_attendance.closed")}</p>
          ) : (
            <div className={css.actions}>
              {CHOICES[view.state].map((choice) =>
                choice === "attend" && view.full ? (
                  <p key={choice} className={ui.muted}>
                    {t("events_attendance.full")}
                  </p>
                ) : (
                  <ChoiceButton key={choice} action={action} returnTo={page} choice={choice} primary={choice === "attend"} />
                ),
              )}
            </div>
          )}
          <Link className={css.tapLink} to={attendees} data-testid="attendees-link">
            {t("events_attendance.to_attendees")}
          </Link>
        </>
      )}
    </section>
  );
}

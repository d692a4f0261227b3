/**
 * Event attendance (issue 29 item 1; spec sections 3 "Event" attendance 1 attend, 2 absent, 3 rejected by organizer;
 * 4 "Events: attend, change attendance, accept or reject organizer request, refuse user"; 9 attendees page size 20;
 * ADR 100).
 *
 * A member asks to attend an accepted, upcoming event (attend, `accepted_at` null: a request); the organizer accepts
 * (`accepted_at` set: an attendee, counted in `events.attendee_count`, never beyond `max_attendees`) or rejects it
 * (rejected by organizer), and may refuse the member (`refused`): no new request for that event. A member may say
 * they will not come (absent) and change their mind while the event is upcoming; a new "attend" is a new request.
 */
import * as v from "valibot";
import { EVENT_ATTENDANCE, EVENT_ATTENDEES_PAGE_SIZE } from "./events";
import { pageQueryParamUpTo } from "./paging";

/** What the member says: come (a request to the organizer) or not come. */
export const ATTENDANCE_CHOICES = ["attend", "absent"] as const;
export type AttendanceChoice = (typeof ATTENDANCE_CHOICES)[number];

/** The organizer's decisions on a member's attendance. */
export const ATTENDANCE_DECISIONS = ["accept", "reject", "refuse"] as const;
export type AttendanceDecision = (typeof ATTENDANCE_DECISIONS)[number];

/**
 * A member's state for one event, as both tiers name it: derived from the row (status, accepted_at, refused), never
 * stored apart. `none`: no row.
 */
export const ATTENDANCE_STATES = ["none", "requested", "accepted", "absent", "rejected", "refused"] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];

export function attendanceStateOf(row: { status: number; accepted_at: number | null; refused: number } | undefined): AttendanceState {
  if (!row) return "none";
  if (row.refused === 1) return "refused";
  if (row.status === EVENT_ATTENDANCE.attend) return row.accepted_at === null ? "requested" : "accepted";
  if (row.status === EVENT_ATTENDANCE.absent) return "absent";
  return "rejected";
}

/** The two lists of the attendees page: accepted attendees (members) and waiting requests (the organizer only). */
export const ATTENDEE_LISTS = ["attendees", "requests"] as const;
export type AttendeeList = (typeof ATTENDEE_LISTS)[number];

/** Pages beyond this name nothing (a large offset costs the database for no one). */
export const ATTENDEES_MAX_PAGE = 500;
export { EVENT_ATTENDEES_PAGE_SIZE };

/** An event's slug in a path: what the events' slugs are made of (lower-case words and digits joined by "-"). */
export const EVENT_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,159}$/;

export const ATTENDANCE_ERRORS = {
  /** Unknown event, one not shown to the member (pending, rejected, a block between them): the same 404. */
  notFound: "exception.events_attendance.event_not_found",
  /** Unknown member on the organizer's list, or one with no attendance for this event. */
  attendeeNotFound: "exception.events_attendance.not_found",
  /** The organizer's own event: they run it, they do not attend it. */
  ownEvent: "exception.events_attendance.own_event",
  /** Only the event's organizer decides on and lists requests. */
  notOrganizer: "exception.events_attendance.not_organizer",
  /** The organizer refused this member: no new request. */
  refused: "exception.events_attendance.refused",
  /** Cancelled events take no attendance. */
  cancelled: "exception.events_attendance.cancelled",
  /** The event has started (or ended): attendance is settled. */
  started: "exception.events_attendance.started",
  /** max_attendees accepted already. */
  full: "exception.events_attendance.full",
  /** The decision does not fit the member's state (accepting someone who is not waiting). */
  notWaiting: "exception.events_attendance.not_waiting",
} as const;

/** POST /events/{slug}/attendance: the member's choice. */
export const attendanceChoiceSchema = v.strictObject(
  { attendance: v.picklist(ATTENDANCE_CHOICES, "validation.events_attendance.choice") },
  "validation.invalid",
);
export type AttendanceChoiceInput = v.InferOutput<typeof attendanceChoiceSchema>;

/** POST /events/{slug}/attendees/{username}: the organizer's decision. */
export const attendanceDecisionSchema = v.strictObject(
  { decision: v.picklist(ATTENDANCE_DECISIONS, "validation.events_attendance.decision") },
  "validation.invalid",
);
export type AttendanceDecisionInput = v.InferOutput<typeof attendanceDecisionSchema>;

/** GET /events/{slug}/attendees: which list, which page. */
export const attendeesQuerySchema = v.strictObject(
  {
    list: v.optional(v.picklist(ATTENDEE_LISTS, "validation.invalid"), "attendees"),
    page: pageQueryParamUpTo(ATTENDEES_MAX_PAGE),
  },
  "validation.invalid",
);
export type AttendeesQuery = v.InferOutput<typeof attendeesQuerySchema>;

/** A member on an attendance list. */
export interface EventAttendee {
  username: string;
  display_name: string;
  state: AttendanceState;
  /** When they asked (or last changed their answer). */
  requested_at: number;
  accepted_at: number | null;
}

/** GET /events/{slug}/attendance: what the event page's attendance section shows this viewer. */
export interface EventAttendanceView {
  event_id: number;
  slug: string;
  /** The event's category and title: the web tier checks its address and names it. */
  category: string;
  title: string;
  attendee_count: number;
  max_attendees: number | null;
  /** The viewer's part: guest (signed out), organizer or member. */
  role: "guest" | "organizer" | "member";
  /** The viewer's own state (members only; "none" for guests and the organizer). */
  state: AttendanceState;
  /** Whether the event still takes attendance (accepted and not started). */
  open: boolean;
  /** Whether every place is taken (a new request is refused). */
  full: boolean;
  /** The organizer's waiting requests, oldest first, at most a page (empty for everybody else). */
  requests: EventAttendee[];
  /** All waiting requests (the organizer's count; 0 for everybody else). */
  request_count: number;
}

/** GET /events/{slug}/attendees: one page of a list. */
export interface EventAttendeeList {
  event_id: number;
  list: AttendeeList;
  items: EventAttendee[];
  page: number;
  page_size: number;
  total: number;
}

/** The answer to the member's choice and to the organizer's decision: the member's state and the event's count. */
export interface EventAttendanceChange {
  event_id: number;
  username: string;
  state: AttendanceState;
  attendee_count: number;
}

export interface EventsAttendanceBodies {
  EventAttendanceView: EventAttendanceView;
  EventAttendeeList: EventAttendeeList;
  EventAttendanceChange: EventAttendanceChange;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends EventsAttendanceBodies {}
}

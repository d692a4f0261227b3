/**
 * Event attendance (issue 29 item 1, ADR 100; contract/events-attendance). A member asks to attend an accepted,
 * upcoming event; the organizer accepts or rejects the request and may refuse the member for good. The member may say
 * they will not come (absent) and change their mind until the event starts; every new "attend" is a new request.
 *
 * `events.attendee_count` is recounted from the rows in the same transaction as every change (one statement), so it
 * cannot drift. Accepting counts against `max_attendees`; on PostgreSQL the event's attendance changes run one after
 * another under an advisory lock keyed by the event (LOCK_SPACES.eventAttendance, ADR 058), so two accepts at once
 * never pass the last place twice; SQLite runs one writer at a time.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { EVENT_ATTENDANCE, EVENT_ATTENDEES_PAGE_SIZE, EVENT_STATUS } from "../../contract/events";
import {
  ATTENDANCE_ERRORS,
  EVENT_SLUG_PATTERN,
  attendanceStateOf,
  type AttendanceChoice,
  type AttendanceDecision,
  type AttendanceState,
  type AttendeeList,
  type EventAttendanceChange,
  type EventAttendanceView,
  type EventAttendee,
  type EventAttendeeList,
} from "../../contract/events-attendance";
import { lockEventAttendance } from "../../db/locks";
import type { Database } from "../../db/schema";
import { findOwner, isBlockedBetween, memberNamesOf, notBlockedWith } from "../access/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import type { EventsTable } from "./schema";

/** The columns attendance and reviews read of an event. */
export type AttendedEvent = Pick<
  EventsTable,
  "organizer_id" | "category" | "slug" | "title" | "status" | "starts_at" | "ends_at" | "time_zone" | "max_attendees"
> & { id: number; attendee_count: number };

const EVENT_COLUMNS = [
  "events.id",
  "events.organizer_id",
  "events.category",
  "events.slug",
  "events.title",
  "events.status",
  "events.starts_at",
  "events.ends_at",
  "events.time_zone",
  "events.max_attendees",
  "events.attendee_count",
] as const;

const eventNotFound = () => fail.notFound(ATTENDANCE_ERRORS.notFound);

/**
 * The event behind a slug as this viewer may see it, else 404: the organizer sees their own in every status; anyone
 * else an accepted or cancelled one whose organizer's account is active and with no block between them (the access
 * kernel's block rule: blocked members do not see each other's events).
 */
export async function eventForViewer(deps: ApiDeps, viewerId: number | null, slug: string): Promise<AttendedEvent> {
  if (!EVENT_SLUG_PATTERN.test(slug)) throw eventNotFound();
  const row = await deps.db
    .selectFrom("events")
    .innerJoin("users", "users.id", "events.organizer_id")
    .select([...EVENT_COLUMNS, "users.status as organizer_status"])
    .where("events.slug", "=", slug)
    .executeTakeFirst();
  if (!row) throw eventNotFound();
  const { organizer_status, ...event } = row;
  if (viewerId === event.organizer_id) return event;
  const shown = event.status === EVENT_STATUS.accepted || event.status === EVENT_STATUS.cancelled;
  if (!shown || organizer_status !== "active") throw eventNotFound();
  if (viewerId !== null && (await isBlockedBetween(deps, viewerId, event.organizer_id))) throw eventNotFound();
  return event;
}

/** Whether the event still takes attendance: accepted and not yet started. */
const isOpen = (event: AttendedEvent, now: number) => event.status === EVENT_STATUS.accepted && event.starts_at > now;
const isFull = (event: Pick<AttendedEvent, "max_attendees" | "attendee_count">) =>
  event.max_attendees !== null && event.attendee_count >= event.max_attendees;

/** Why the event takes no attendance now (null: it does). */
function closedReason(event: AttendedEvent, now: number): string | null {
  if (event.status === EVENT_STATUS.cancelled) return ATTENDANCE_ERRORS.cancelled;
  if (event.status !== EVENT_STATUS.accepted) return ATTENDANCE_ERRORS.notFound;
  if (event.starts_at <= now) return ATTENDANCE_ERRORS.started;
  return null;
}

type AttendanceRow = {
  user_id: number;
  status: number;
  accepted_at: number | null;
  refused: number;
  created_at: number;
  updated_at: number;
};

async function attendanceOf(db: Kysely<Database>, eventId: number, userId: number): Promise<AttendanceRow | undefined> {
  return db
    .selectFrom("event_attendances")
    .select(["user_id", "status", "accepted_at", "refused", "created_at", "updated_at"])
    .where("event_id", "=", eventId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Recounts the accepted attendees into `events.attendee_count` and answers the count. */
async function recount(trx: Transaction<Database>, eventId: number): Promise<number> {
  await trx
    .updateTable("events")
    .set({
      attendee_count: sql<number>`(select count(*) from event_attendances where event_id = ${eventId} and status = ${EVENT_ATTENDANCE.attend} and accepted_at is not null)`,
    })
    .where("id", "=", eventId)
    .execute();
  const row = await trx.selectFrom("events").select("attendee_count").where("id", "=", eventId).executeTakeFirstOrThrow();
  return Number(row.attendee_count);
}

/** The event's path after the language, where notifications lead. */
const eventUrl = (event: Pick<AttendedEvent, "category" | "slug">) => `events/${event.category}/${event.slug}`;

// ── reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

async function attendeesPage(
  db: Kysely<Database>,
  viewerId: number | null,
  eventId: number,
  list: AttendeeList,
  page: number,
): Promise<{ items: EventAttendee[]; total: number }> {
  let base = db
    .selectFrom("event_attendances")
    .innerJoin("users", "users.id", "event_attendances.user_id")
    .where("event_attendances.event_id", "=", eventId)
    .where("event_attendances.status", "=", EVENT_ATTENDANCE.attend)
    .where("users.status", "=", "active")
    .where("event_attendances.accepted_at", list === "requests" ? "is" : "is not", null);
  // Blocked members do not see each other (the organizer's requests included: a block ends the pair's business).
  if (viewerId !== null) base = base.where((eb) => notBlockedWith(eb, viewerId));
  const [rows, total] = await Promise.all([
    base
      .select([
        "event_attendances.user_id",
        "event_attendances.status",
        "event_attendances.accepted_at",
        "event_attendances.refused",
        "event_attendances.updated_at",
      ])
      .orderBy(list === "requests" ? "event_attendances.updated_at" : "event_attendances.accepted_at")
      .orderBy("event_attendances.user_id")
      .limit(EVENT_ATTENDEES_PAGE_SIZE)
      .offset((page - 1) * EVENT_ATTENDEES_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const names = await memberNamesOf(
    db,
    rows.map((row) => row.user_id),
  );
  return {
    items: rows.map((row) => ({
      username: names.get(row.user_id)!.username,
      display_name: names.get(row.user_id)!.display_name,
      state: attendanceStateOf(row),
      requested_at: row.updated_at,
      accepted_at: row.accepted_at,
    })),
    total: Number(total.n),
  };
}

/** GET /events/{slug}/attendance: the event page's attendance section for this viewer. */
export async function attendanceView(deps: ApiDeps, user: AuthUser | null, slug: string): Promise<EventAttendanceView> {
  const viewerId = user?.id ?? null;
  const event = await eventForViewer(deps, viewerId, slug);
  const role = viewerId === null ? "guest" : viewerId === event.organizer_id ? "organizer" : "member";
  const state: AttendanceState = role === "member" ? attendanceStateOf(await attendanceOf(deps.db, event.id, viewerId!)) : "none";
  const requests = role === "organizer" ? await attendeesPage(deps.db, viewerId, event.id, "requests", 1) : { items: [], total: 0 };
  return {
    event_id: event.id,
    slug: event.slug,
    category: event.category,
    title: event.title,
    attendee_count: event.attendee_count,
    max_attendees: event.max_attendees,
    role,
    state,
    open: isOpen(event, deps.clock.now()),
    full: isFull(event),
    requests: requests.items,
    request_count: requests.total,
  };
}

/**
 * GET /events/{slug}/attendees: accepted attendees for signed-in members who see the event; the waiting requests for
 * its organizer only (403 for anyone else).
 */
export async function attendeeList(
  deps: ApiDeps,
  viewerId: number,
  slug: string,
  list: AttendeeList,
  page: number,
): Promise<EventAttendeeList> {
  const event = await eventForViewer(deps, viewerId, slug);
  if (list === "requests" && viewerId !== event.organizer_id) throw fail.forbidden(ATTENDANCE_ERRORS.notOrganizer);
  const { items, total } = await attendeesPage(deps.db, viewerId, event.id, list, page);
  return { event_id: event.id, list, items, page, page_size: EVENT_ATTENDEES_PAGE_SIZE, total };
}

// ── the member's choice ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /events/{slug}/attendance: attend (a request to the organizer; answered as it stands when the member is
 * waiting or accepted already) or absent (a place given back). Refused: the organizer's own event (403), a member
 * the organizer refused (403), a cancelled or started event (409), "attend" while every place is taken (409).
 */
export async function chooseAttendance(
  deps: ApiDeps,
  userId: number,
  slug: string,
  choice: AttendanceChoice,
): Promise<EventAttendanceChange> {
  const found = await eventForViewer(deps, userId, slug);
  if (found.organizer_id === userId) throw fail.forbidden(ATTENDANCE_ERRORS.ownEvent);
  const me = await findOwner(deps.db, { id: userId });
  if (!me) throw fail.unauthorized();
  const now = deps.clock.now();
  let hints: NotificationHints = [];
  const answer = await deps.db.transaction().execute(async (trx) => {
    await lockEventAttendance(trx, deps.dialect, found.id);
    // Read again under the lock: the event may have changed, the place been taken since.
    const event = await eventInTransaction(trx, found.id);
    const reason = closedReason(event, now);
    if (reason === ATTENDANCE_ERRORS.notFound) throw eventNotFound();
    if (reason !== null) throw fail.conflict(reason);
    const row = await attendanceOf(trx, event.id, userId);
    const before = attendanceStateOf(row);
    if (before === "refused") throw fail.forbidden(ATTENDANCE_ERRORS.refused);
    const unchanged = choice === "attend" ? before === "requested" || before === "accepted" : before === "absent";
    if (unchanged) return { state: before, count: event.attendee_count };
    if (choice === "attend" && isFull(event)) throw fail.conflict(ATTENDANCE_ERRORS.full);
    const status = choice === "attend" ? EVENT_ATTENDANCE.attend : EVENT_ATTENDANCE.absent;
    await trx
      .insertInto("event_attendances")
      .values({ event_id: event.id, user_id: userId, status, accepted_at: null, refused: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["event_id", "user_id"]).doUpdateSet({ status, accepted_at: null, updated_at: now }))
      .execute();
    const count = before === "accepted" ? await recount(trx, event.id) : event.attendee_count;
    if (choice === "attend")
      hints = await notify(deps, trx, {
        userId: event.organizer_id,
        event: "event_attendance_request",
        actorId: userId,
        subject: { type: "event", id: event.id },
        params: { title: event.title },
        url: `${eventUrl(event)}/attendees?list=requests`,
      });
    return { state: attendanceStateOf({ status, accepted_at: null, refused: 0 }), count };
  });
  await publishNotificationHints(deps, hints);
  return { event_id: found.id, username: me.username, state: answer.state, attendee_count: answer.count };
}

async function eventInTransaction(trx: Transaction<Database>, id: number): Promise<AttendedEvent> {
  const row = await trx.selectFrom("events").select(EVENT_COLUMNS).where("events.id", "=", id).executeTakeFirst();
  if (!row) throw eventNotFound();
  return { ...row, attendee_count: Number(row.attendee_count) };
}

// ── the organizer's decision ────────────────────────────────────────────────────────────────────────────────────

/** Which states each decision applies to: accept and reject a waiting request (reject also an attendee); refuse anyone. */
const DECIDABLE: Record<AttendanceDecision, readonly AttendanceState[]> = {
  accept: ["requested"],
  reject: ["requested", "accepted"],
  refuse: ["requested", "accepted", "absent", "rejected"],
};

/**
 * POST /events/{slug}/attendees/{username}: the organizer accepts a waiting request (409 full at max_attendees),
 * rejects a request or an attendee, or refuses the member (rejected, and no new request). Only the organizer (403),
 * while the event is accepted and not started (409); the member is told in the bell either way.
 */
export async function decideAttendance(
  deps: ApiDeps,
  organizerId: number,
  slug: string,
  username: string,
  decision: AttendanceDecision,
): Promise<EventAttendanceChange> {
  const found = await eventForViewer(deps, organizerId, slug);
  if (found.organizer_id !== organizerId) throw fail.forbidden(ATTENDANCE_ERRORS.notOrganizer);
  const member = await findOwner(deps.db, { username });
  if (!member) throw fail.notFound(ATTENDANCE_ERRORS.attendeeNotFound);
  const now = deps.clock.now();
  let hints: NotificationHints = [];
  const answer = await deps.db.transaction().execute(async (trx) => {
    await lockEventAttendance(trx, deps.dialect, found.id);
    const event = await eventInTransaction(trx, found.id);
    const reason = closedReason(event, now);
    if (reason !== null) throw fail.conflict(reason === ATTENDANCE_ERRORS.notFound ? ATTENDANCE_ERRORS.notWaiting : reason);
    const row = await attendanceOf(trx, event.id, member.id);
    if (!row) throw fail.notFound(ATTENDANCE_ERRORS.attendeeNotFound);
    const before = attendanceStateOf(row);
    if (!DECIDABLE[decision].includes(before)) throw fail.conflict(ATTENDANCE_ERRORS.notWaiting);
    if (decision === "accept" && isFull(event)) throw fail.conflict(ATTENDANCE_ERRORS.full);
    const change =
      decision === "accept"
        ? { accepted_at: now }
        : { status: EVENT_ATTENDANCE.rejected_by_organizer, accepted_at: null, ...(decision === "refuse" ? { refused: 1 } : {}) };
    await trx
      .updateTable("event_attendances")
      .set({ ...change, updated_at: now })
      .where("event_id", "=", event.id)
      .where("user_id", "=", member.id)
      .execute();
    const count = await recount(trx, event.id);
    // Only a member who asked hears of it: refusing someone who had said "absent" tells them nothing new.
    if (before === "requested" || before === "accepted")
      hints = await notify(deps, trx, {
        userId: member.id,
        event: decision === "accept" ? "event_attendance_accepted" : "event_attendance_rejected",
        actorId: organizerId,
        subject: { type: "event", id: event.id },
        params: { title: event.title },
        url: eventUrl(event),
      });
    const after = await attendanceOf(trx, event.id, member.id);
    return { state: attendanceStateOf(after), count };
  });
  await publishNotificationHints(deps, hints);
  return { event_id: found.id, username: member.username, state: answer.state, attendee_count: answer.count };
}

/** Whether the member is an accepted attendee of the event (reviews ask this). */
export async function isAcceptedAttendee(db: Kysely<Database>, eventId: number, userId: number): Promise<boolean> {
  return attendanceStateOf(await attendanceOf(db, eventId, userId)) === "accepted";
}

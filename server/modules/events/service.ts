/**
 * Events (issue 29 items 1, 6, 7; ADR 099): clients, escorts and businesses organize events; every new or edited
 * event waits in the team's queue (pending) until it is accepted or rejected with a reason; the organizer may cancel
 * it, which tells every attendee. Who sees an event: its organizer and staff always; everyone else only an accepted
 * or cancelled one of an organizer they may browse (listed, members-only profiles not for guests, no block).
 *
 * Times arrive as the wall clock at the place and are stored as instants (epoch ms); the place's zone is kept with
 * the event so every page shows them as they are there. The slug follows the title until the team first accepted the
 * event; from then on category and slug — its address — stay.
 */
import { recordAudit } from "../audit/index";
import { requireStaffPermission } from "../access/index";
import type { Kysely, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser, ReportedObject } from "../../api/types";
import { wallTimeIn } from "../../contract/calendar";
import {
  EVENT_ATTENDANCE,
  EVENT_ERRORS,
  EVENT_LIST_PAGE_SIZE,
  EVENT_MAX_DAYS_AHEAD,
  EVENT_MAX_DURATION_HOURS,
  EVENT_ORGANIZER_TYPES,
  EVENT_QUEUE_PAGE_SIZE,
  EVENT_SLUG_MAX,
  EVENT_STATUS,
  eventInstantOf,
  eventPathAfterLang,
  eventStatusName,
  eventTimeZoneOf,
  type EventCategory,
  type EventCoverChoices,
  type EventDecision,
  type EventDetail,
  type EventInputOutput,
  type EventOrganizer,
  type EventQueue,
  type EventStatus,
  type MyEventList,
  type MyEventsFilter,
  type OwnEventRow,
} from "../../contract/events";
import { MEDIA_KIND, MEDIA_STATUS, type MediaImage } from "../../contract/media";
import { isStaffUserType, type RejectionReason } from "../../contract/moderation";
import type { ErrorItem } from "../../contract/errors";
import { slugify } from "../../db/geo/slug";
import type { Database } from "../../db/schema";
import {
  assertMayAct,
  findOwner,
  isBlockedBetween,
  isListedOwner,
  viewerContext,
  type NamedOwner,
  type ViewerContext,
} from "../access/index";
import { resolveProfileCity } from "../geo/index";
import { mediaImageOf } from "../media/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { recordQueueDecisionStatement } from "../statements/index";
import type { EventsTable } from "./schema";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Organizer accounts that no longer exist for anybody: their events are gone too. */
const GONE_STATUSES = ["deleted", "banned"] as const;

type EventRow = Omit<EventsTable, "id" | "address" | "price" | "attendee_count"> & {
  id: number;
  address: string;
  price: number;
  attendee_count: number;
};

const EVENT_COLUMNS = [
  "events.id",
  "events.organizer_id",
  "events.category",
  "events.slug",
  "events.title",
  "events.description",
  "events.status",
  "events.rejection_reason",
  "events.starts_at",
  "events.ends_at",
  "events.time_zone",
  "events.city_id",
  "events.city_slug",
  "events.city_name",
  "events.country_code",
  "events.lat",
  "events.lon",
  "events.address",
  "events.price",
  "events.max_attendees",
  "events.cover_media_id",
  "events.attendee_count",
  "events.created_at",
  "events.updated_at",
  "events.decided_at",
  "events.cancelled_at",
  "events.submitted_at",
  "events.first_accepted_at",
] as const;

const notFound = () => fail.notFound(EVENT_ERRORS.notFound);

/** PostgreSQL returns bigint columns as strings: every time becomes a number here. */
function rowOf(raw: Record<string, unknown>): EventRow {
  const row = raw as unknown as EventRow;
  return {
    ...row,
    starts_at: Number(row.starts_at),
    ends_at: Number(row.ends_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    submitted_at: Number(row.submitted_at),
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
    cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
    first_accepted_at: row.first_accepted_at === null ? null : Number(row.first_accepted_at),
    lat: Number(row.lat),
    lon: Number(row.lon),
  };
}

async function eventById(db: Kysely<Database>, id: number): Promise<EventRow | undefined> {
  const row = await db.selectFrom("events").select(EVENT_COLUMNS).where("events.id", "=", id).executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

async function organizersOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, EventOrganizer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.id", "users.username", "users.user_type", "profiles.display_name"])
    .where("users.id", "in", [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { user_id: row.id, username: row.username, display_name: row.display_name ?? row.username, user_type: row.user_type },
    ]),
  );
}

// ── the cover: a photo anyone may open ──────────────────────────────────────────────────────────────────────────

/** What a cover may be: an accepted, public, open (not paid, not fans-only), published photo of the organizer. */
function coverQuery(db: Kysely<Database>, organizerId: number, now: number) {
  return db
    .selectFrom("media")
    .where("media.user_id", "=", organizerId)
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .where("media.kind", "=", MEDIA_KIND.photo)
    .where("media.visibility", "=", "public")
    .where("media.access", "=", "open")
    .where((eb) => eb.or([eb("media.publish_at", "is", null), eb("media.publish_at", "<=", now)]));
}

const IMAGE_COLUMNS = ["media.id", "media.public_id", "media.width", "media.height", "media.variant_widths"] as const;

/** The covers of these events that are still a photo anyone may open (a cover made private since shows none). */
async function coversOf(deps: ApiDeps, rows: readonly EventRow[]): Promise<Map<number, MediaImage>> {
  const wanted = rows.filter((row) => row.cover_media_id !== null);
  const covers = new Map<number, MediaImage>();
  const now = deps.clock.now();
  for (const row of wanted) {
    const medium = await coverQuery(deps.db, row.organizer_id, now)
      .select([...IMAGE_COLUMNS])
      .where("media.id", "=", row.cover_media_id!)
      .executeTakeFirst();
    if (medium) covers.set(row.id, mediaImageOf(medium));
  }
  return covers;
}

/** GET /events/my/media. */
export async function coverChoices(deps: ApiDeps, userId: number): Promise<EventCoverChoices> {
  await organizerViewer(deps, userId);
  const rows = await coverQuery(deps.db, userId, deps.clock.now())
    .select([...IMAGE_COLUMNS])
    .orderBy("media.position")
    .orderBy("media.id")
    .execute();
  return { items: rows.map((row) => ({ id: row.id, image: mediaImageOf(row) })) };
}

// ── who may see and do what ─────────────────────────────────────────────────────────────────────────────────────

async function organizerViewer(deps: ApiDeps, userId: number): Promise<ViewerContext> {
  const viewer = await viewerContext(deps, { id: userId });
  if (viewer.id === null || !EVENT_ORGANIZER_TYPES.includes(viewer.userType)) throw fail.forbidden(EVENT_ERRORS.organizersOnly);
  return viewer;
}

const isStaff = (viewer: ViewerContext) => viewer.id !== null && isStaffUserType(viewer.userType);

/** An event others may see: accepted by the team, or cancelled after (its page says so). */
const isPublicStatus = (status: number) => status === EVENT_STATUS.accepted || status === EVENT_STATUS.cancelled;

/** Whether the viewer may see this organizer's events: a listed profile, members-only not for guests, no block. */
async function mayBrowseOrganizer(deps: ApiDeps, viewer: ViewerContext, owner: NamedOwner): Promise<boolean> {
  if (!isListedOwner(owner)) return false;
  if (viewer.id === null) return owner.members_only !== 1;
  return !(await isBlockedBetween(deps, viewer.id, owner.id));
}

/** The organizer may still change it: not cancelled and not over. */
const isEditable = (row: EventRow, now: number) => row.status !== EVENT_STATUS.cancelled && row.ends_at > now;
/** The organizer may still call it off: waiting or accepted, and not over. */
const isCancellable = (row: EventRow, now: number) =>
  (row.status === EVENT_STATUS.pending || row.status === EVENT_STATUS.accepted) && row.ends_at > now;

/** The event as this viewer may see it, or 404 (another member's pending event answers like a missing one). */
async function visibleEvent(deps: ApiDeps, viewer: ViewerContext, row: EventRow | undefined): Promise<EventRow> {
  if (!row) throw notFound();
  const owner = await findOwner(deps.db, { id: row.organizer_id });
  if (!owner || (GONE_STATUSES as readonly string[]).includes(owner.status)) throw notFound();
  if (viewer.id === row.organizer_id || isStaff(viewer)) return row;
  if (!isPublicStatus(row.status) || !(await mayBrowseOrganizer(deps, viewer, owner))) throw notFound();
  return row;
}

async function detailOf(deps: ApiDeps, viewer: ViewerContext, row: EventRow): Promise<EventDetail> {
  const [organizers, covers] = await Promise.all([organizersOf(deps.db, [row.organizer_id]), coversOf(deps, [row])]);
  const now = deps.clock.now();
  const isOrganizer = viewer.id === row.organizer_id;
  const insider = isOrganizer || isStaff(viewer);
  return {
    id: row.id,
    category: row.category as EventCategory,
    slug: row.slug,
    title: row.title,
    description: row.description,
    status: row.status as EventStatus,
    status_name: eventStatusName(row.status),
    rejection_reason: insider ? ((row.rejection_reason as RejectionReason | null) ?? null) : null,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    time_zone: row.time_zone,
    starts_local: wallTimeIn(row.time_zone, row.starts_at),
    ends_local: wallTimeIn(row.time_zone, row.ends_at),
    place: {
      city_id: row.city_id,
      city_name: row.city_name,
      city_slug: row.city_slug,
      country_code: row.country_code,
      lat: row.lat,
      lon: row.lon,
      address: row.address,
    },
    price: row.price,
    max_attendees: row.max_attendees,
    attendee_count: row.attendee_count,
    cover_media_id: insider ? row.cover_media_id : covers.has(row.id) ? row.cover_media_id : null,
    cover: covers.get(row.id) ?? null,
    organizer: organizers.get(row.organizer_id)!,
    created_at: row.created_at,
    updated_at: row.updated_at,
    address_fixed: row.first_accepted_at !== null,
    viewer: {
      is_organizer: isOrganizer,
      is_staff: isStaff(viewer),
      may_edit: isOrganizer && isEditable(row, now),
      may_cancel: isOrganizer && isCancellable(row, now),
    },
  };
}

/** GET /events/detail/{category}/{slug}: the detail page's event. */
export async function eventDetail(deps: ApiDeps, user: AuthUser | null, category: string, slug: string): Promise<EventDetail> {
  const viewer = await viewerContext(deps, user);
  const raw = await deps.db.selectFrom("events").select(EVENT_COLUMNS).where("events.slug", "=", slug).executeTakeFirst();
  const row = raw && raw.category === category ? rowOf(raw) : undefined;
  return detailOf(deps, viewer, await visibleEvent(deps, viewer, row));
}

/** The report kind "event" (reports module): an event the reporter may see, and its organizer. */
export async function findReportedEvent(deps: ApiDeps, eventId: number, reporterId: number | null): Promise<ReportedObject | null> {
  const viewer = await viewerContext(deps, reporterId === null ? null : { id: reporterId });
  try {
    const row = await visibleEvent(deps, viewer, await eventById(deps.db, eventId));
    return { objectId: row.id, targetUserId: row.organizer_id };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// ── create and edit ─────────────────────────────────────────────────────────────────────────────────────────────

interface CheckedInput {
  startsAt: number;
  endsAt: number;
  timeZone: string;
  city: Awaited<ReturnType<typeof resolveProfileCity>>;
  cover: number | null;
  maxAttendees: number | null;
}

/**
 * The rules that need the database or the clock (the schema checked shapes and lengths): the place, the times at
 * that place, the cover. Every refused field is answered at once, each at its field.
 */
async function checkedInput(deps: ApiDeps, organizerId: number, input: EventInputOutput, startsMayBePast: boolean): Promise<CheckedInput> {
  const issues: ErrorItem[] = [];
  const refuse = (key: string, field: string) => issues.push(errorItem(400, key, field));
  let city: CheckedInput["city"] | null = null;
  try {
    city = await resolveProfileCity(deps, input);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    issues.push(...error.items);
  }
  const timeZone = city ? eventTimeZoneOf(city.country_code, city.region_code) : eventTimeZoneOf("");
  const now = deps.clock.now();
  const startsAt = eventInstantOf(timeZone, input.starts_at)!;
  const endsAt = eventInstantOf(timeZone, input.ends_at)!;
  // A wall time the clock skips at the spring change does not exist there.
  if (wallTimeIn(timeZone, startsAt) !== input.starts_at) refuse(EVENT_ERRORS.timeSkipped, "starts_at");
  else if (startsAt <= now && !startsMayBePast) refuse(EVENT_ERRORS.inThePast, "starts_at");
  else if (startsAt > now + EVENT_MAX_DAYS_AHEAD * DAY_MS) refuse(EVENT_ERRORS.tooFarAhead, "starts_at");
  if (wallTimeIn(timeZone, endsAt) !== input.ends_at) refuse(EVENT_ERRORS.timeSkipped, "ends_at");
  else if (endsAt <= startsAt) refuse(EVENT_ERRORS.endBeforeStart, "ends_at");
  else if (endsAt - startsAt > EVENT_MAX_DURATION_HOURS * HOUR_MS) refuse(EVENT_ERRORS.tooLong, "ends_at");
  else if (endsAt <= now) refuse(EVENT_ERRORS.inThePast, "ends_at");
  const cover = input.cover_media_id === null || input.cover_media_id === "" ? null : input.cover_media_id;
  if (cover !== null) {
    const found = await coverQuery(deps.db, organizerId, now).select("media.id").where("media.id", "=", cover).executeTakeFirst();
    if (!found) refuse(EVENT_ERRORS.cover, "cover_media_id");
  }
  if (issues.length > 0 || !city) throw new ApiError(400, issues);
  const maxAttendees = input.max_attendees === null || input.max_attendees === "" || input.max_attendees === 0 ? null : input.max_attendees;
  return { startsAt, endsAt, timeZone, city, cover, maxAttendees };
}

/** The title's slug (ASCII words), without the suffix that keeps it unique. */
function baseSlugOf(title: string): string {
  const slug = slugify(title).slice(0, EVENT_SLUG_MAX).replace(/-+$/, "");
  return slug === "" ? "event" : slug;
}

/** The first free slug of the title's base ("party", "party-2", …); `except` keeps an event's own. */
async function freeSlug(db: Kysely<Database>, title: string, except: number | null): Promise<string> {
  const base = baseSlugOf(title);
  let query = db
    .selectFrom("events")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (except !== null) query = query.where("id", "!=", except);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Tries `write` with a free slug; two events of one title at once: the second takes the next number. */
async function withFreeSlug<T>(
  db: Kysely<Database>,
  title: string,
  except: number | null,
  write: (slug: string) => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await write(await freeSlug(db, title, except));
    if (result !== undefined) return result;
  }
  throw new ApiError(409, [errorItem(409, EVENT_ERRORS.busy)]);
}

/** POST /events (action "create"): a new event, pending until the team decides. */
export async function createEvent(deps: ApiDeps, userId: number, input: EventInputOutput): Promise<EventDetail> {
  const viewer = await organizerViewer(deps, userId);
  assertMayAct(viewer, "post");
  const checked = await checkedInput(deps, userId, input, false);
  const now = deps.clock.now();
  const id = await withFreeSlug(deps.db, input.title, null, async (slug) => {
    const row = await deps.db
      .insertInto("events")
      .values({
        organizer_id: userId,
        category: input.category,
        slug,
        title: input.title,
        description: input.description,
        status: EVENT_STATUS.pending,
        starts_at: checked.startsAt,
        ends_at: checked.endsAt,
        time_zone: checked.timeZone,
        city_id: checked.city.id,
        city_slug: checked.city.slug,
        city_name: checked.city.name,
        country_code: checked.city.country_code,
        lat: checked.city.lat,
        lon: checked.city.lon,
        address: input.address,
        price: input.price,
        max_attendees: checked.maxAttendees,
        cover_media_id: checked.cover,
        created_at: now,
        updated_at: now,
        submitted_at: now,
      })
      .onConflict((oc) => oc.column("slug").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  });
  return detailOf(deps, viewer, (await eventById(deps.db, id))!);
}

/** The organizer's own event, or 404: another member's id answers like a missing one. */
async function ownRow(db: Kysely<Database>, organizerId: number, id: number): Promise<EventRow> {
  const row = await eventById(db, id);
  if (!row || row.organizer_id !== organizerId) throw notFound();
  return row;
}

/**
 * PUT /events/{id}: the whole event again. Any change sends it back to the team (pending; an accepted event leaves
 * the listings until accepted again); saving it unchanged changes nothing. Before the first acceptance the slug
 * follows the title; after it, category and slug stay (links and search engines know the address).
 */
export async function updateEvent(deps: ApiDeps, userId: number, id: number, input: EventInputOutput): Promise<EventDetail> {
  const viewer = await organizerViewer(deps, userId);
  assertMayAct(viewer, "post");
  const row = await ownRow(deps.db, userId, id);
  const now = deps.clock.now();
  if (!isEditable(row, now)) throw fail.conflict(EVENT_ERRORS.notEditable);
  if (row.first_accepted_at !== null && input.category !== row.category) throw fail.badRequest(EVENT_ERRORS.categoryFixed, "category");
  // A running event keeps its start: only its end and texts may still change.
  const checked = await checkedInput(
    deps,
    userId,
    input,
    row.starts_at <= now && wallTimeIn(row.time_zone, row.starts_at) === input.starts_at,
  );
  const next = {
    category: input.category,
    title: input.title,
    description: input.description,
    starts_at: checked.startsAt,
    ends_at: checked.endsAt,
    time_zone: checked.timeZone,
    city_id: checked.city.id,
    city_slug: checked.city.slug,
    city_name: checked.city.name,
    country_code: checked.city.country_code,
    lat: checked.city.lat,
    lon: checked.city.lon,
    address: input.address,
    price: input.price,
    max_attendees: checked.maxAttendees,
    cover_media_id: checked.cover,
  };
  const changed = (Object.keys(next) as Array<keyof typeof next>).some((key) => row[key] !== next[key]);
  if (!changed) return detailOf(deps, viewer, row);
  const keepsSlug = row.first_accepted_at !== null || baseSlugOf(input.title) === baseSlugOf(row.title);
  const back = {
    status: EVENT_STATUS.pending,
    rejection_reason: null,
    decided_at: null,
    // Still waiting: it keeps its place in the queue; decided before: it queues again from now.
    submitted_at: row.status === EVENT_STATUS.pending ? row.submitted_at : now,
    updated_at: now,
  };
  await withFreeSlug(deps.db, input.title, id, async (slug) => {
    try {
      // Guarded by the status read: a cancellation meanwhile wins, this save answers 409.
      const updated = await deps.db
        .updateTable("events")
        .set({ ...next, ...back, slug: keepsSlug ? row.slug : slug })
        .where("id", "=", id)
        .where("status", "=", row.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(EVENT_ERRORS.notEditable);
      return true;
    } catch (error) {
      if (error instanceof ApiError || keepsSlug || !isUniqueViolation(error)) throw error;
      return undefined;
    }
  });
  return detailOf(deps, viewer, (await eventById(deps.db, id))!);
}

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  return err.code === "23505" || /UNIQUE constraint failed/.test(err.message ?? "");
}

// ── cancel ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /events/{id}/cancel (status 3): the event stays readable, marked cancelled; every member whose attendance is
 * "attend" (requested or accepted) is told in the bell, by push and mail (kind "dates": a meeting that will not
 * happen), in the same transaction as the change.
 */
export async function cancelEvent(deps: ApiDeps, userId: number, id: number): Promise<EventDetail> {
  const viewer = await organizerViewer(deps, userId);
  const row = await ownRow(deps.db, userId, id);
  const now = deps.clock.now();
  if (!isCancellable(row, now)) throw fail.conflict(EVENT_ERRORS.notCancellable);
  const hints = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("events")
      .set({ status: EVENT_STATUS.cancelled, cancelled_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "in", [EVENT_STATUS.pending, EVENT_STATUS.accepted])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(EVENT_ERRORS.notCancellable);
    const attendees = await trx
      .selectFrom("event_attendances")
      .select("user_id")
      .where("event_id", "=", id)
      .where("status", "=", EVENT_ATTENDANCE.attend)
      .execute();
    const all: NotificationHints = [];
    for (const { user_id } of attendees)
      all.push(
        ...(await notify(deps, trx, {
          userId: user_id,
          event: "event_cancelled",
          actorId: userId,
          subject: { type: "event", id },
          params: { title: row.title },
          url: eventPathAfterLang(row.category, row.slug),
          dedupeKey: `event_cancelled:${id}`,
        })),
      );
    return all;
  });
  await publishNotificationHints(deps, hints);
  return detailOf(deps, viewer, (await eventById(deps.db, id))!);
}

// ── my_events ───────────────────────────────────────────────────────────────────────────────────────────────────

/** GET /events/my: the organizer's events under one of the spec's filters, 10 a page. */
export async function myEvents(deps: ApiDeps, userId: number, filter: MyEventsFilter, page: number): Promise<MyEventList> {
  const viewer = await viewerContext(deps, { id: userId });
  const now = deps.clock.now();
  let base = deps.db.selectFrom("events").where("events.organizer_id", "=", userId);
  // Upcoming soonest first; everything else newest first.
  let ascending = false;
  switch (filter) {
    case "upcoming":
      base = base.where("events.status", "in", [EVENT_STATUS.pending, EVENT_STATUS.accepted]).where("events.ends_at", ">", now);
      ascending = true;
      break;
    case "past":
      base = base.where("events.status", "in", [EVENT_STATUS.pending, EVENT_STATUS.accepted]).where("events.ends_at", "<=", now);
      break;
    case "rejected-or-cancelled":
      base = base.where("events.status", "in", [EVENT_STATUS.rejected, EVENT_STATUS.cancelled]);
      break;
    case "cancelled":
      base = base.where("events.status", "=", EVENT_STATUS.cancelled);
      break;
    case "all":
      break;
  }
  const direction = ascending ? "asc" : "desc";
  const [rows, total] = await Promise.all([
    base
      .select(EVENT_COLUMNS)
      .orderBy("events.starts_at", direction)
      .orderBy("events.id", direction)
      .limit(EVENT_LIST_PAGE_SIZE)
      .offset((page - 1) * EVENT_LIST_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items: OwnEventRow[] = rows.map((raw) => {
    const row = rowOf(raw);
    return {
      id: row.id,
      category: row.category as EventCategory,
      slug: row.slug,
      title: row.title,
      status: row.status as EventStatus,
      status_name: eventStatusName(row.status),
      rejection_reason: (row.rejection_reason as RejectionReason | null) ?? null,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      time_zone: row.time_zone,
      city_name: row.city_name,
      price: row.price,
      attendee_count: row.attendee_count,
      may_edit: isEditable(row, now),
      may_cancel: isCancellable(row, now),
    };
  });
  return {
    items,
    filter,
    page,
    page_size: EVENT_LIST_PAGE_SIZE,
    total: Number(total.n),
    may_create: viewer.id !== null && EVENT_ORGANIZER_TYPES.includes(viewer.userType),
  };
}

// ── the team's queue ────────────────────────────────────────────────────────────────────────────────────────────

async function assertStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "queues.decide");
}

/** GET /backoffice/events: pending events, oldest submission first. */
export async function eventQueue(deps: ApiDeps, staffId: number, page: number): Promise<EventQueue> {
  await assertStaff(deps, staffId);
  const base = deps.db
    .selectFrom("events")
    .innerJoin("users", "users.id", "events.organizer_id")
    .where("events.status", "=", EVENT_STATUS.pending)
    .where("users.status", "not in", [...GONE_STATUSES]);
  const [raws, total] = await Promise.all([
    base
      .select(EVENT_COLUMNS)
      .orderBy("events.submitted_at")
      .orderBy("events.id")
      .limit(EVENT_QUEUE_PAGE_SIZE)
      .offset((page - 1) * EVENT_QUEUE_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const rows = raws.map(rowOf);
  const [organizers, covers] = await Promise.all([
    organizersOf(
      deps.db,
      rows.map((row) => row.organizer_id),
    ),
    coversOf(deps, rows),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      category: row.category as EventCategory,
      slug: row.slug,
      title: row.title,
      description: row.description,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      time_zone: row.time_zone,
      city_name: row.city_name,
      address: row.address,
      price: row.price,
      submitted_at: row.submitted_at,
      organizer: organizers.get(row.organizer_id)!,
      cover: covers.get(row.id) ?? null,
    })),
    page,
    page_size: EVENT_QUEUE_PAGE_SIZE,
    total: Number(total.n),
  };
}

/**
 * POST /backoffice/events/{id}/accept|reject: the team's decision on a pending event (reason null: accepted). The
 * status guard makes the update the lock: of two moderators one decides, the other gets 409. The organizer is told,
 * with the reason on a rejection (the statement of reasons; my_events shows it translated).
 */
export async function decideEvent(deps: ApiDeps, staffId: number, id: number, reason: RejectionReason | null): Promise<EventDecision> {
  await assertStaff(deps, staffId);
  const status = reason === null ? EVENT_STATUS.accepted : EVENT_STATUS.rejected;
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    const row = await eventById(trx, id);
    if (!row) throw notFound();
    const updated = await trx
      .updateTable("events")
      .set({
        status,
        rejection_reason: reason,
        decided_at: now,
        updated_at: now,
        ...(reason === null && row.first_accepted_at === null ? { first_accepted_at: now } : {}),
      })
      .where("id", "=", id)
      .where("status", "=", EVENT_STATUS.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict("exception.backoffice.already_decided");
    if (reason !== null) {
      const statement = { userId: row.organizer_id, item: "event", subjectKind: "event", subjectId: id, reason } as const;
      const notice = { item: "event", title: row.title, url: "my_events?filter=rejected-or-cancelled" };
      await recordQueueDecisionStatement(trx, { ...statement, when: "before_publication", decidedBy: staffId, notice }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: reason === null ? "event_review.accept" : "event_review.reject",
        subjectType: "event",
        subjectId: String(id),
        reason,
        before: { status: row.status },
        after: { status, reason },
      },
      now,
    );
    // A refusal's one message is its statement's bell line and mail (statements/delivery.ts).
    if (reason !== null) return [];
    return notify(deps, trx, {
      userId: row.organizer_id,
      event: "event_accepted",
      subject: { type: "event", id },
      params: { title: row.title },
      url: eventPathAfterLang(row.category, row.slug),
    });
  });
  await publishNotificationHints(deps, hints);
  return { id, status, reason };
}

/**
 * A report decided "content_removed" (ADR 112): the event is refused as the queue refuses one ("terms"; the statement
 * of reasons says why): it leaves the calendar and its page; the organizer still sees it. Kept for an appeal.
 */
export async function removeReportedEvent(deps: ApiDeps, trx: Transaction<Database>, eventId: number): Promise<void> {
  const now = deps.clock.now();
  await trx
    .updateTable("events")
    .set({ status: EVENT_STATUS.rejected, rejection_reason: "terms" satisfies RejectionReason, decided_at: now, updated_at: now })
    .where("id", "=", eventId)
    .where("status", "=", EVENT_STATUS.accepted)
    .execute();
}

/** An appeal reversed the removal: the event is listed again (one cancelled meanwhile stays cancelled). */
export async function restoreReportedEvent(deps: ApiDeps, trx: Transaction<Database>, eventId: number): Promise<void> {
  const now = deps.clock.now();
  await trx
    .updateTable("events")
    .set({ status: EVENT_STATUS.accepted, rejection_reason: null, decided_at: now, updated_at: now })
    .where("id", "=", eventId)
    .where("status", "=", EVENT_STATUS.rejected)
    .execute();
}

/**
 * A member's events and posts (the profile tabs p/{username}/events and /blogs), the first-screen data of an event's
 * and a post's page (the /node/event/detail-init and /node/blog/detail paths), and a city's next events (its directory
 * page). Issue 29 items 5 and 6, ADR 104.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  BLOG_PUBLIC_STATES,
  CITY_UPCOMING_EVENTS,
  PROFILE_BLOGS_PAGE_SIZE,
  type BlogDetailInit,
  type CityEventList,
  type EventDetailInit,
  type UserBlogList,
  type UserEventList,
} from "../../contract/community";
import { EVENT_ATTENDANCE, EVENT_STATUS, EVENT_TILE_PAGE_SIZE } from "../../contract/events";
import { isStaffUserType } from "../../contract/moderation";
import { findOwner, isBlockedBetween, isListedOwner, type NamedOwner } from "../access/index";
import {
  acceptedEvents,
  BLOG_TILE_COLUMNS,
  blogTileOf,
  EVENT_TILE_COLUMNS,
  eventTileOf,
  eventTiles,
  listedMember,
  pageOf,
  visibleTo,
} from "./tables";

/** The events a profile tab lists in each of its sections. */
const PROFILE_EVENTS_LIMIT = EVENT_TILE_PAGE_SIZE;

/**
 * The member whose tab is asked for, if the viewer may see them: listed (or the viewer themself), no block either
 * way. Anything else answers 404, like an unknown name — a block is never told.
 */
async function shownMember(deps: ApiDeps, viewerId: number | null, username: string): Promise<NamedOwner> {
  const owner = await findOwner(deps.db, { username });
  if (!owner) throw fail.notFound();
  if (owner.id === viewerId) return owner;
  if (!isListedOwner(owner)) throw fail.notFound();
  if (viewerId !== null && (await isBlockedBetween(deps, viewerId, owner.id))) throw fail.notFound();
  return owner;
}

/** GET /community/events/user/{username}. */
export async function userEvents(deps: ApiDeps, viewerId: number | null, username: string): Promise<UserEventList> {
  const owner = await shownMember(deps, viewerId, username);
  const now = deps.clock.now();
  const organized = () =>
    deps.db
      .selectFrom("events")
      .innerJoin("users", "users.id", "events.organizer_id")
      .leftJoin("profiles", "profiles.user_id", "events.organizer_id")
      .select([...EVENT_TILE_COLUMNS])
      .where("events.organizer_id", "=", owner.id);
  const [upcoming, past, attending] = await Promise.all([
    organized()
      .where("events.status", "=", EVENT_STATUS.accepted)
      .where("events.starts_at", ">=", now)
      .orderBy("events.starts_at")
      .limit(PROFILE_EVENTS_LIMIT)
      .execute(),
    // Past ones also when cancelled: the tab is the organizer's record.
    organized()
      .where("events.status", "in", [EVENT_STATUS.accepted, EVENT_STATUS.cancelled])
      .where("events.starts_at", "<", now)
      .orderBy("events.starts_at", "desc")
      .limit(PROFILE_EVENTS_LIMIT)
      .execute(),
    owner.id === viewerId
      ? acceptedEvents(deps.db)
          .innerJoin("event_attendances", "event_attendances.event_id", "events.id")
          .select("events.id")
          .where("event_attendances.user_id", "=", owner.id)
          .where("event_attendances.status", "=", EVENT_ATTENDANCE.attend)
          .where("event_attendances.accepted_at", "is not", null)
          .orderBy("events.starts_at", "desc")
          .limit(PROFILE_EVENTS_LIMIT)
          .execute()
      : Promise.resolve(null),
  ]);
  return {
    upcoming: upcoming.map((row) => eventTileOf(row)),
    past: past.map((row) => eventTileOf(row)),
    attending: attending
      ? await eventTiles(
          deps.db,
          attending.map((row) => row.id),
        )
      : null,
  };
}

/** GET /community/blogs/user/{username}: public posts, newest first. */
export async function userBlogs(deps: ApiDeps, viewerId: number | null, username: string, page: number): Promise<UserBlogList> {
  const owner = await shownMember(deps, viewerId, username);
  const list = deps.db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .leftJoin("profiles", "profiles.user_id", "blogs.author_id")
    .select([...BLOG_TILE_COLUMNS])
    .where("blogs.author_id", "=", owner.id)
    .where("blogs.state", "in", [...BLOG_PUBLIC_STATES])
    .orderBy("blogs.published_at", "desc")
    .orderBy("blogs.id", "desc");
  const { rows, hasMore } = await pageOf(list, page, PROFILE_BLOGS_PAGE_SIZE);
  return { items: rows.map(blogTileOf), page, page_size: PROFILE_BLOGS_PAGE_SIZE, has_more: hasMore };
}

async function isStaff(deps: ApiDeps, viewerId: number | null): Promise<boolean> {
  if (viewerId === null) return false;
  const row = await deps.db.selectFrom("users").select("user_type").where("id", "=", viewerId).executeTakeFirst();
  return row !== undefined && isStaffUserType(row.user_type);
}

/**
 * GET /community/events/detail/{slug}: accepted and cancelled events for everyone who may see the organizer;
 * pending and rejected ones for their organizer and the team only. Anything else is unknown (404).
 */
export async function eventDetail(deps: ApiDeps, viewerId: number | null, slug: string): Promise<EventDetailInit> {
  const row = await deps.db
    .selectFrom("events")
    .innerJoin("users", "users.id", "events.organizer_id")
    .leftJoin("profiles", "profiles.user_id", "events.organizer_id")
    .select([
      ...EVENT_TILE_COLUMNS,
      "events.organizer_id",
      "events.description",
      "events.address",
      "events.max_attendees",
      "events.cancelled_at",
    ])
    .where("events.slug", "=", slug)
    .where((eb) => eb.or([eb("users.id", "=", viewerId ?? -1), eb.and([listedMember(eb), visibleTo(eb, viewerId, "users.id")])]))
    .executeTakeFirst();
  if (!row) throw fail.notFound();
  const own = row.organizer_id === viewerId;
  const isPublic = row.status === EVENT_STATUS.accepted || row.status === EVENT_STATUS.cancelled;
  if (!isPublic && !own && !(await isStaff(deps, viewerId))) throw fail.notFound();
  return {
    event: {
      ...eventTileOf(row),
      description: row.description,
      address: row.address,
      max_attendees: row.max_attendees,
      cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
    },
    own,
  };
}

/** GET /community/blogs/detail/{slug}: public posts for everyone who may see the author; others for the author and the team. */
export async function blogDetail(deps: ApiDeps, viewerId: number | null, slug: string): Promise<BlogDetailInit> {
  const row = await deps.db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .leftJoin("profiles", "profiles.user_id", "blogs.author_id")
    .select([...BLOG_TILE_COLUMNS, "blogs.author_id", "blogs.body", "blogs.state"])
    .where("blogs.slug", "=", slug)
    .where((eb) => eb.or([eb("users.id", "=", viewerId ?? -1), eb.and([listedMember(eb), visibleTo(eb, viewerId, "users.id")])]))
    .executeTakeFirst();
  if (!row) throw fail.notFound();
  const own = row.author_id === viewerId;
  const isPublic = (BLOG_PUBLIC_STATES as readonly number[]).includes(row.state);
  if (!isPublic && !own && !(await isStaff(deps, viewerId))) throw fail.notFound();
  return { post: { ...blogTileOf(row), body: row.body, state: row.state }, own };
}

/**
 * GET /community/cities/{country}/{city}/events: the city's next accepted events, by the directory's address of the
 * city (country code and city slug, as the events store their place); an unknown city has none.
 */
export async function cityEvents(deps: ApiDeps, viewerId: number | null, countryCode: string, citySlug: string): Promise<CityEventList> {
  const rows = await acceptedEvents(deps.db)
    .select("events.id")
    .where("events.country_code", "=", countryCode.toUpperCase())
    .where("events.city_slug", "=", citySlug)
    .where("events.starts_at", ">=", deps.clock.now())
    .where((eb) => visibleTo(eb, viewerId, "events.organizer_id"))
    .orderBy("events.starts_at")
    .orderBy("events.id")
    .limit(CITY_UPCOMING_EVENTS)
    .execute();
  return {
    items: await eventTiles(
      deps.db,
      rows.map((row) => row.id),
    ),
  };
}

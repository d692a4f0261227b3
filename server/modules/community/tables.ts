/**
 * The reads of the events and blogs tables that finding them needs (ADR 104). The events and blogs modules own those
 * tables and their writes; this module only reads them, through the few rules below, so a listed event or post means
 * the same thing on every list: the search, the profile tabs, the city pages, the sitemaps, the first-screen data.
 */
import { sql, type ExpressionBuilder } from "kysely";
import { BLOG_PUBLIC_STATES, type BlogTile, type CommunityMember, type EventTile } from "../../contract/community";
import type { BlogCategory } from "../../contract/blogs";
import { EVENT_STATUS, type EventCategory } from "../../contract/events";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { notBlockedWith, PROFILE_USER_TYPES } from "../access/index";
import { haversineKm, type GeoPoint } from "../geo/index";

/**
 * The listed states as literals, not parameters, behind a unary plus: `+events.status = 1`. SQLite uses a partial
 * index (migration 0092, whose condition is written the same way) only when the query's condition matches it at
 * prepare time, which a bound parameter cannot show; and the plus keeps the planner from the (status, category, …)
 * indexes of 0084/0085, which statistics sampled under `analysis_limit` make it overrate (docs/performance.md).
 */
const ACCEPTED = sql.lit(EVENT_STATUS.accepted);
const PUBLIC_STATES = BLOG_PUBLIC_STATES.map((state) => sql.lit(state));
const eventStatus = sql<number>`+${sql.ref("events.status")}`;
const blogState = sql<number>`+${sql.ref("blogs.state")}`;
/**
 * The member columns behind a unary plus too: filtered by a set of ids (`in (select …)`), they would otherwise lead
 * SQLite to drive the query from the members and their (organizer_id, …) index, sorting every match afterwards.
 */
export const eventOrganizer = sql<number>`+${sql.ref("events.organizer_id")}`;
export const postAuthor = sql<number>`+${sql.ref("blogs.author_id")}`;

type WithUsers<T extends keyof Database> = T | "users";

/**
 * The member behind an event or a post is listed: an active account of a profile type. A paused, deactivated or
 * banned member's events and posts leave every list with them (their rows stay for their return).
 */
export function listedMember<T extends keyof Database>(eb: ExpressionBuilder<Database, WithUsers<T>>) {
  const users = eb as unknown as ExpressionBuilder<Database, "users">;
  return users.and([users("users.status", "=", "active"), users("users.user_type", "in", [...PROFILE_USER_TYPES])]);
}

/**
 * The same rule as a set of ids, optionally of one user type: the lists filter their member column by it, so they
 * read the events or blogs table alone (by its index) and join the members only for the page they show.
 */
export function listedMemberIds(db: DB, userType?: number) {
  return db
    .selectFrom("users")
    .select("users.id")
    .where((eb) => listedMember(eb))
    .$if(userType !== undefined, (q) => q.where("users.user_type", "=", userType!));
}

/** No block between the viewer and the row's member; guests see everything listed. */
export function visibleTo<T extends keyof Database>(
  eb: ExpressionBuilder<Database, T>,
  viewerId: number | null,
  member: "users.id" | "events.organizer_id" | "blogs.author_id",
) {
  return viewerId === null ? eb.lit(true) : notBlockedWith(eb, viewerId, member);
}

// --- Events ----------------------------------------------------------------------------------------------------

/** Accepted events by listed organizers (the events table alone). */
export function acceptedEvents(db: DB) {
  return db.selectFrom("events").where(eventStatus, "=", ACCEPTED).where(eventOrganizer, "in", listedMemberIds(db));
}

export const EVENT_TILE_COLUMNS = [
  "events.id",
  "events.slug",
  "events.category",
  "events.title",
  "events.starts_at",
  "events.ends_at",
  "events.time_zone",
  "events.city_name",
  "events.country_code",
  "events.price",
  "events.attendee_count",
  "events.status",
  "events.lat",
  "events.lon",
  "users.username",
  "users.user_type",
  "profiles.display_name",
] as const;

export type EventTileRow = {
  id: number;
  slug: string;
  category: string;
  title: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  city_name: string;
  country_code: string;
  price: number;
  attendee_count: number;
  status: number;
  lat: number;
  lon: number;
  username: string;
  user_type: number;
  display_name: string | null;
};

function memberOf(row: { username: string; user_type: number; display_name: string | null }): CommunityMember {
  return { username: row.username, display_name: row.display_name ?? row.username, user_type: row.user_type };
}

export function eventTileOf(row: EventTileRow, origin: GeoPoint | null = null): EventTile {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as EventCategory,
    title: row.title,
    starts_at: Number(row.starts_at),
    ends_at: Number(row.ends_at),
    time_zone: row.time_zone,
    city_name: row.city_name,
    country_code: row.country_code,
    price: row.price,
    attendee_count: row.attendee_count,
    status: row.status,
    organizer: memberOf(row),
    distance_km: origin ? Math.round(haversineKm(origin, { lat: row.lat, lon: row.lon })) : null,
  };
}

// --- Blogs -----------------------------------------------------------------------------------------------------

/** Public posts (approved, post-check, published) by listed authors (the blogs table alone). */
export function publicPosts(db: DB) {
  return db
    .selectFrom("blogs")
    .where(blogState, "in", PUBLIC_STATES)
    .where("blogs.published_at", "is not", null)
    .where(postAuthor, "in", listedMemberIds(db));
}

export const BLOG_TILE_COLUMNS = [
  "blogs.id",
  "blogs.slug",
  "blogs.category",
  "blogs.title",
  "blogs.excerpt",
  "blogs.published_at",
  "blogs.comment_count",
  "blogs.like_count",
  "blogs.cover_media_id",
  "users.username",
  "users.user_type",
  "profiles.display_name",
] as const;

export type BlogTileRow = {
  id: number;
  slug: string;
  category: string;
  title: string;
  excerpt: string;
  published_at: number | null;
  comment_count: number;
  like_count: number;
  cover_media_id: number | null;
  username: string;
  user_type: number;
  display_name: string | null;
};

export function blogTileOf(row: BlogTileRow): BlogTile {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as BlogCategory,
    title: row.title,
    excerpt: row.excerpt,
    published_at: Number(row.published_at ?? 0),
    comment_count: row.comment_count,
    like_count: row.like_count,
    has_cover: row.cover_media_id !== null,
    author: memberOf(row),
  };
}

/** The tiles of these events, in the order given (a list's page, read by id). */
export async function eventTiles(db: DB, ids: readonly number[], origin: GeoPoint | null = null): Promise<EventTile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("events")
    .innerJoin("users", "users.id", "events.organizer_id")
    .leftJoin("profiles", "profiles.user_id", "events.organizer_id")
    .select([...EVENT_TILE_COLUMNS])
    .where("events.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [eventTileOf(byId.get(id)!, origin)] : []));
}

/** The tiles of these posts, in the order given. */
export async function blogTiles(db: DB, ids: readonly number[]): Promise<BlogTile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .leftJoin("profiles", "profiles.user_id", "blogs.author_id")
    .select([...BLOG_TILE_COLUMNS])
    .where("blogs.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [blogTileOf(byId.get(id)!)] : []));
}

interface PageableQuery<Row> {
  limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } };
}

/** One page plus one row: whether another page follows, without counting the whole result. */
export async function pageOf<Row>(query: PageableQuery<Row>, page: number, size: number): Promise<{ rows: Row[]; hasMore: boolean }> {
  const rows = await query
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}

/** Squared planar distance (km²) from a point to a row's lat/lon: orders by distance on both databases. */
export function planarDistanceSql(table: "events" | "blogs", origin: GeoPoint) {
  const kmPerDegree = 111.195;
  const kLon = kmPerDegree * Math.cos((origin.lat * Math.PI) / 180);
  const dy = sql`((${sql.ref(`${table}.lat`)} - ${sql.lit(origin.lat)}) * ${sql.lit(kmPerDegree)})`;
  const dx = sql`((${sql.ref(`${table}.lon`)} - ${sql.lit(origin.lon)}) * ${sql.lit(kLon)})`;
  return sql<number>`(${dy} * ${dy} + ${dx} * ${dx})`;
}

/**
 * The newsfeed's page (issue 28 item 5, ADR 095): published media and accepted bundles of the profiles a viewer may
 * see, in four tabs, a cursor page at a time. Who sees that an item exists is visibility.ts's rule for galleries —
 * a listed owner, no block either way, members-only profiles not for guests, the media's visibility levels — and who
 * may open a paid medium is access/paid-media.ts's (openableMediaIds); nothing here decides either a second time.
 *
 * Each page reads at most NEWSFEED_PAGE_SIZE + 1 media and as many bundles (two index walks newest first, or best
 * score first on trending_now), merges them by (value, type, id) and cuts at the page size: the cursor is the last
 * item's triple, so the next page starts exactly after it whatever arrives in between.
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { ApiDeps } from "../../api/types";
import { BUNDLE_STATUS, type MediumAccess } from "../../contract/creators";
import { MEDIA_STATUS } from "../../contract/media";
import { isStaffUserType } from "../../contract/users";
import type { LiveAudience } from "../../contract/live";
import {
  NEWSFEED_EMPTY,
  NEWSFEED_PAGE_SIZE,
  type NewsfeedItem,
  type NewsfeedLiveState,
  type NewsfeedPage,
  type NewsfeedTab,
} from "../../contract/newsfeed";
import type { Database } from "../../db/schema";
import {
  isFindableProfile,
  isGuestVisible,
  isListedProfile,
  notBlockedWith,
  openableMediaIds,
  visibleMediaLevels,
  type ViewerContext,
} from "../access/index";
import { admittedStreams, listedRecordingsOfStreams } from "../live/index";
import { lockedPreviewOf, mediaGrant, mediaImageOf } from "../media/index";

/** A medium's place in the feed: its scheduled publication, else its upload. The index media_feed_at (0083) is on it. */
const MEDIA_FEED_AT = sql<number>`coalesce(media.publish_at, media.created_at)`;
/** A bundle's place in the feed: when the team accepted it. */
const BUNDLE_FEED_AT = sql<number>`coalesce(bundles.decided_at, bundles.created_at)`;

/** A live stream's place (ADR 137): its start, else (announced, or cancelled before it started) its announcement. */
const LIVE_FEED_AT = sql<number>`coalesce(live_streams.started_at, live_streams.created_at)`;

/** Paid media: the exclusive tab's (bundles are always paid). */
const EXCLUSIVE_ACCESS: readonly MediumAccess[] = ["fans", "ppv"];
/** Live streams on the exclusive tab: those for fans or for a price (the paid media's counterparts). */
const EXCLUSIVE_AUDIENCES: readonly LiveAudience[] = ["fans", "paid"];

/** The types in the order of a page's ties: on the same value a live stream, then a bundle, then a medium. */
const TYPE_RANK = { media: 0, bundle: 1, live: 2 } as const;
type ItemType = keyof typeof TYPE_RANK;
const CURSOR_LETTER: Record<ItemType, string> = { media: "m", bundle: "b", live: "l" };

interface Cursor {
  value: number;
  type: ItemType;
  id: number;
}

export function parseCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [value, letter, id] = raw.split(".");
  const type = (Object.keys(CURSOR_LETTER) as ItemType[]).find((t) => CURSOR_LETTER[t] === letter) ?? "media";
  return { value: Number(value), type, id: Number(id) };
}

function cursorOf(item: { value: number; type: ItemType; id: number }): string {
  return `${item.value}.${CURSOR_LETTER[item.type]}.${item.id}`;
}

/**
 * The keyset condition "after the cursor" for rows of one type, in the page's order (value, type rank, id) descending:
 * rows of the cursor's own type compare by (value, id), the other type by value alone (strictly before a bundle at
 * the same value, or up to it for media, which rank below bundles).
 */
function after(cursor: Cursor | null, type: ItemType, value: Expression<number>, id: Expression<number>): Expression<SqlBool> | null {
  if (!cursor) return null;
  if (cursor.type === type) return sql<SqlBool>`(${value}, ${id}) < (${cursor.value}, ${cursor.id})`;
  return TYPE_RANK[type] < TYPE_RANK[cursor.type] ? sql<SqlBool>`${value} <= ${cursor.value}` : sql<SqlBool>`${value} < ${cursor.value}`;
}

type OwnerTables = Database;
type OwnerEB = ExpressionBuilder<OwnerTables, "users" | "profiles">;

/**
 * Whose items a viewer sees (visibility.ts's rules): findable profiles (listed and not hidden from lists, ADR 028) —
 * or, on the favorites tab, the listed profiles the viewer keeps, like the favorites list; never across a block; for
 * guests only guest-visible profiles (not members-only, not clients).
 */
function ownerVisible(eb: OwnerEB, viewer: ViewerContext, tab: NewsfeedTab): Expression<SqlBool> {
  const terms: Expression<SqlBool>[] = [tab === "favorites" ? isListedProfile(eb as never) : isFindableProfile(eb as never)];
  if (viewer.id === null) terms.push(isGuestVisible(eb as never));
  else terms.push(notBlockedWith(eb as unknown as ExpressionBuilder<Database, "users">, viewer.id));
  return eb.and(terms);
}

/**
 * From this many kept profiles on, the favorites tab walks the feed's index newest first and checks each row's owner
 * (a primary-key look-up in favorites): its kept profiles are a good share of all, so a page is found after a few
 * dozen rows. Below it, the few kept profiles' media are read by owner and sorted (a walk could cross the whole index
 * before it meets the few). Measured in docs/performance.md, "Newsfeed".
 */
const FAVORITES_WALK_FROM = 50;

/** How the favorites tab finds the kept profiles' items; null on other tabs (and for guests, who have none). */
type KeptFilter = { viewerId: number; walk: boolean } | null;

async function keptFilterOf(deps: ApiDeps, viewer: ViewerContext, tab: NewsfeedTab): Promise<KeptFilter> {
  if (tab !== "favorites" || viewer.id === null) return null;
  const row = await deps.db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  return { viewerId: viewer.id, walk: Number(row.n) >= FAVORITES_WALK_FROM };
}

function keptBy(kept: NonNullable<KeptFilter>): Expression<SqlBool> {
  // Written as SQL: a qualified favorites column in a string reads like a translation key to the locale check.
  return kept.walk
    ? sql<SqlBool>`exists (select 1 from favorites kept where kept.user_id = ${kept.viewerId} and kept.target_id = users.id)`
    : sql<SqlBool>`users.id in (select kept.target_id from favorites kept where kept.user_id = ${kept.viewerId})`;
}

interface MediaRow {
  id: number;
  user_id: number;
  public_id: string;
  kind: string;
  width: number;
  height: number;
  variant_widths: string | null;
  access: string;
  price: number | null;
  username: string;
  display_name: string | null;
  published_at: number | string;
  value: number | string;
}

/**
 * Where a reader's walk starts. Its first table is fixed by CROSS JOIN (SQLite keeps that order; PostgreSQL plans it as
 * the inner join it is): the feed's index newest first, or the stored scores best first — never a scan of every
 * owner's items and a sort. Each row's owner is then one primary-key look-up.
 */
function walkStart<T extends "media" | "bundles">(deps: ApiDeps, table: T, trending: boolean): SelectQueryBuilder<Database, T, object> {
  if (!trending) return deps.db.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, object>;
  // Typed as the media walk; the bundles' is the same statement with its table's name.
  return deps.db
    .selectFrom("newsfeed_trending")
    .crossJoin(table as "media")
    .where("newsfeed_trending.item_kind", "=", table === "media" ? "media" : "bundle")
    .whereRef(`${table}.id` as "media.id", "=", "newsfeed_trending.item_id") as unknown as SelectQueryBuilder<Database, T, object>;
}

async function mediaRows(
  deps: ApiDeps,
  viewer: ViewerContext,
  tab: NewsfeedTab,
  kept: KeptFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<MediaRow[]> {
  const now = deps.clock.now();
  const trending = tab === "trending_now";
  const base = walkStart(deps, "media", trending)
    .crossJoin("users")
    .crossJoin("profiles")
    .whereRef("users.id", "=", "media.user_id")
    .whereRef("profiles.user_id", "=", "media.user_id")
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .where("media.visibility", "in", visibleMediaLevels(viewer))
    // A scheduled medium appears from its publication on.
    .where((eb) => eb.or([eb("media.publish_at", "is", null), eb("media.publish_at", "<=", now)]))
    .where((eb) => ownerVisible(eb as unknown as OwnerEB, viewer, tab))
    .$if(tab === "exclusive", (q) => q.where("media.access", "in", [...EXCLUSIVE_ACCESS]))
    .$if(kept !== null, (q) => q.where(keptBy(kept!)));
  const value = trending ? sql<number>`newsfeed_trending.score` : MEDIA_FEED_AT;
  const id = trending ? sql<number>`newsfeed_trending.item_id` : sql<number>`media.id`;
  const condition = after(cursor, "media", value, id);
  const rows = await base
    .$if(condition !== null, (q) => q.where(condition!))
    .select([
      "media.id",
      "media.user_id",
      "media.public_id",
      "media.kind",
      "media.width",
      "media.height",
      "media.variant_widths",
      "media.access",
      "media.price",
      "users.username",
      "profiles.display_name",
      MEDIA_FEED_AT.as("published_at"),
      value.as("value"),
    ])
    .orderBy(value, "desc")
    .orderBy(id, "desc")
    .limit(limit)
    .execute();
  return rows as MediaRow[];
}

interface BundleRow {
  id: number;
  creator_id: number;
  title: string;
  price: number;
  username: string;
  display_name: string | null;
  item_count: number | string;
  published_at: number | string;
  value: number | string;
}

async function bundleRows(
  deps: ApiDeps,
  viewer: ViewerContext,
  tab: NewsfeedTab,
  kept: KeptFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<BundleRow[]> {
  const trending = tab === "trending_now";
  const value = trending ? sql<number>`newsfeed_trending.score` : BUNDLE_FEED_AT;
  const id = trending ? sql<number>`newsfeed_trending.item_id` : sql<number>`bundles.id`;
  const condition = after(cursor, "bundle", value, id);
  const rows = await walkStart(deps, "bundles", trending)
    .crossJoin("users")
    .crossJoin("profiles")
    .whereRef("users.id", "=", "bundles.creator_id")
    .whereRef("profiles.user_id", "=", "bundles.creator_id")
    .where("bundles.status", "=", BUNDLE_STATUS.accepted)
    .where("bundles.is_active", "=", 1)
    .where("bundles.deleted_at", "is", null)
    .where((eb) => ownerVisible(eb as unknown as OwnerEB, viewer, tab))
    .$if(kept !== null, (q) => q.where(keptBy(kept!)))
    .$if(condition !== null, (q) => q.where(condition!))
    .select((eb) => [
      "bundles.id",
      "bundles.creator_id",
      "bundles.title",
      "bundles.price",
      "users.username",
      "profiles.display_name",
      eb
        .selectFrom("bundle_items")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("bundle_items.bundle_id", "=", "bundles.id")
        .as("item_count"),
      BUNDLE_FEED_AT.as("published_at"),
      value.as("value"),
    ])
    .orderBy(value, "desc")
    .orderBy(id, "desc")
    .limit(limit)
    .execute();
  return rows as BundleRow[];
}

interface LiveRow {
  id: number;
  creator_id: number;
  title: string;
  audience: LiveAudience;
  price: number | null;
  state: string;
  record: number;
  scheduled_at: number | string | null;
  started_at: number | string | null;
  ended_at: number | string | null;
  username: string;
  display_name: string | null;
  value: number | string;
}

/**
 * Live streams (ADR 137): one item per stream, newest first by LIVE_FEED_AT, whose creator the viewer may see by the
 * same owner rule as media — so a block either way hides the item, as it hides the stream. Every audience is listed
 * (the browse page lists them too); the page marks the ones the viewer's audience rule does not admit as locked.
 * No trending score exists for streams: the trending tab has none.
 */
async function liveRows(
  deps: ApiDeps,
  viewer: ViewerContext,
  tab: NewsfeedTab,
  kept: KeptFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<LiveRow[]> {
  if (tab === "trending_now") return [];
  const condition = after(cursor, "live", LIVE_FEED_AT, sql<number>`live_streams.id`);
  const rows = await deps.db
    .selectFrom("live_streams")
    .crossJoin("users")
    .crossJoin("profiles")
    .whereRef("users.id", "=", "live_streams.creator_id")
    .whereRef("profiles.user_id", "=", "live_streams.creator_id")
    .where((eb) => ownerVisible(eb as unknown as OwnerEB, viewer, tab))
    .$if(tab === "exclusive", (q) => q.where("live_streams.audience", "in", [...EXCLUSIVE_AUDIENCES]))
    .$if(kept !== null, (q) => q.where(keptBy(kept!)))
    .$if(condition !== null, (q) => q.where(condition!))
    .select([
      "live_streams.id",
      "live_streams.creator_id",
      "live_streams.title",
      "live_streams.audience",
      "live_streams.price",
      "live_streams.state",
      "live_streams.record",
      "live_streams.scheduled_at",
      "live_streams.started_at",
      "live_streams.ended_at",
      "users.username",
      "profiles.display_name",
      LIVE_FEED_AT.as("value"),
    ])
    .orderBy(LIVE_FEED_AT, "desc")
    .orderBy("live_streams.id", "desc")
    .limit(limit)
    .execute();
  return rows as LiveRow[];
}

/** The item's state: an ended stream that never went on air was cancelled (by its creator, staff, or its time). */
function liveStateOf(row: LiveRow): NewsfeedLiveState {
  if (row.state === "ended") return row.started_at === null ? "cancelled" : "ended";
  return row.state === "live" ? "live" : "scheduled";
}

const epochOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The bundles among `ids` this viewer owns or bought (a bundle opens its media: access/paid-media). */
async function openBundleIds(deps: ApiDeps, viewer: ViewerContext, rows: readonly BundleRow[]): Promise<Set<number>> {
  const open = new Set<number>();
  if (viewer.id === null || rows.length === 0) return open;
  for (const row of rows) if (row.creator_id === viewer.id || isStaffUserType(viewer.userType)) open.add(row.id);
  const bought = await deps.db
    .selectFrom("bundle_purchases")
    .select("bundle_id")
    .where("buyer_id", "=", viewer.id)
    .where(
      "bundle_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  for (const row of bought) open.add(row.bundle_id);
  return open;
}

type Ranked = NewsfeedItem & { value: number };

/** What every reader's row has: the item's id, its place in the walk and its owner. */
interface RowBase {
  id: number;
  value: number | string;
  username: string;
  display_name: string | null;
}

/**
 * One row → one item, for media, bundles and live streams alike: the owner, the place, and nulls for what the type
 * lacks; locked until the page's access checks open it.
 */
function rankedItem(type: NewsfeedItem["type"], row: RowBase, publishedAt: number | string, fields: Partial<NewsfeedItem>): Ranked {
  return {
    type,
    id: row.id,
    value: Number(row.value),
    published_at: Number(publishedAt),
    owner: { username: row.username, display_name: row.display_name },
    access: null,
    price: null,
    locked: true,
    image: null,
    preview: null,
    media_kind: null,
    title: null,
    item_count: null,
    live: null,
    ...fields,
  };
}

/** Higher value first, then bundles before media, then the higher id: the page's one order. */
function compareRanked(a: Ranked, b: Ranked): number {
  return b.value - a.value || TYPE_RANK[b.type] - TYPE_RANK[a.type] || b.id - a.id;
}

export async function newsfeedPage(deps: ApiDeps, viewer: ViewerContext, tab: NewsfeedTab, rawCursor?: string): Promise<NewsfeedPage> {
  const base = { tab, page_size: NEWSFEED_PAGE_SIZE };
  // The favorites tab is the viewer's own: a guest is told to log in (the page explains and links there).
  if (tab === "favorites" && viewer.id === null) return { ...base, items: [], next_cursor: null, login_required: true, empty: null };
  const cursor = parseCursor(rawCursor);
  const limit = NEWSFEED_PAGE_SIZE + 1;
  const kept = await keptFilterOf(deps, viewer, tab);
  const [media, bundles, streams] = await Promise.all([
    mediaRows(deps, viewer, tab, kept, cursor, limit),
    bundleRows(deps, viewer, tab, kept, cursor, limit),
    liveRows(deps, viewer, tab, kept, cursor, limit),
  ]);
  const merged: Ranked[] = [
    ...media.map((m) =>
      rankedItem("media", m, m.published_at, {
        access: m.access as MediumAccess,
        price: m.access === "ppv" ? m.price : null,
        media_kind: m.kind,
      }),
    ),
    ...bundles.map((b) => rankedItem("bundle", b, b.published_at, { price: b.price, title: b.title, item_count: Number(b.item_count) })),
    ...streams.map((l) =>
      rankedItem("live", l, l.value, {
        price: l.audience === "paid" ? epochOrNull(l.price) : null,
        title: l.title,
        live: {
          stream_id: l.id,
          state: liveStateOf(l),
          audience: l.audience,
          scheduled_at: epochOrNull(l.scheduled_at),
          started_at: epochOrNull(l.started_at),
          ended_at: epochOrNull(l.ended_at),
          recording_id: null,
        },
      }),
    ),
  ].sort(compareRanked);
  const page = merged.slice(0, NEWSFEED_PAGE_SIZE);
  const hasMore = merged.length > NEWSFEED_PAGE_SIZE;

  // Only what is on the page is asked about: the one paid-access rule for media, purchases for bundles.
  const pageMedia = media.filter((m) => page.some((item) => item.type === "media" && item.id === m.id));
  const pageBundles = bundles.filter((b) => page.some((item) => item.type === "bundle" && item.id === b.id));
  const pageStreams = streams.filter((l) => page.some((item) => item.type === "live" && item.id === l.id));
  const now = deps.clock.now();
  const isStaff = viewer.id !== null && isStaffUserType(viewer.userType);
  const pageMediaRefs = pageMedia.map((m) => ({ id: m.id, user_id: m.user_id, access: m.access }));
  // Only a stream that kept a recording can link one: the others cost no query.
  const endedStreams = pageStreams.filter((l) => l.state === "ended" && l.started_at !== null && Number(l.record) === 1);
  const [openMedia, openToAll, openBundles, admitted, recordings] = await Promise.all([
    openableMediaIds(deps.db, { id: viewer.id, isStaff }, pageMediaRefs, now),
    // What opens for everyone needs no grant; what opens only for this viewer (bought, a fan's) needs one bound to
    // them, or the file route refuses it (ADR 093).
    openableMediaIds(deps.db, { id: null, isStaff: false }, pageMediaRefs, now),
    openBundleIds(deps, viewer, pageBundles),
    // Live items: the stream's audience rule (live/access), and for ended streams the recording the viewer sees listed.
    admittedStreams(
      deps,
      { id: viewer.id, staff: isStaff },
      pageStreams.filter((l) => l.state !== "ended"),
    ),
    listedRecordingsOfStreams(deps, { id: viewer.id, staff: isStaff, ageVerified: viewer.isAgeVerified }, endedStreams),
  ]);
  const mediaById = new Map(pageMedia.map((m) => [m.id, m]));
  const items = page.map(({ value: _value, ...item }): NewsfeedItem => {
    if (item.type === "bundle") return { ...item, locked: !openBundles.has(item.id) };
    if (item.type === "live") {
      // Locked: the audience does not admit the viewer to an announced or running stream. An ended one has nothing to
      // watch; its recording, when listed to the viewer, has its own terms on its page.
      const live = item.live!;
      const locked = (live.state === "scheduled" || live.state === "live") && !admitted.has(item.id);
      return { ...item, locked, live: { ...live, recording_id: recordings.get(item.id) ?? null } };
    }
    const row = mediaById.get(item.id)!;
    if (!openMedia.has(item.id)) return { ...item, locked: true, image: null, preview: lockedPreviewOf(row) };
    const needsGrant = !openToAll.has(item.id) && !isStaff && viewer.id !== null && row.user_id !== viewer.id;
    const grant = needsGrant ? mediaGrant(deps.config.appSecret, row.public_id, now, viewer.id) : undefined;
    return { ...item, locked: false, image: mediaImageOf(row, grant) };
  });
  const last = page[page.length - 1];
  return {
    ...base,
    items,
    next_cursor: hasMore && last ? cursorOf(last) : null,
    login_required: false,
    empty: items.length === 0 && !cursor ? (tab === "favorites" ? NEWSFEED_EMPTY.noFavoritesYet : NEWSFEED_EMPTY.noNewsfeedYet) : null,
  };
}

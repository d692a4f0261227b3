/**
 * The event search `events/{activeCategory?}` (issue 29 item 1, ADR 104): upcoming accepted events, filtered by
 * category, the organizers' user type, price band and country; sorted by start time (default), creation or distance;
 * with the facets category, organizers_user_type, country and price_range counted over the other filters.
 */
import { sql, type ExpressionBuilder } from "kysely";
import type { ApiDeps } from "../../api/types";
import {
  FIND_VIEWS,
  type EventSearchFacets,
  type EventSearchQuery,
  type EventSearchResult,
  type FacetCount,
  type FindView,
} from "../../contract/community";
import {
  DEFAULT_EVENT_SORT,
  EVENT_CATEGORIES,
  EVENT_LIST_PAGE_SIZE,
  EVENT_PRICE_BANDS,
  EVENT_TILE_PAGE_SIZE,
  type EventSort,
} from "../../contract/events";
import { SELECTABLE_USER_TYPES } from "../../contract/users";
import type { Database } from "../../db/schema";
import { createTtlCache, type TtlCache } from "../../lib/ttl-cache";
import type { GeoPoint } from "../geo/index";
import { acceptedEvents, eventOrganizer, eventTiles, listedMemberIds, pageOf, planarDistanceSql, visibleTo } from "./tables";
import { originOf, type Origin } from "./origin";

type EventsEb = ExpressionBuilder<Database, "events">;
type Filter = "category" | "organizers_user_type" | "price" | "country";

/** The price band's range as a condition (whole euros, [from, to)). */
function inBand(eb: EventsEb, key: string) {
  const band = EVENT_PRICE_BANDS.find((b) => b.key === key)!;
  return band.to === null
    ? eb("events.price", ">=", band.from)
    : eb.and([eb("events.price", ">=", band.from), eb("events.price", "<", band.to)]);
}

/** The price band of a row, for the facet (the bands in order, the last open). */
function bandSql() {
  const cases = EVENT_PRICE_BANDS.filter((band) => band.to !== null)
    .map((band) => sql`when events.price < ${sql.lit(band.to)} then ${sql.lit(band.key)}`)
    .reduce((all, one) => sql`${all} ${one}`);
  return sql<string>`case ${cases} else ${sql.lit(EVENT_PRICE_BANDS[EVENT_PRICE_BANDS.length - 1]!.key)} end`;
}

/** Upcoming (not started yet) accepted events the viewer may see, with every filter applied but `except`. */
function upcoming(deps: ApiDeps, viewerId: number | null, query: EventSearchQuery, except: Filter | null) {
  const now = deps.clock.now();
  return acceptedEvents(deps.db)
    .where("events.starts_at", ">=", now)
    .where((eb) => visibleTo(eb, viewerId, "events.organizer_id"))
    .$if(query.category !== undefined && except !== "category", (q) => q.where("events.category", "=", query.category!))
    .$if(query.organizers_user_type !== undefined && except !== "organizers_user_type", (q) =>
      q.where(eventOrganizer, "in", listedMemberIds(deps.db, query.organizers_user_type)),
    )
    .$if(query.price !== undefined && except !== "price", (q) => q.where((eb) => inBand(eb, query.price!)))
    .$if(query.country !== undefined && except !== "country", (q) => q.where("events.country_code", "=", query.country!));
}

/**
 * One row per (category, country, price band) of the upcoming events the guest sees, with its count per organizer
 * type: every facet under every combination of filters follows from these rows, so one pass over the index serves
 * all four facets. Kept a minute per process for the guest view; a signed-in viewer separated by a block from some
 * organizers gets those organizers' cells subtracted, so the counts match the results they can see.
 */
interface FacetCell {
  category: string;
  country: string;
  band: string;
  byType: Record<string, number>;
}

const FACET_TTL_MS = 60_000;
const facetCaches = new WeakMap<ApiDeps["db"], TtlCache<FacetCell[]>>();

async function facetCells(deps: ApiDeps): Promise<FacetCell[]> {
  let cache = facetCaches.get(deps.db);
  if (!cache) {
    cache = createTtlCache<FacetCell[]>({ ttlMs: FACET_TTL_MS, maxEntries: 1 });
    facetCaches.set(deps.db, cache);
  }
  return cache.remember("cells", deps.clock.now(), () => cellsOf(deps, null));
}

/** The facet cells of the upcoming events the guest sees, or only of those by `organizers`. */
async function cellsOf(deps: ApiDeps, organizers: readonly number[] | null): Promise<FacetCell[]> {
  const band = bandSql();
  const rows = await upcoming(deps, null, { page: 1 }, null)
    .$if(organizers !== null, (q) => q.where("events.organizer_id", "in", organizers!))
    .select((eb) => [
      "events.category",
      "events.country_code",
      band.as("band"),
      ...SELECTABLE_USER_TYPES.map((type) =>
        eb.fn.countAll<number>().filterWhere(eventOrganizer, "in", listedMemberIds(deps.db, type)).as(`t${type}`),
      ),
    ])
    .groupBy(["events.category", "events.country_code", band])
    .execute();
  return rows.map((row) => ({
    category: row.category,
    country: row.country_code,
    band: row.band,
    byType: Object.fromEntries(
      SELECTABLE_USER_TYPES.map((type) => [String(type), Number((row as Record<string, unknown>)[`t${type}`] ?? 0)]),
    ),
  }));
}

/** The cells as `viewerId` sees them: the guest's, less the events of members separated from the viewer by a block. */
async function viewerCells(deps: ApiDeps, viewerId: number | null): Promise<FacetCell[]> {
  const cells = await facetCells(deps);
  if (viewerId === null) return cells;
  const blocked = await deps.db
    .selectFrom("blocks")
    .select("blocked_id as id")
    .where("blocker_id", "=", viewerId)
    .union(deps.db.selectFrom("blocks").select("blocker_id as id").where("blocked_id", "=", viewerId))
    .execute();
  if (blocked.length === 0) return cells;
  const hidden = await cellsOf(
    deps,
    blocked.map((row) => row.id),
  );
  const keyOf = (cell: FacetCell) => `${cell.category}|${cell.country}|${cell.band}`;
  const less = new Map(hidden.map((cell) => [keyOf(cell), cell.byType]));
  return cells.map((cell) => {
    const minus = less.get(keyOf(cell));
    if (!minus) return cell;
    const byType = Object.fromEntries(Object.entries(cell.byType).map(([type, count]) => [type, Math.max(0, count - (minus[type] ?? 0))]));
    return { ...cell, byType };
  });
}

/** Each facet counted over every filter but its own, in the contract's order of values (zero counts too). */
async function facetsOf(deps: ApiDeps, viewerId: number | null, query: EventSearchQuery): Promise<EventSearchFacets> {
  const cells = await viewerCells(deps, viewerId);
  const types = query.organizers_user_type === undefined ? SELECTABLE_USER_TYPES.map(String) : [String(query.organizers_user_type)];
  const passes = (cell: FacetCell, except: Filter) =>
    (except === "category" || query.category === undefined || cell.category === query.category) &&
    (except === "country" || query.country === undefined || cell.country === query.country) &&
    (except === "price" || query.price === undefined || cell.band === query.price);
  const total = (cell: FacetCell, ofTypes: readonly string[]) => ofTypes.reduce((sum, type) => sum + (cell.byType[type] ?? 0), 0);
  const tally = (except: Filter, keyOf: (cell: FacetCell) => string) => {
    const counts = new Map<string, number>();
    for (const cell of cells) if (passes(cell, except)) counts.set(keyOf(cell), (counts.get(keyOf(cell)) ?? 0) + total(cell, types));
    return counts;
  };
  const inOrder = (order: readonly string[], counts: Map<string, number>): FacetCount[] =>
    order.map((value) => ({ value, count: counts.get(value) ?? 0 }));
  const byType = new Map<string, number>();
  for (const cell of cells)
    if (passes(cell, "organizers_user_type"))
      for (const type of SELECTABLE_USER_TYPES.map(String)) byType.set(type, (byType.get(type) ?? 0) + (cell.byType[type] ?? 0));
  const countries = [...tally("country", (cell) => cell.country)]
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([value, count]) => ({ value, count }));
  return {
    category: inOrder(
      EVENT_CATEGORIES,
      tally("category", (cell) => cell.category),
    ),
    organizers_user_type: inOrder(SELECTABLE_USER_TYPES.map(String), byType),
    country: countries,
    price_range: inOrder(
      EVENT_PRICE_BANDS.map((b) => b.key),
      tally("price", (cell) => cell.band),
    ),
  };
}

export function eventPageSize(view: FindView): number {
  return view === "list" ? EVENT_LIST_PAGE_SIZE : EVENT_TILE_PAGE_SIZE;
}

/** GET /community/events/search. */
export async function searchEvents(deps: ApiDeps, viewerId: number | null, query: EventSearchQuery): Promise<EventSearchResult> {
  const view = query.view ?? FIND_VIEWS[0];
  const size = eventPageSize(view);
  const origin: Origin | null = await originOf(deps, viewerId, query.near);
  // Distance needs a place to measure from; without one the default order is the honest answer.
  const sort: EventSort = query.sort === "distance" && !origin ? DEFAULT_EVENT_SORT : (query.sort ?? DEFAULT_EVENT_SORT);
  let list = upcoming(deps, viewerId, query, null).select("events.id");
  if (sort === "distance") list = list.orderBy(planarDistanceSql("events", origin!)).orderBy("events.starts_at");
  else if (sort === "created_at") list = list.orderBy("events.created_at", "desc");
  else list = list.orderBy("events.starts_at");
  list = list.orderBy("events.id");
  const [{ rows, hasMore }, facets] = await Promise.all([pageOf(list, query.page, size), facetsOf(deps, viewerId, query)]);
  const point: GeoPoint | null = origin ? { lat: origin.lat, lon: origin.lon } : null;
  return {
    items: await eventTiles(
      deps.db,
      rows.map((row) => row.id),
      point,
    ),
    page: query.page,
    page_size: size,
    has_more: hasMore,
    sort,
    view,
    origin: origin ? { name: origin.name, key: origin.key } : null,
    facets,
  };
}

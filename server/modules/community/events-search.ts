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
import type { GeoPoint } from "../geo/index";
import { acceptedEvents, eventTiles, listedMemberIds, pageOf, planarDistanceSql, visibleTo } from "./tables";
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
      q.where("events.organizer_id", "in", listedMemberIds(deps.db, query.organizers_user_type)),
    )
    .$if(query.price !== undefined && except !== "price", (q) => q.where((eb) => inBand(eb, query.price!)))
    .$if(query.country !== undefined && except !== "country", (q) => q.where("events.country_code", "=", query.country!));
}

/** Counts per value, in the order the contract lists the values (zero counts too, so the form can show them). */
function countsIn(order: readonly string[], rows: Array<{ value: string | number; n: number | string | bigint }>): FacetCount[] {
  const found = new Map(rows.map((row) => [String(row.value), Number(row.n)]));
  return order.map((value) => ({ value, count: found.get(value) ?? 0 }));
}

async function facetsOf(deps: ApiDeps, viewerId: number | null, query: EventSearchQuery): Promise<EventSearchFacets> {
  const count = sql<number>`count(*)`.as("n");
  const [category, userType, country, price] = await Promise.all([
    upcoming(deps, viewerId, query, "category").select(["events.category as value", count]).groupBy("events.category").execute(),
    // One pass for the three types: a count per type, each over the organizers of that type.
    upcoming(deps, viewerId, query, "organizers_user_type")
      .select((eb) =>
        SELECTABLE_USER_TYPES.map((type) =>
          eb.fn
            .countAll<number>()
            .filterWhere("events.organizer_id", "in", listedMemberIds(deps.db, type))
            .as(`t${type}`),
        ),
      )
      .executeTakeFirstOrThrow()
      .then((row) => SELECTABLE_USER_TYPES.map((type) => ({ value: type, n: (row as Record<string, number>)[`t${type}`] ?? 0 }))),
    upcoming(deps, viewerId, query, "country")
      .select(["events.country_code as value", count])
      .groupBy("events.country_code")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("events.country_code")
      .execute(),
    upcoming(deps, viewerId, query, "price")
      .select([bandSql().as("value"), count])
      .groupBy(bandSql())
      .execute(),
  ]);
  return {
    category: countsIn(EVENT_CATEGORIES, category),
    organizers_user_type: countsIn(
      SELECTABLE_USER_TYPES.map((type) => String(type)),
      userType,
    ),
    country: country.map((row) => ({ value: row.value, count: Number(row.n) })),
    price_range: countsIn(
      EVENT_PRICE_BANDS.map((band) => band.key),
      price,
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
    items: await eventTiles(deps.db, rows.map((row) => row.id), point),
    page: query.page,
    page_size: size,
    has_more: hasMore,
    sort,
    view,
    origin: origin ? { name: origin.name, key: origin.key } : null,
    facets,
  };
}

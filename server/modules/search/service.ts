/**
 * User-and-business search (spec section 3 "Search request", sections 5, 6).
 *
 * One WHERE clause (searchConditions) serves the page of hits, the total and
 * every facet, so counts never disagree with results. Radius search is a
 * bounding box on profiles (lat, lon, user_id) — the index profiles_geo — plus
 * the exact haversine distance in SQL. Ranking: docs/search-ranking.md.
 */
import { riseUpBandOf, risenAtOf } from "../../contract/wallet";
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  hasExclusiveContentSql,
  isGuestVisibleSearchRow,
  notBlockedWith,
  plusRunning,
  plusRunningSql,
  visibleMediaLevels,
  viewerContext,
  type ViewerContext,
} from "../access/index";
import {
  AGE_BANDS,
  GLOBAL_RADIUS,
  NEW_PROFILE_DAYS,
  PRICE_BANDS,
  PRICE_DURATIONS,
  type FilterQuery,
  type ParsedSearchRequest,
  type Range,
  type RangeFacet,
  type SearchLocation,
  type SearchSort,
  type SearchTarget,
  type Searcher,
  type TermFacet,
  defaultSortFor,
  searchTargetFor,
  usableLocation,
  wideRadiusFor,
  DEFAULT_PRICE_DURATION,
} from "../../contract/search";
import { EARTH_RADIUS_KM, KM_PER_DEGREE } from "../../contract/geo";
import { boundingBox, haversineKm } from "../geo/index";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { avatarsOf } from "../media/index";
import { activeTours, type ActiveTour } from "../tours/index";
import { tileContactRule } from "../messenger/index";
import { CUP_SIZE_BANDS, findTraitGroup } from "../../contract/traits";
import { USER_TYPE } from "../../contract/users";
import type { Dialect } from "../../db/dialect";
import { PLAN_PER_VALUES } from "../../db/prepared";
import { precompiled, type Slots } from "../../db/precompiled";
import type { Database } from "../../db/schema";
import {
  fixedScoreTermsSql,
  LOGIN_BONUS_MAX,
  MAX_RANK_TIER,
  PLUS_BONUS,
  RANK_TIER_WIDTH,
  rankTierSql,
  RISEN_TIER,
} from "./migrations/0127_search_rank_tier";
import type { SearchHit, FacetBucket } from "../../contract/search";
import {
  indexHolds,
  indexedSearch,
  type BandCase,
  type FacetCounts,
  type FacetGroup,
  type FacetSource,
  type IndexedAnswer,
} from "./indexed-search";
import { LOOSE_FACETS, type LooseFacet, type PlaceColumn, type Plan, type SearchPlace } from "./plan";
import { directoryConditionSql, filterTraitOptions, hasTraitOption, type DirectoryCondition } from "./directory-filter";
export type { Plan, SearchPlace };
export type { SearchHit, FacetBucket };

const DAY = 24 * 60 * 60 * 1000;

type EB = ExpressionBuilder<Database, "search_profiles">;

const TARGET_USER_TYPE: Record<SearchTarget, number> = { escort: USER_TYPE.escort, client: USER_TYPE.client, business: USER_TYPE.business };

export interface SearchResult {
  hits: SearchHit[];
  meta: {
    total: number;
    page_no: number;
    page_size: number;
    sort: SearchSort;
    target: SearchTarget;
    location: { lat: number; lon: number; radius: number } | null;
    countries: string[] | null;
    facets: Partial<Record<TermFacet | RangeFacet, FacetBucket[]>>;
  };
}

export function searcherOf(viewer: ViewerContext, gender: number | null): Searcher {
  return { userType: viewer.userType, gender, benefits: viewer.entitlements.benefits(), ageVerified: viewer.isAgeVerified };
}

/** The date `years` before `now` as the integer YYYYMMDD (search_profiles.birth_ymd). */
export function yearsBefore(now: number, years: number): number {
  const d = new Date(now);
  const then = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate()));
  return then.getUTCFullYear() * 10_000 + (then.getUTCMonth() + 1) * 100 + then.getUTCDate();
}

/** The payload columns that lead the country, city and region indexes after the user type (migration 0011). */
type LeadingPayload = "search_profiles.gender" | "search_profiles.birth_ymd" | "search_profiles.price_hour";
/**
 * The shortest name prefix whose own indexes lead a search (migration 0132). One letter names about a tenth of all
 * profiles: "m" within 10 km of Berlin took 0.55 s through the name indexes and 0.51 s through the box at a million
 * profiles; from three letters on a prefix is far rarer than any box ("ann": 0.04 s against 0.63 s).
 */
const NAME_LEAD_MIN_LENGTH = 3;
const nameLeads = (plan: Plan) => [...(plan.name ?? "")].length >= NAME_LEAD_MIN_LENGTH;

/** The place columns that lead the geo, country, region and city indexes after (or before) the user type (0011). */
type PlaceLeading = "search_profiles.lat" | "search_profiles.country_code" | "search_profiles.city_id";

/**
 * A leading payload column as a filter reads it. In radius mode the box must lead (the geo index, ADR 011): with a
 * gender and an age filter, SQLite's estimates preferred the country index (every German match of that gender and
 * age, the box tested per entry) — on ~860,000 rows the bar's page took 814 ms of CPU that way and ~80 ms through
 * the box (docs/performance.md, "search1m"). `+column` is the same value that neither database matches to an index
 * column, so those terms filter inside the box's range instead of choosing the range (ADR 142). The box bounds the
 * cost: a rare gender in a wide radius reads no more than the same search without the filter.
 */
function filtered(column: LeadingPayload, boxLed: boolean): RawBuilder<number> {
  return boxLed ? sql<number>`+${sql.ref(column)}` : sql<number>`${sql.ref(column)}`;
}

/** The birth dates (YYYYMMDD) an age range accepts: born on or before maxBirth, after minBirthExclusive. */
export function birthBounds(range: Range | undefined, now: number): { maxBirth: number | null; minBirthExclusive: number | null } {
  // age >= min ⇔ born on or before today − min years; age <= max ⇔ born after today − (max+1) years.
  return {
    maxBirth: range && range[0] !== "*" ? yearsBefore(now, range[0]) : null,
    minBirthExclusive: range && range[1] !== "*" ? yearsBefore(now, range[1] + 1) : null,
  };
}

function ageConditions(eb: EB, range: Range, now: number, boxLed: boolean): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  const birth = filtered("search_profiles.birth_ymd", boxLed);
  const { maxBirth, minBirthExclusive } = birthBounds(range, now);
  if (maxBirth !== null) out.push(eb(birth, "<=", maxBirth));
  if (minBirthExclusive !== null) out.push(eb(birth, ">", minBirthExclusive));
  return out;
}

function between(
  eb: EB,
  column: "search_profiles.height_cm" | "search_profiles.weight_kg" | "search_profiles.price_hour",
  range: Range,
  boxLed = false,
): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  const value = column === "search_profiles.price_hour" ? filtered(column, boxLed) : sql<number>`${sql.ref(column)}`;
  if (range[0] !== "*") out.push(eb(value, ">=", range[0]));
  if (range[1] !== "*") out.push(eb(value, "<=", range[1]));
  if (out.length === 0) out.push(eb(value, "is not", null));
  return out;
}

/** A time price for a duration other than the hour (the hour is a search_profiles column). */
function priceInRange(eb: EB, duration: number, range: Range) {
  let q = eb
    .selectFrom("profile_prices")
    .select(sql<number>`1`.as("one"))
    .whereRef("profile_prices.user_id", "=", "search_profiles.user_id")
    .where("profile_prices.item_type", "=", 1)
    .where("profile_prices.duration_minutes", "=", duration);
  if (range[0] !== "*") q = q.where("profile_prices.price_eur", ">=", range[0]);
  if (range[1] !== "*") q = q.where("profile_prices.price_eur", "<=", range[1]);
  return eb.exists(q);
}

function hasPublicAvatar(eb: EB, levels: readonly string[]) {
  return eb.exists(
    eb
      .selectFrom("media")
      .select(sql<number>`1`.as("one"))
      .whereRef("media.user_id", "=", "search_profiles.user_id")
      .where("media.is_avatar", "=", 1)
      .where("media.status", "=", 1)
      .where("media.visibility", "in", [...levels]),
  );
}

/** Great-circle distance in km from a fixed point (constants inlined: finite numbers only). */
function distanceSql(lat: number, lon: number) {
  const lat0 = sql.lit((lat * Math.PI) / 180);
  const lon0 = sql.lit((lon * Math.PI) / 180);
  const cosLat0 = sql.lit(Math.cos((lat * Math.PI) / 180));
  return sql<number>`(${sql.lit(2 * EARTH_RADIUS_KM)} * asin(sqrt(
    power(sin((radians(search_profiles.lat) - ${lat0}) / 2), 2)
    + ${cosLat0} * cos(radians(search_profiles.lat)) * power(sin((radians(search_profiles.lon) - ${lon0}) / 2), 2))))`;
}

/** Squared distance in km² on the plane tangent at the search point (equirectangular). */
function planarSquaredKm(lat: number, lon: number) {
  const kLat = sql.lit(KM_PER_DEGREE);
  const kLon = sql.lit(KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const dy = sql`((search_profiles.lat - ${sql.lit(lat)}) * ${kLat})`;
  const dx = sql`((search_profiles.lon - ${sql.lit(lon)}) * ${kLon})`;
  return sql<number>`(${dy} * ${dy} + ${dx} * ${dx})`;
}

/** The user types a search lists: the target's, or the SEO category's. */
export function userTypesOf(plan: Pick<Plan, "userTypes" | "target">): readonly number[] {
  return plan.userTypes ?? [TARGET_USER_TYPE[plan.target]];
}

/**
 * The one WHERE clause of a search (page, total and facets). search_profiles
 * holds listed profiles only, so listing rules need no condition here. Terms
 * are ordered cheap-first: SQLite evaluates them in this order on each index
 * entry, and the haversine distance (the costliest) only runs on what is left.
 */
export function searchConditions(eb: EB, plan: Plan, dialect: Dialect, extra?: (eb: EB) => Expression<SqlBool>): Expression<SqlBool> {
  const { filter, now } = plan;
  const and: Expression<SqlBool>[] = [];
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  // A name prefix of NAME_LEAD_MIN_LENGTH letters leads on SQLite: its indexes (0132) read a few thousand rows where
  // the box or the country read hundreds of thousands, but SQLite's estimates chose the box (0.63 s for "ann" within
  // 100 km of Berlin at a million profiles). The place's columns are then written `+column` (no index matches them;
  // see filtered). PostgreSQL's statistics weigh the prefix themselves.
  const nameLed = nameLeads(plan) && dialect === "sqlite";
  const place = <T>(column: PlaceLeading) => (nameLed ? sql<T>`+${sql.ref(column)}` : sql<T>`${sql.ref(column)}`);
  // Where the profiles live; touring members of the place join them (one OR, only when there are any).
  const home: Expression<SqlBool>[] = [];
  if (radius) {
    const box = boundingBox(radius.lat, radius.lon, radius.radius);
    home.push(eb(place<number>("search_profiles.lat"), ">=", box.minLat), eb(place<number>("search_profiles.lat"), "<=", box.maxLat));
    home.push(eb("search_profiles.lon", ">=", box.minLon), eb("search_profiles.lon", "<=", box.maxLon));
  } else if (plan.location.mode === "radius") {
    home.push(eb("search_profiles.lat", "is not", null));
  }
  if (filter.country && filter.country.length > 0) home.push(eb(place<string>("search_profiles.country_code"), "in", filter.country));
  if (plan.place?.cityId !== undefined) home.push(eb(place<number>("search_profiles.city_id"), "=", plan.place.cityId));
  else if (plan.place?.regionCode !== undefined) home.push(eb("search_profiles.region_code", "=", plan.place.regionCode));
  const touringIds = [...(plan.touring?.keys() ?? [])];
  if (touringIds.length === 0) and.push(...home);
  else {
    const within = radius ? [eb(distanceSql(radius.lat, radius.lon), "<=", radius.radius)] : [];
    and.push(eb.or([eb.and([...home, ...within]), eb("search_profiles.user_id", "in", touringIds)]));
  }
  // The stopping page's tier reads in radius mode: the tier and the box lead (search_profiles_rank_geo), and the user
  // type, as `+column`, cannot make the box index (user type, box) the cheaper-looking range (ADR 147).
  const userType = (plan.tierLed && radius) || nameLed ? sql<number>`+search_profiles.user_type` : sql<number>`search_profiles.user_type`;
  and.push(plan.userTypes ? eb(userType, "in", [...plan.userTypes]) : eb(userType, "=", TARGET_USER_TYPE[plan.target]));
  const loose = plan.looseFacets;
  // The box leads in radius mode (see filtered).
  const boxLed = radius !== null;
  if (filter.gender && filter.gender.length > 0 && !loose?.has("gender"))
    and.push(eb(filtered("search_profiles.gender", boxLed), "in", filter.gender));
  if (filter.age) and.push(...ageConditions(eb, filter.age, now, boxLed));
  if (filter.price) and.push(...between(eb, "search_profiles.price_hour", filter.price, boxLed));
  for (const group of ["figure_type", "race_type", "cup_size"] as const) {
    const ids = filter[group];
    if (ids && ids.length > 0 && !(group !== "cup_size" && loose?.has(group))) and.push(eb(`search_profiles.${group}`, "in", ids));
  }
  // Trait groups search_profiles does not hold: any option of each (an unknown language names none: nobody matches).
  for (const { group, optionIds } of filterTraitOptions(filter))
    and.push(optionIds.length > 0 ? hasTraitOption(eb, group, optionIds) : sql<SqlBool>`1 = 0`);
  if (filter.height) and.push(...between(eb, "search_profiles.height_cm", filter.height));
  if (filter.weight) and.push(...between(eb, "search_profiles.weight_kg", filter.weight));
  if (filter.is_smoker !== undefined) and.push(eb("search_profiles.is_smoker", "=", filter.is_smoker));
  if (filter.piercing !== undefined) and.push(eb("search_profiles.has_piercing", "=", filter.piercing === 1 ? 1 : 0));
  if (filter.tattoo !== undefined) and.push(eb("search_profiles.has_tattoo", "=", filter.tattoo === 1 ? 1 : 0));
  for (const flag of filter.only_show_type ?? []) {
    switch (flag) {
      // "Visible now": the profile has switched on available-now.
      case "is_visible":
        and.push(eb("search_profiles.available_now_until", ">", now));
        break;
      case "is_new":
        and.push(eb("search_profiles.created_at", ">", now - NEW_PROFILE_DAYS * DAY));
        break;
      case "is_verified":
        and.push(eb("search_profiles.verified", "=", 1));
        break;
      case "has_avatar":
        and.push(hasPublicAvatar(eb, plan.mediaLevels));
        break;
      // On tour here: an active tour in the searched place (ADR 028).
      case "on_tour":
        and.push(touringIds.length > 0 ? eb("search_profiles.user_id", "in", touringIds) : sql<SqlBool>`1 = 0`);
        break;
      case "has_review":
        and.push(eb("search_profiles.review_count", ">", 0));
        break;
      case "is_hot":
        and.push(eb("search_profiles.is_hot", "=", 1));
        break;
      case "is_member":
        and.push(plusRunningSql("search_profiles", now));
        break;
      case "safe_sex_status":
        and.push(eb("search_profiles.safe_sex_status", "=", 1));
        break;
      // Paid or fans-only media, or a bundle for sale (issue 28 item 6; access/paid-media.ts, one rule with the lists).
      case "exclusive_content":
        and.push(hasExclusiveContentSql("search_profiles.user_id", plan.mediaLevels, now));
        break;
      // Adult photos (spec section 6 "fsk18 photos"): only for a viewer whose fsk18 content is open in this session
      // (the access kernel's age gate); from anyone else the parameter is ignored, as if it had not been sent.
      case "fsk18_photos":
        if (plan.viewer.isAgeVerified && plan.target === "escort")
          and.push(
            eb.exists(
              eb
                .selectFrom("media")
                .select("media.id")
                .whereRef("media.user_id", "=", "search_profiles.user_id")
                .where("media.visibility", "=", "fsk18")
                .where("media.kind", "=", MEDIA_KIND.photo)
                .where("media.status", "=", MEDIA_STATUS.accepted),
            ),
          );
        break;
    }
  }
  if (filter.business_kind) {
    // Businesses are few beside people: the kind is looked up by primary key for the rows the user type left, no
    // column of its own in search_profiles (and no scan of users, which a non-correlated IN would be).
    and.push(
      eb.exists(
        eb
          .selectFrom("users")
          .select("users.id")
          .whereRef("users.id", "=", "search_profiles.user_id")
          .where("users.business_kind", "=", filter.business_kind),
      ),
    );
  }
  for (const duration of PRICE_DURATIONS) {
    const range = filter[`price_${duration}`];
    if (range)
      and.push(
        duration === DEFAULT_PRICE_DURATION
          ? eb.and(between(eb, "search_profiles.price_hour", range, boxLed))
          : priceInRange(eb, duration, range),
      );
  }
  if (plan.viewer.id !== null) {
    and.push(eb("search_profiles.user_id", "!=", plan.viewer.id));
    and.push(notBlockedWith(eb, plan.viewer.id, "search_profiles.user_id"));
  } else {
    // Profiles for logged-in members only (spec section 6; clients by type, ADR 023) never reach guests' results.
    and.push(isGuestVisibleSearchRow(eb));
  }
  if (plan.directory) and.push(directoryConditionSql(eb, plan.directory));
  if (extra) and.push(extra(eb));
  if (plan.name) and.push(eb.or(namePrefixConditions(plan.name, dialect)));
  if (radius && touringIds.length === 0) and.push(eb(distanceSql(radius.lat, radius.lon), "<=", radius.radius));
  return eb.and(and);
}

/**
 * The name filter (the spec's query.name): a prefix of the username or of the display name, any case, each condition
 * one range of migration 0132's indexes. PostgreSQL's lower() folds every letter, so name_key holds the lowered name
 * and LIKE 'prefix%' is exact (text_pattern_ops serves it). SQLite's lower() folds ASCII letters only: name_key keeps
 * the capital of "Łucja" or "Özlem", and LIKE (ASCII-only case folding too) never matched "łu" or "öz". There each letter
 * with a one-character capital matches both (a GLOB class), and the first letter's two spellings are two GLOBs, so
 * each begins with a literal that SQLite turns into an index range. Usernames are ASCII (letters, digits, _ . -).
 */
export function namePrefixConditions(name: string, dialect: Dialect): RawBuilder<SqlBool>[] {
  const prefix = name.toLowerCase();
  if (dialect === "postgres") {
    const pattern = `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return [
      sql<SqlBool>`search_profiles.username_key like ${pattern} escape '\\'`,
      sql<SqlBool>`search_profiles.name_key like ${pattern} escape '\\'`,
    ];
  }
  const [first = "", ...rest] = [...prefix];
  const tail = rest.map(globLetter).join("");
  const firstSpellings = new Set([first, capitalOf(first) ?? first]);
  return [
    sql<SqlBool>`search_profiles.username_key glob ${`${[...prefix].map(globLiteral).join("")}*`}`,
    ...[...firstSpellings].map((spelling) => sql<SqlBool>`search_profiles.name_key glob ${`${globLiteral(spelling)}${tail}*`}`),
  ];
}

/** A non-ASCII letter's capital when it is one character (ß's is "SS": none); ASCII is lowered by SQLite itself. */
function capitalOf(ch: string): string | null {
  const capital = ch.toUpperCase();
  return ch.charCodeAt(0) > 0x7f && capital !== ch && [...capital].length === 1 ? capital : null;
}

/** GLOB's own wildcards, matched literally. */
function globLiteral(ch: string): string {
  return ch === "*" || ch === "?" || ch === "[" || ch === "]" ? `[${ch}]` : ch;
}

function globLetter(ch: string): string {
  const capital = capitalOf(ch);
  return capital ? `[${ch}${capital}]` : globLiteral(ch);
}

/**
 * Ranking score (docs/search-ranking.md): plus membership, verification, reviews,
 * recent activity and popularity; a running rise-up comes before any score
 * (risenFirst). The plus term is the benefit better_search_position, granted to
 * every kind of plus member (contract/entitlements), so the SQL asks only
 * whether plus runs.
 */
function rankingScore(now: number) {
  // Popularity is capped so that bought or faked favorites lift a profile within its tier, never above it.
  // The terms that never change with the clock are defined once with the indexed bound (the rank tier, migration 0127).
  return sql<number>`(
    ${sql.raw(fixedScoreTermsSql("search_profiles."))}
    + (case when ${plusRunningSql("search_profiles", sql.lit(now))} then ${sql.lit(PLUS_BONUS)} else 0 end)
    + (case when search_profiles.last_login_at > ${sql.lit(now - DAY)} then ${sql.lit(LOGIN_BONUS_MAX)}
            when search_profiles.last_login_at > ${sql.lit(now - 7 * DAY)} then 100
            when search_profiles.last_login_at > ${sql.lit(now - 30 * DAY)} then 50 else 0 end)
  )`;
}

/** A tile's rise-up label: the band while the profile rose within 72 hours, else none (ADR 084). */
function recentRiseOf(riseUpUntil: number | string | null, now: number): SearchHit["risen"] {
  const band = riseUpBandOf(risenAtOf(riseUpUntil === null ? null : Number(riseUpUntil)), now);
  return band === "72+" ? null : band;
}

/** Distance rings (km) of top_ranking_distance_ring: near rings first, ranked within. */
export const DISTANCE_RINGS_KM = [5, 10, 20, 50, 100] as const;

/** A distance expression in which touring members sit at their tour city (their distance is known in advance). */
function touringDistance(plan: Plan, expression: RawBuilder<number>, of: (km: number) => number): RawBuilder<number> {
  const cases = [...(plan.touring ?? [])].flatMap(([id, tour]) =>
    tour.distance_km === null ? [] : [sql`when ${sql.lit(id)} then ${sql.lit(of(tour.distance_km))}`],
  );
  if (cases.length === 0) return expression;
  return sql<number>`(case search_profiles.user_id ${sql.join(cases, sql` `)} else ${expression} end)`;
}

/**
 * Running rise-ups first (issue 27 item 3, ADR 084), the newest first: every rise-up lasts RISE_UP_HOURS, so the
 * later end is the later start. Compared with `now` here, so a rise-up ends on time without a job. It leads the
 * ranking sorts only; a sort the member chose by a fact (distance, price, rating, last login) stays that fact's.
 */
function risenFirst(now: number) {
  return sql`(case when search_profiles.rise_up_until > ${sql.lit(now)} then search_profiles.rise_up_until else 0 end) desc`;
}

/** A row's distance ring (0 … DISTANCE_RINGS_KM.length) from the search point, touring members at their tour city. */
function ringOf(plan: Plan, radius: { lat: number; lon: number }): RawBuilder<number> {
  const squared = touringDistance(plan, planarSquaredKm(radius.lat, radius.lon), (km) => km * km);
  return sql<number>`(case ${sql.join(
    DISTANCE_RINGS_KM.map((km, i) => sql`when ${squared} < ${sql.lit(km * km)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(DISTANCE_RINGS_KM.length)} end)`;
}

function orderFor(sort: SearchSort, plan: Plan) {
  const score = rankingScore(plan.now);
  const risen = risenFirst(plan.now);
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  const distance = radius ? touringDistance(plan, distanceSql(radius.lat, radius.lon), (km) => km) : null;
  const tail = [sql`search_profiles.last_login_at desc`, sql`search_profiles.user_id desc`];
  switch (sort) {
    case "distance":
      return distance ? [sql`${distance} asc`, ...tail] : [risen, sql`${score} desc`, ...tail];
    case "top_ranking_distance_ring": {
      if (!radius) return [risen, sql`${score} desc`, ...tail];
      // Ring membership compares a planar squared distance (no trigonometry per row; up to five
      // comparisons per row): within 500 km its error is ~1 %, irrelevant for ranking buckets.
      return [risen, sql`${ringOf(plan, radius)} asc`, sql`${score} desc`, ...tail];
    }
    case "rating":
      return [
        sql`(case when search_profiles.rating_avg is null then 1 else 0 end) asc`,
        sql`search_profiles.rating_avg desc`,
        sql`search_profiles.review_count desc`,
        ...tail,
      ];
    case "reviews_number_high_to_low":
      return [sql`search_profiles.review_count desc`, sql`${score} desc`, ...tail];
    case "last_login_at":
      return [sql`(case when search_profiles.last_login_at is null then 1 else 0 end) asc`, ...tail];
    case "price_low_to_high":
    case "price_high_to_low":
      return [
        sql`(case when search_profiles.price_hour is null then 1 else 0 end) asc`,
        sql`search_profiles.price_hour ${sql.raw(sort === "price_low_to_high" ? "asc" : "desc")}`,
        ...tail,
      ];
    case "top_ranked":
      // Reviews weigh in: well-rated profiles with many reviews, then the ranking score.
      return [
        risen,
        sql`(coalesce(search_profiles.rating_avg, 0) * (case when search_profiles.review_count > 20 then 20 else search_profiles.review_count end)) desc`,
        sql`${score} desc`,
        ...tail,
      ];
    case "top_ranking":
      return [risen, sql`${score} desc`, ...tail];
  }
}

/**
 * Whether the page can stop at enough rows (ADR 147): the sort is the ranking (rise-up, score, last login, id; with
 * rings: rise-up, ring, score, …), and
 * an index leads with the user type and the tier — radius mode with a box (search_profiles_rank_geo) or countries
 * without a directory place (search_profiles_rank_country). Touring members join through an OR that no index range
 * serves; other sorts order by facts the tier does not bound. Everything else reads the exact page.
 */
function stoppingPageServes(sort: SearchSort, plan: Plan): boolean {
  const boxed = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS;
  const ranking = sort === "top_ranking" || sort === "top_ranking_distance_ring" || (!boxed && sort === "distance");
  if (!ranking || (plan.touring?.size ?? 0) > 0) return false;
  // A name prefix's matches are few and read through its own indexes (0132): sorting them all is cheaper than tier
  // reads, which lead with the rank index over the whole box.
  if (nameLeads(plan)) return false;
  if (boxed) return true;
  return plan.location.mode === "country" && (plan.filter.country?.length ?? 0) > 0 && plan.place === undefined;
}

/** The tiers below the risen one, from the top. */
const TIERS_DOWN = Array.from({ length: MAX_RANK_TIER + 1 }, (_, i) => MAX_RANK_TIER - i);
/** Tier reads after which the stopping page gives up and reads the exact page (a sparse search over many rings). */
const MAX_TIER_READS = 40;

/**
 * The candidates of a ranked page that reads tier by tier instead of every match (ADR 147), or null where reading
 * every match is cheaper. The risen tier first (running rise-ups come before everything), then, ring by ring for the
 * ring sort (one ring otherwise), the tiers downwards; each read takes that group's best `need` rows in the exact
 * order. Unread rows are then in lower tiers of the current ring (neither risen nor scored above
 * t × RANK_TIER_WIDTH − 1 + LOGIN_BONUS_MAX) or in later rings. A row read comes before every unread row when its
 * rise-up runs, when its ring is an earlier one, or when it is in the current ring and scores at least
 * t × RANK_TIER_WIDTH + LOGIN_BONUS_MAX. Once `need` rows do, the first `need` rows of all matches are among those read
 * (a row of a group read but not taken has `need` rows of its own group ahead of it); the caller orders them with the
 * same ORDER BY (the database's own tie and NULL rules), so the page is the exact query's.
 */
async function stoppingPage(
  from: (loose: undefined, tierLed: boolean) => ReturnType<FromFn>,
  plan: Plan,
  sort: SearchSort,
  need: number,
): Promise<number[] | null> {
  const score = rankingScore(plan.now);
  const order = orderFor(sort, plan);
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  const ring = sort === "top_ranking_distance_ring" && radius ? ringOf(plan, radius) : sql<number>`0`;
  const rings = sort === "top_ranking_distance_ring" && radius ? DISTANCE_RINGS_KM.length + 1 : 1;
  const read = new Map<number, { score: number; risen: boolean; ring: number }>();
  let reads = 0;
  const readTier = async (tier: number, inRing: number | null) => {
    reads += 1;
    const rows = await from(undefined, true)
      .where(sql.raw(rankTierSql("search_profiles.")), "=", tier)
      .$if(inRing !== null && rings > 1, (qb) => qb.where(ring, "=", inRing!))
      .select([
        "search_profiles.user_id",
        score.as("rank_score"),
        sql<number>`(case when search_profiles.rise_up_until > ${sql.lit(plan.now)} then 1 else 0 end)`.as("rank_risen"),
        ring.as("rank_ring"),
      ])
      .$call((qb) => order.reduce((q, term) => q.orderBy(term), qb))
      .limit(need)
      .execute();
    for (const row of rows)
      read.set(row.user_id, { score: Number(row.rank_score), risen: Number(row.rank_risen) === 1, ring: Number(row.rank_ring) });
  };
  await readTier(RISEN_TIER, null);
  for (let current = 0; current < rings; current++) {
    for (const tier of TIERS_DOWN) {
      if (reads >= MAX_TIER_READS) return null;
      await readTier(tier, current);
      const floor = tier * RANK_TIER_WIDTH + LOGIN_BONUS_MAX;
      let ahead = 0;
      for (const r of read.values()) if (r.risen || r.ring < current || (r.ring === current && r.score >= floor)) ahead += 1;
      if (ahead >= need) return [...read.keys()];
    }
  }
  return [...read.keys()]; // every group read: every match that can be on the page was read
}

function ageOf(birthYmd: number | null, now: number): number | null {
  if (birthYmd === null) return null;
  const today = new Date(now);
  const [y, m, d] = [Math.floor(birthYmd / 10_000), Math.floor(birthYmd / 100) % 100, birthYmd % 100];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export interface SearchInput {
  request: ParsedSearchRequest;
  viewer: ViewerContext;
  viewerGender: number | null;
  /** An extra condition, ANDed with the request's: always the SQL path (the column index cannot read a callback). */
  extra?: (eb: EB) => Expression<SqlBool>;
  /** The SEO directory's condition, declared (directory-filter.ts): the SQL and the column index both build from it. */
  directory?: DirectoryCondition;
  /** Overrides the user-type condition (SEO categories span several types). */
  userTypes?: readonly number[];
  /** A directory place inside the country filter (the directory's city or region). */
  place?: SearchPlace;
  /** Profiles where they live only, without members touring there (counts per child place). */
  homesOnly?: boolean;
  /** "exact": the page reads and ranks every match (tests compare the stopping page with it). */
  pagePath?: "exact" | "auto";
  /**
   * Who answers (ADR 151): "sql" the queries alone; "index" the column index, waiting for its load and failing where it
   * cannot answer (tests); "auto" the index where it holds the search's filters and is loaded. Default: config.searchIndex.
   */
  engine?: "sql" | "index" | "auto";
}

/** Active tours in the searched place, by member (one tour at a time: tours never overlap). */
async function touringIn(deps: ApiDeps, location: SearchLocation, filter: FilterQuery, place: SearchPlace | undefined) {
  const radius = location.mode === "radius" && location.radius !== GLOBAL_RADIUS ? location : null;
  const tours = await activeTours(deps, {
    ...(radius ? { box: boundingBox(radius.lat, radius.lon, radius.radius) } : {}),
    ...(filter.country && filter.country.length > 0 ? { countries: filter.country } : {}),
    ...(place?.cityId !== undefined ? { cityId: place.cityId } : place?.regionCode !== undefined ? { regionCode: place.regionCode } : {}),
  });
  const out = new Map<number, ActiveTour & { distance_km: number | null }>();
  for (const tour of tours) {
    const distance = radius ? haversineKm(radius, tour) : null;
    if (distance !== null && radius && distance > radius.radius) continue;
    if (!out.has(tour.user_id)) out.set(tour.user_id, { ...tour, distance_km: distance });
  }
  return out;
}

/** How a search request reads: its plan and the filtered search_profiles query it starts from. */
export async function searchScope(deps: ApiDeps, input: SearchInput) {
  const { request, viewer } = input;
  const now = deps.clock.now();
  const searcher = searcherOf(viewer, input.viewerGender);
  const filter = request.filterquery;
  const target = searchTargetFor(searcher, filter.user_type, request.searchMode);
  const location = usableLocation(filter, wideRadiusFor(searcher));
  if (!location) throw fail.badRequest("validation.search.location_required", "filterquery.location");
  const sort: SearchSort = request.sort ?? defaultSortFor(searcher).sort;
  const plan: Plan = {
    viewer,
    target,
    location,
    filter,
    name: request.query?.name || undefined,
    now,
    mediaLevels: visibleMediaLevels(viewer),
    ...(input.userTypes ? { userTypes: input.userTypes } : {}),
    ...(input.place ? { place: input.place } : {}),
    ...(input.directory ? { directory: input.directory } : {}),
    touring: input.homesOnly ? new Map() : await touringIn(deps, location, filter, input.place),
  };
  /** The filtered rows; `loose` term filters are left to the caller (disjunctive facets). */
  // Planned for each search's own values: its best plan depends on the radius and filters (prepared.ts).
  const from = (loose?: ReadonlySet<LooseFacet>, tierLed = false): ReturnType<FromFn> =>
    deps.db
      .selectFrom("search_profiles")
      .where((eb) => searchConditions(eb, { ...plan, ...(loose ? { looseFacets: loose } : {}), tierLed }, deps.dialect, input.extra))
      .modifyEnd(PLAN_PER_VALUES);
  return { plan, from, sort, target, location, now };
}

/** Which of these ids the SQL's distance puts within the search's radius (the index asks about rows at the radius). */
function insideRadiusOf(deps: ApiDeps, location: SearchLocation) {
  return async (ids: readonly number[]): Promise<Set<number>> => {
    if (location.mode !== "radius" || ids.length === 0) return new Set();
    const rows = await deps.db
      .selectFrom("search_profiles")
      .select("search_profiles.user_id")
      .where("search_profiles.user_id", "in", [...ids])
      .where(distanceSql(location.lat, location.lon), "<=", location.radius)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  };
}

export type { PlaceColumn };

/** A child place's profiles (the directory's counts by place). */
export interface PlaceCount {
  key: string;
  count: number;
}

/**
 * The index's counts by place as the SQL returns them (`ORDER BY count DESC, key`, places unknown left out): numbers by
 * value, codes by their bytes (both databases' C collation).
 */
function largestPlaces(values: ReadonlyArray<[number | string | null, number]>, limit: number): PlaceCount[] {
  const counts = values.flatMap(([key, n]) => (key === null || n === 0 ? [] : [{ key, count: n }]));
  counts.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return counts.slice(0, limit).map((c) => ({ key: String(c.key), count: c.count }));
}

/**
 * The matches counted per place (where they live: no touring members), the largest `limit` first, ties by the key;
 * places unknown (NULL) are left out. The column index counts them where it holds the search, the SQL otherwise.
 */
export async function countsByPlace(deps: ApiDeps, input: SearchInput, by: PlaceColumn, limit: number): Promise<PlaceCount[]> {
  const { plan, from, now, location } = await searchScope(deps, { ...input, homesOnly: true });
  const engine = input.engine ?? (deps.config.searchIndex ? "auto" : "sql");
  if (engine !== "sql" && indexHolds(plan, input.extra !== undefined)) {
    const answer = await indexedSearch(
      deps,
      {
        plan,
        userTypes: userTypesOf(plan),
        sort: "top_ranking",
        need: 0,
        byPlace: by,
        facets: null,
        ageBounds: birthBounds(plan.filter.age, now),
        mode: engine === "index" ? "index" : "auto",
        loose: new Set(),
        insideRadius: insideRadiusOf(deps, location),
      },
      DISTANCE_RINGS_KM,
    );
    if (engine === "index" && !answer?.placeCounts) throw new Error("search: the column index cannot answer this search (engine: index)");
    if (answer?.placeCounts) return largestPlaces(answer.placeCounts, limit);
  }
  const column = sql.ref(`search_profiles.${by}`);
  const rows = await from()
    .select([column.as("k"), (eb) => eb.fn.countAll<number>().as("n")])
    .where(`search_profiles.${by}`, "is not", null)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc, 1`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: String(r.k), count: Number(r.n) }));
}

export async function runSearch(deps: ApiDeps, input: SearchInput): Promise<SearchResult> {
  return (await searchPass(deps, input, true, null)) as SearchResult;
}

/** Only the ranked page (no total, no facets): teasers and other short lists. */
export async function runSearchPage(deps: ApiDeps, input: SearchInput): Promise<SearchHit[]> {
  return (await searchPass(deps, input, false, null)).hits;
}

/**
 * A search and its matches counted by place as countsByPlace counts them (a directory page's listing and its child
 * places): one pass of the column index where it holds the search (ADR 163). The counts are a function, so that on
 * the SQL path their GROUP BY runs only when the caller needs them (not for a page that answers 404).
 */
export async function runSearchWithPlaceCounts(
  deps: ApiDeps,
  input: SearchInput,
  by: PlaceColumn,
  limit: number,
): Promise<{ result: SearchResult; placeCounts: () => Promise<PlaceCount[]> }> {
  const { placeCounts, ...result } = await searchPass(deps, input, true, by);
  return {
    result: result as SearchResult,
    placeCounts: placeCounts
      ? () => Promise.resolve(largestPlaces(placeCounts, limit))
      : () => countsByPlace(deps, { ...input, engine: "sql" }, by, limit),
  };
}

async function searchPass(
  deps: ApiDeps,
  input: SearchInput,
  withAggregate: boolean,
  byPlace: PlaceColumn | null,
): Promise<(SearchResult | { hits: SearchHit[] }) & { placeCounts?: IndexedAnswer["placeCounts"] }> {
  const { request } = input;
  const { plan, from, sort, target, location, now } = await searchScope(deps, input);

  // Two passes: the ordered page (stopping early where it can, see stoppingPage), and one GROUP BY over the
  // matching index range that yields the total and every facet at once.
  const pageSize = request.page_size;
  const offset = (request.page_no - 1) * pageSize;
  // `matched`: the ids are matches already (the column index's candidates): read by primary key alone, since the
  // search's own WHERE let SQLite's planner range over the box or country index instead of the ids.
  const page = (only?: readonly number[], matched = false) =>
    (matched ? deps.db.selectFrom("search_profiles") : from())
      .$if(only !== undefined, (qb) => qb.where("search_profiles.user_id", "in", [...(only ?? [])]))
      .select([
        // Only columns of the covering indexes (migration 0011): the page never reads the table.
        "search_profiles.user_id",
        "search_profiles.user_type",
        "search_profiles.gender",
        "search_profiles.birth_ymd",
        "search_profiles.is_member",
        "search_profiles.member_until",
        "search_profiles.last_login_at",
        "search_profiles.verified",
        "search_profiles.review_count",
        "search_profiles.rating_avg",
        "search_profiles.price_hour",
        "search_profiles.rise_up_until",
      ])
      .$if(location.mode === "radius", (qb) => qb.select(["search_profiles.lat", "search_profiles.lon"]))
      .$call((qb) => orderFor(sort, plan).reduce((q, term) => q.orderBy(term), qb))
      .limit(pageSize)
      .offset(offset)
      .execute();
  const dims = withAggregate ? facetDimensions(request, target, now) : null;
  // The column index (ADR 151) where it holds every filter of the search; the SQL below otherwise.
  const engine = input.engine ?? (deps.config.searchIndex ? "auto" : "sql");
  const indexed =
    engine !== "sql" && indexHolds(plan, input.extra !== undefined)
      ? await indexedSearch(
          deps,
          {
            plan,
            userTypes: userTypesOf(plan),
            sort,
            need: offset + pageSize,
            ...(byPlace ? { byPlace } : {}),
            facets: dims,
            ageBounds: birthBounds(plan.filter.age, now),
            mode: engine === "index" ? "index" : "auto",
            loose: dims ? looseOf(dims) : new Set(),
            insideRadius: insideRadiusOf(deps, location),
          },
          DISTANCE_RINGS_KM,
        )
      : null;
  if (engine === "index" && !indexed) throw new Error("search: the column index cannot answer this search (engine: index)");
  const stopping = input.pagePath !== "exact" && stoppingPageServes(sort, plan);
  const [rows, aggregate] = await Promise.all([
    indexed?.pageIds
      ? indexed.pageIds.length === 0
        ? []
        : page(indexed.pageIds, true)
      : stopping
        ? stoppingPage(from, plan, sort, offset + pageSize).then((ids) => (ids === null ? page() : ids.length === 0 ? [] : page(ids)))
        : page(),
    dims === null ? null : indexed?.counts ? foldFacetCounts(dims, indexed.counts) : totalAndFacets(from, dims),
  ]);
  const ids = rows.map((r) => r.user_id);
  const [details, avatars] = await Promise.all([displayFieldsOf(deps, ids), avatarsOf(deps.db, ids, plan.mediaLevels)]);

  const point = location.mode === "radius" ? location : null;
  // A row whose user is gone (derived data out of step) is skipped, never shown as an empty tile.
  const hits: SearchHit[] = rows.flatMap((r) => {
    const shown = details.get(r.user_id);
    if (!shown) return [];
    const touring = plan.touring?.get(r.user_id) ?? null;
    const hit: SearchHit = {
      user_id: r.user_id,
      username: shown.username,
      display_name: shown.display_name,
      user_type: r.user_type,
      // A business is no person (ADR 069): no gender or age on its tile.
      gender: r.user_type === USER_TYPE.business ? null : r.gender,
      age: r.user_type === USER_TYPE.business ? null : ageOf(r.birth_ymd, now),
      city_name: shown.city_name,
      city_slug: shown.city_slug,
      city_id: shown.city_id,
      country_code: shown.country_code,
      distance_km: touring
        ? touring.distance_km === null
          ? null
          : Math.round(touring.distance_km * 10) / 10
        : point && shown.lat !== null && shown.lon !== null
          ? Math.round(haversineKm(point, { lat: shown.lat, lon: shown.lon }) * 10) / 10
          : null,
      price: r.price_hour === null ? null : { duration_minutes: DEFAULT_PRICE_DURATION, price_eur: Number(r.price_hour) },
      avatar: avatars.get(r.user_id) ?? null,
      is_member: plusRunning(r, now),
      is_new: Number(shown.created_at) > now - NEW_PROFILE_DAYS * DAY,
      is_verified: r.verified === 1,
      is_hot: shown.is_hot === 1,
      // The owner's choice (user/date_review_display): hidden reviews and averages are not shown on tiles.
      review_count: shown.reviews_shown === 1 ? Number(r.review_count) : 0,
      rating_avg: r.rating_avg === null || shown.rating_shown !== 1 ? null : Number(r.rating_avg),
      last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
      tour: touring ? { city_name: touring.city_name, date_from: touring.date_from, date_to: touring.date_to } : null,
      // The messenger's hot/new-escort rule as it applies to this viewer, from the columns read above (no query per tile).
      contact_rule: tileContactRule(
        plan.viewer,
        {
          user_type: r.user_type,
          is_hot: shown.is_hot,
          created_at: Number(shown.created_at),
          last_active_at: shown.last_active_at,
          last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
        },
        now,
      ),
      risen: recentRiseOf(r.rise_up_until, now),
    };
    return [hit];
  });

  if (!aggregate) return { hits };
  return {
    hits,
    meta: {
      total: aggregate.total,
      page_no: request.page_no,
      page_size: pageSize,
      sort,
      target,
      location: point ? { lat: point.lat, lon: point.lon, radius: point.radius } : null,
      countries: location.mode === "country" ? location.countries : null,
      facets: aggregate.facets,
    },
    ...(indexed?.placeCounts ? { placeCounts: indexed.placeCounts } : {}),
  };
}

/** What a hit shows beyond the ranking columns, for the page's hits only (24 primary-key lookups). */
async function displayFieldsOf(deps: ApiDeps, userIds: number[]) {
  const out = new Map<
    number,
    {
      username: string;
      display_name: string;
      city_name: string | null;
      city_slug: string | null;
      city_id: number | null;
      country_code: string | null;
      lat: number | null;
      lon: number | null;
      created_at: number;
      last_active_at: number | null;
      is_hot: number;
      reviews_shown: number;
      rating_shown: number;
    }
  >();
  if (userIds.length === 0) return out;
  const rows = await deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.created_at",
      "users.last_active_at",
      "profiles.display_name",
      "profiles.city_name",
      "profiles.city_slug",
      "profiles.city_id",
      "profiles.country_code",
      "profiles.lat",
      "profiles.lon",
      "profiles.is_hot",
      "profiles.reviews_shown",
      "profiles.rating_shown",
    ])
    .where("users.id", "in", userIds)
    .execute();
  for (const row of rows) out.set(row.id, row);
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type FromFn = () => SelectQueryBuilder<Database, "search_profiles", {}>;

/** A facet's grouping expression and how its raw group keys become buckets. */
interface FacetDimension {
  facet: TermFacet | RangeFacet;
  expr: RawBuilder<unknown>;
  /** The same value for the column index (indexed-search.ts): a column, or bands over one. */
  source: FacetSource;
  /** Fixed bucket keys (range facets list every band, zero counts included). */
  bands?: string[];
  keyOf: (raw: unknown) => string | null;
  /** For a loose facet: the raw values its filter accepts (the WHERE clause left it out). */
  accepts?: ReadonlySet<number>;
}

/** Band expressions yield the band's index (integers group faster than text); this maps it back. */
function bandKey(bands: ReadonlyArray<readonly [string, unknown]>) {
  return (raw: unknown) => (raw === null || raw === undefined ? null : (bands[Number(raw)]?.[0] ?? null));
}

/** A band's bounds as SQL (the first band whose bounds hold is the row's, as bandOf decides in the index). */
function bandCaseSql(column: "birth_ymd" | "price_hour", cases: readonly BandCase[]): RawBuilder<unknown> {
  const ref = sql.ref(`search_profiles.${column}`);
  const whens = cases.map(({ lo, hi }, index) => {
    const terms = [
      ...(lo ? [sql`${ref} ${sql.raw(lo.inclusive ? ">=" : ">")} ${sql.lit(lo.value)}`] : []),
      ...(hi ? [sql`${ref} ${sql.raw(hi.inclusive ? "<=" : "<")} ${sql.lit(hi.value)}`] : []),
    ];
    return sql`when ${sql.join(terms, sql` and `)} then ${sql.lit(index)}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} else null end)`;
}

function facetDimensions(request: ParsedSearchRequest, target: SearchTarget, now: number): FacetDimension[] {
  const dims: FacetDimension[] = [];
  if (!request.facets) return dims;
  // Each facet once: a repeated name would count its rows twice and spoil the disjunctive counts.
  const wanted = { term: [...new Set(request.facets.term ?? [])], range: [...new Set(request.facets.range ?? [])] };
  const accepting = (facet: string): { accepts?: ReadonlySet<number> } => {
    const values = (LOOSE_FACETS as readonly string[]).includes(facet) ? request.filterquery[facet as LooseFacet] : undefined;
    return values && values.length > 0 ? { accepts: new Set(values) } : {};
  };
  for (const facet of wanted.term) {
    if (facet === "gender" || facet === "country") {
      const column = facet === "gender" ? "gender" : "country_code";
      dims.push({
        facet,
        expr: sql.ref(`search_profiles.${column}`),
        source: { column },
        keyOf: (raw) => (raw === null ? null : String(raw)),
        ...accepting(facet),
      });
      continue;
    }
    const group = findTraitGroup(facet);
    if (!group || target === "business") continue;
    const keyOf =
      facet === "cup_size"
        ? // Spec section 9: cup groups a-b … k+.
          (raw: unknown) => group.options.find((o) => o.id === Number(raw))?.category ?? null
        : (raw: unknown) => (raw === null ? null : (group.options.find((o) => o.id === Number(raw))?.key ?? String(raw)));
    dims.push({
      facet,
      expr: sql.ref(`search_profiles.${facet}`),
      source: { column: facet },
      keyOf,
      ...(facet === "cup_size" ? { bands: [...CUP_SIZE_BANDS] } : {}),
      ...accepting(facet),
    });
  }
  for (const facet of wanted.range) {
    if (facet === "age") {
      const bands = Object.entries(AGE_BANDS) as [string, readonly [number, number | "*"]][];
      const cases: BandCase[] = bands.map(([, [min, max]]) => {
        const { maxBirth, minBirthExclusive } = birthBounds([min, max], now);
        return {
          hi: { value: maxBirth!, inclusive: true },
          ...(minBirthExclusive === null ? {} : { lo: { value: minBirthExclusive, inclusive: false } }),
        };
      });
      dims.push({
        facet,
        expr: bandCaseSql("birth_ymd", cases),
        source: { column: "birth_ymd", cases },
        bands: bands.map(([k]) => k),
        keyOf: bandKey(bands),
      });
    } else if (facet === "price" && target === "escort") {
      const bands = Object.entries(PRICE_BANDS) as [string, readonly [number, number | "*"]][];
      // Bands share their edges (100-150, 150-200): an edge price counts in the lower band.
      const cases: BandCase[] = bands.map(([, [min, max]]) =>
        max === "*"
          ? { lo: { value: min, inclusive: false } }
          : { lo: { value: min, inclusive: true }, hi: { value: max, inclusive: true } },
      );
      dims.push({
        facet,
        expr: bandCaseSql("price_hour", cases),
        source: { column: "price_hour", cases },
        bands: bands.map(([k]) => k),
        keyOf: bandKey(bands),
      });
    }
  }
  return dims;
}

/**
 * The total and every requested facet from ONE grouped pass: rows are
 * grouped by the combination of facet values (a few hundred groups at most),
 * the total is the sum of all groups, each facet the sum over the others.
 * A loose facet's filter (gender, figure, race) is applied here instead of in
 * SQL: a group counts toward the total when every filter accepts it, and
 * toward a facet when every filter but that facet's own does — so choosing
 * "female" still shows how many men the search would find.
 */
async function totalAndFacets(
  from: (loose?: ReadonlySet<LooseFacet>) => ReturnType<FromFn>,
  dims: FacetDimension[],
): Promise<{ total: number; facets: SearchResult["meta"]["facets"] }> {
  const loose = looseOf(dims);
  const rows = (await from(loose)
    .select([...dims.map((d, i) => d.expr.as(`f${i}`)), (eb) => eb.fn.countAll<number>().as("n")])
    .$if(dims.length > 0, (qb) => qb.groupBy(dims.map((_, i) => sql.lit(i + 1))))
    .execute()) as FacetGroup[];
  return foldFacetGroups(dims, rows);
}

/** The loose facets: requested, with a filter of their own (see totalAndFacets). */
function looseOf(dims: FacetDimension[]): Set<LooseFacet> {
  return new Set(dims.filter((dim) => dim.accepts).map((dim) => dim.facet as LooseFacet));
}

/** The total and the facets' buckets from the SQL's GROUP BY rows. */
function foldFacetGroups(dims: FacetDimension[], rows: FacetGroup[]): { total: number; facets: SearchResult["meta"]["facets"] } {
  let total = 0;
  const counts = dims.map(() => new Map<string, number>());
  for (const row of rows) {
    const n = Number(row.n);
    const rejectedBy = dims.flatMap((dim, i) => (dim.accepts && !dim.accepts.has(Number(row[`f${i}`])) ? [i] : []));
    if (rejectedBy.length === 0) total += n;
    dims.forEach((dim, i) => {
      if (rejectedBy.length > 1 || (rejectedBy.length === 1 && rejectedBy[0] !== i)) return;
      const key = dim.keyOf(row[`f${i}`]);
      if (key !== null) counts[i]!.set(key, (counts[i]!.get(key) ?? 0) + n);
    });
  }
  return { total, facets: bucketsOf(dims, counts) };
}

/**
 * The same from the column index's counts, which it folded as it scanned (indexed-search.ts FacetCounts: the loose
 * filters' rule above, applied per row); only the raw values become bucket keys here.
 */
function foldFacetCounts(dims: FacetDimension[], tallies: FacetCounts): { total: number; facets: SearchResult["meta"]["facets"] } {
  const counts = dims.map((dim, i) => {
    const byKey = new Map<string, number>();
    for (const [raw, n] of tallies.values[i]!) {
      const key = dim.keyOf(raw);
      if (key !== null) byKey.set(key, (byKey.get(key) ?? 0) + n);
    }
    return byKey;
  });
  return { total: tallies.total, facets: bucketsOf(dims, counts) };
}

/** Each facet's buckets from its counts by key: range facets list every band, term facets by count. */
function bucketsOf(dims: FacetDimension[], counts: Map<string, number>[]): SearchResult["meta"]["facets"] {
  const facets: SearchResult["meta"]["facets"] = {};
  dims.forEach((dim, i) => {
    const byKey = counts[i]!;
    facets[dim.facet] = dim.bands
      ? dim.bands.map((key) => ({ key, count: byKey.get(key) ?? 0 }))
      : [...byKey].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  });
  return facets;
}

// Read on every signed-in search: built once (ADR 148).
const genderOf = precompiled((db, slot: Slots<{ userId: number }>) =>
  db.selectFrom("users").select("gender").where("id", "=", slot("userId")),
);

/** The viewer and their gender (for default genders), from the token. */
export async function searchViewer(deps: ApiDeps, user: AuthUser | null): Promise<{ viewer: ViewerContext; gender: number | null }> {
  const viewer = await viewerContext(deps, user);
  if (viewer.id === null) return { viewer, gender: null };
  const [row] = await genderOf(deps.db, { userId: viewer.id });
  return { viewer, gender: row?.gender ?? null };
}

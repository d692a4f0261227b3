/**
 * User-and-business search (spec section 3 "Search request", sections 5, 6).
 *
 * One WHERE clause (searchConditions) serves the page of hits, the total and
 * every facet, so counts never disagree with results. Radius search is a
 * bounding box on profiles (lat, lon, user_id) — the index profiles_geo — plus
 * the exact haversine distance in SQL. Ranking: docs/search-ranking.md.
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { visibleMediaLevels, isListedProfile, notBlockedWith, viewerContext, type ViewerContext } from "../profiles/access";
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
  DEFAULT_PRICE_DURATION,
} from "../../contract/search";
import { CUP_SIZE_BANDS, findTraitGroup } from "../../contract/traits";
import { USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";

const DAY = 24 * 60 * 60 * 1000;
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = 111.195;

type Tables = Database;
type EB = ExpressionBuilder<Tables, "users" | "profiles">;

const TARGET_USER_TYPE: Record<SearchTarget, number> = { escort: USER_TYPE.escort, client: USER_TYPE.client, business: USER_TYPE.business };

export interface SearchHit {
  user_id: number;
  username: string;
  display_name: string;
  user_type: number;
  gender: number | null;
  age: number | null;
  city_name: string | null;
  city_slug: string | null;
  city_id: number | null;
  country_code: string | null;
  /** Kilometres from the search point (radius mode), else null. */
  distance_km: number | null;
  /** Price per hour in euros (or null). */
  price: { duration_minutes: number; price_eur: number } | null;
  avatar: { media_id: number; url: string } | null;
  is_member: boolean;
  is_new: boolean;
  is_verified: boolean;
  is_hot: boolean;
  review_count: number;
  rating_avg: number | null;
  last_login_at: number | null;
}

export interface FacetBucket {
  key: string;
  count: number;
}

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
  return { userType: viewer.userType, gender, isMember: viewer.isPlusMember };
}

/** ISO date `years` before `now` (birth dates are stored as YYYY-MM-DD text). */
function yearsBefore(now: number, years: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate())).toISOString().slice(0, 10);
}

function ageConditions(eb: EB, range: Range, now: number): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  // age >= min ⇔ born on or before today − min years; age <= max ⇔ born after today − (max+1) years.
  if (range[0] !== "*") out.push(eb("users.birth_date", "<=", yearsBefore(now, range[0])));
  if (range[1] !== "*") out.push(eb("users.birth_date", ">", yearsBefore(now, range[1] + 1)));
  if (out.length > 0) out.push(eb("users.birth_date", "is not", null));
  return out;
}

function between(eb: EB, column: "profiles.height_cm" | "profiles.weight_kg", range: Range): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (range[0] !== "*") out.push(eb(column, ">=", range[0]));
  if (range[1] !== "*") out.push(eb(column, "<=", range[1]));
  return out;
}

function hasTrait(eb: EB, group: string, optionIds?: readonly number[]) {
  let q = eb
    .selectFrom("profile_traits")
    .select(sql<number>`1`.as("one"))
    .where("profile_traits.group_key", "=", group)
    .whereRef("profile_traits.user_id", "=", "profiles.user_id");
  if (optionIds) q = q.where("profile_traits.option_id", "in", [...optionIds]);
  return eb.exists(q);
}

function priceInRange(eb: EB, duration: number, range: Range) {
  let q = eb
    .selectFrom("profile_prices")
    .select(sql<number>`1`.as("one"))
    .whereRef("profile_prices.user_id", "=", "profiles.user_id")
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
      .whereRef("media.user_id", "=", "profiles.user_id")
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
    power(sin((radians(profiles.lat) - ${lat0}) / 2), 2)
    + ${cosLat0} * cos(radians(profiles.lat)) * power(sin((radians(profiles.lon) - ${lon0}) / 2), 2))))`;
}

/** The bounding box of a circle: a superset the (lat, lon, user_id) index can range-scan. */
export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

interface Plan {
  viewer: ViewerContext;
  target: SearchTarget;
  location: SearchLocation;
  filter: FilterQuery;
  name: string | undefined;
  now: number;
  mediaLevels: readonly string[];
  /** Replaces the target's user type (SEO categories span several types). */
  userTypes?: readonly number[];
}

/** The one WHERE clause of a search (hits, total and facets). */
export function searchConditions(eb: EB, plan: Plan): Expression<SqlBool> {
  const { filter, now } = plan;
  const and: Expression<SqlBool>[] = [
    isListedProfile(eb),
    plan.userTypes ? eb("users.user_type", "in", [...plan.userTypes]) : eb("users.user_type", "=", TARGET_USER_TYPE[plan.target]),
  ];
  if (plan.viewer.id !== null) {
    and.push(eb("users.id", "!=", plan.viewer.id));
    and.push(notBlockedWith(eb, plan.viewer.id));
  }
  if (plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS) {
    const { lat, lon, radius } = plan.location;
    const box = boundingBox(lat, lon, radius);
    and.push(eb("profiles.lat", ">=", box.minLat), eb("profiles.lat", "<=", box.maxLat));
    and.push(eb("profiles.lon", ">=", box.minLon), eb("profiles.lon", "<=", box.maxLon));
    and.push(eb(distanceSql(lat, lon), "<=", radius));
  } else if (plan.location.mode === "radius") {
    and.push(eb("profiles.lat", "is not", null));
  }
  if (filter.country && filter.country.length > 0) and.push(eb("profiles.country_code", "in", filter.country));
  if (filter.gender && filter.gender.length > 0) and.push(eb("users.gender", "in", filter.gender));
  if (filter.age) and.push(...ageConditions(eb, filter.age, now));
  if (filter.height) and.push(...between(eb, "profiles.height_cm", filter.height));
  if (filter.weight) and.push(...between(eb, "profiles.weight_kg", filter.weight));
  if (filter.price) and.push(priceInRange(eb, DEFAULT_PRICE_DURATION, filter.price));
  for (const duration of PRICE_DURATIONS) {
    const range = filter[`price_${duration}`];
    if (range) and.push(priceInRange(eb, duration, range));
  }
  if (filter.is_smoker !== undefined) and.push(eb("profiles.is_smoker", "=", filter.is_smoker));
  if (filter.piercing !== undefined) and.push(filter.piercing === 1 ? hasTrait(eb, "piercing") : eb.not(hasTrait(eb, "piercing")));
  // tattoo option 1 is "none".
  if (filter.tattoo !== undefined) and.push(filter.tattoo === 1 ? hasTrait(eb, "tattoo", [2, 3, 4]) : eb.not(hasTrait(eb, "tattoo", [2, 3, 4])));
  for (const group of ["figure_type", "race_type", "cup_size"] as const) {
    const ids = filter[group];
    if (ids && ids.length > 0) and.push(hasTrait(eb, group, ids));
  }
  for (const flag of filter.only_show_type ?? []) {
    switch (flag) {
      // "Visible now": the profile has switched on available-now.
      case "is_visible":
        and.push(eb("profiles.available_now_until", ">", now));
        break;
      case "is_new":
        and.push(eb("users.created_at", ">", now - NEW_PROFILE_DAYS * DAY));
        break;
      case "is_verified":
        and.push(eb("profiles.verified_at", "is not", null));
        break;
      case "has_avatar":
        and.push(hasPublicAvatar(eb, plan.mediaLevels));
        break;
      case "on_tour":
        and.push(eb("profiles.on_tour_until", ">", now));
        break;
      case "has_review":
        and.push(eb("profiles.review_count", ">", 0));
        break;
      case "is_hot":
        and.push(eb("profiles.is_hot", "=", 1));
        break;
      case "is_member":
        and.push(eb("users.is_member", "=", 1), eb.or([eb("users.member_until", "is", null), eb("users.member_until", ">", now)]));
        break;
      case "safe_sex_status":
        and.push(eb("profiles.safe_sex_status", "=", 1));
        break;
    }
  }
  if (plan.name) {
    const pattern = `${plan.name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    and.push(
      eb.or([
        sql<SqlBool>`users.username_key like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(profiles.display_name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return eb.and(and);
}

/**
 * Ranking score (docs/search-ranking.md): rise-up promotion first, then plus
 * membership, verification, reviews and recent activity.
 */
function rankingScore(now: number) {
  return sql<number>`(
    (case when profiles.rise_up_until > ${sql.lit(now)} then 1000 else 0 end)
    + (case when users.is_member = 1 and (users.member_until is null or users.member_until > ${sql.lit(now)}) then 300 else 0 end)
    + (case when profiles.verified_at is not null then 200 else 0 end)
    + (case when profiles.review_count > 50 then 200 else profiles.review_count * 4 end)
    + (case when users.last_login_at > ${sql.lit(now - DAY)} then 150
            when users.last_login_at > ${sql.lit(now - 7 * DAY)} then 100
            when users.last_login_at > ${sql.lit(now - 30 * DAY)} then 50 else 0 end)
  )`;
}

/** Distance rings (km) of top_ranking_distance_ring: near rings first, ranked within. */
export const DISTANCE_RINGS_KM = [5, 10, 20, 50, 100] as const;

function hourlyPrice() {
  return sql<number | null>`(select min(pp.price_eur) from profile_prices pp
    where pp.user_id = profiles.user_id and pp.item_type = 1 and pp.duration_minutes = ${sql.lit(DEFAULT_PRICE_DURATION)})`;
}

function orderFor(sort: SearchSort, plan: Plan) {
  const score = rankingScore(plan.now);
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  const distance = radius ? distanceSql(radius.lat, radius.lon) : null;
  const nullsLast = (expr: ReturnType<typeof sql>) => [sql`(case when ${expr} is null then 1 else 0 end)`, expr] as const;
  const tail = [sql`users.last_login_at desc`, sql`profiles.user_id desc`];
  switch (sort) {
    case "distance":
      return distance ? [sql`${distance} asc`, ...tail] : [sql`${score} desc`, ...tail];
    case "top_ranking_distance_ring": {
      if (!distance) return [sql`${score} desc`, ...tail];
      const ring = sql`(case ${sql.join(
        DISTANCE_RINGS_KM.map((km, i) => sql`when ${distance} < ${sql.lit(km)} then ${sql.lit(i)}`),
        sql` `,
      )} else ${sql.lit(DISTANCE_RINGS_KM.length)} end)`;
      return [sql`${ring} asc`, sql`${score} desc`, ...tail];
    }
    case "rating": {
      const [isNull, value] = nullsLast(sql`profiles.rating_avg`);
      return [sql`${isNull} asc`, sql`${value} desc`, sql`profiles.review_count desc`, ...tail];
    }
    case "reviews_number_high_to_low":
      return [sql`profiles.review_count desc`, sql`${score} desc`, ...tail];
    case "last_login_at":
      return [sql`(case when users.last_login_at is null then 1 else 0 end) asc`, ...tail];
    case "price_low_to_high":
    case "price_high_to_low": {
      const price = hourlyPrice();
      return [sql`(case when ${price} is null then 1 else 0 end) asc`, sql`${price} ${sql.raw(sort === "price_low_to_high" ? "asc" : "desc")}`, ...tail];
    }
    case "top_ranked":
      // Reviews weigh in: well-rated profiles with many reviews, then the ranking score.
      return [sql`(coalesce(profiles.rating_avg, 0) * (case when profiles.review_count > 20 then 20 else profiles.review_count end)) desc`, sql`${score} desc`, ...tail];
    case "top_ranking":
      return [sql`${score} desc`, ...tail];
  }
}

function ageOf(birthDate: string | null, now: number): number | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  const today = new Date(now);
  const [y, m, d] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function mediaFileUrl(mediaId: number): string {
  return `/api/v2/media/${mediaId}/file`;
}

export interface SearchInput {
  request: ParsedSearchRequest;
  viewer: ViewerContext;
  viewerGender: number | null;
  /** Extra condition (SEO category); ANDed with the request's. */
  extra?: (eb: EB) => Expression<SqlBool>;
  /** Overrides the user-type condition (SEO categories span several types). */
  userTypes?: readonly number[];
}

export async function runSearch(deps: ApiDeps, input: SearchInput): Promise<SearchResult> {
  const { request, viewer } = input;
  const now = deps.clock.now();
  const searcher = searcherOf(viewer, input.viewerGender);
  const filter = request.filterquery;
  const target = searchTargetFor(searcher, filter.user_type, request.searchMode);
  const location = usableLocation(filter, searcher.isMember);
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
  };

  const where = (eb: EB) => {
    const base = searchConditions(eb, plan);
    const parts: Expression<SqlBool>[] = [base];
    if (input.extra) parts.push(input.extra(eb));
    return eb.and(parts);
  };
  const from: FromFn = () =>
    deps.db
      .selectFrom("profiles")
      .innerJoin("users", "users.id", "profiles.user_id")
      .where((eb) => where(eb as EB));

  const pageSize = request.page_size;
  const offset = (request.page_no - 1) * pageSize;
  const rows = await from()
    .select([
      "users.id as user_id",
      "users.username",
      "profiles.display_name",
      "users.user_type",
      "users.gender",
      "users.birth_date",
      "users.created_at",
      "users.is_member",
      "users.member_until",
      "users.last_login_at",
      "profiles.city_name",
      "profiles.city_slug",
      "profiles.city_id",
      "profiles.country_code",
      "profiles.lat",
      "profiles.lon",
      "profiles.verified_at",
      "profiles.is_hot",
      "profiles.review_count",
      "profiles.rating_avg",
    ])
    .select(hourlyPrice().as("price_hour"))
    .$call((qb) => orderFor(sort, plan).reduce((q, term) => q.orderBy(term), qb))
    .limit(pageSize)
    .offset(offset)
    .execute();

  const [totalRow, facets, avatars] = await Promise.all([
    from()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    computeFacets(from, request, target, now),
    avatarsOf(
      deps,
      rows.map((r) => r.user_id),
      plan.mediaLevels,
    ),
  ]);

  const point = location.mode === "radius" ? location : null;
  const hits: SearchHit[] = rows.map((r) => ({
    user_id: r.user_id,
    username: r.username,
    display_name: r.display_name,
    user_type: r.user_type,
    gender: r.gender,
    age: ageOf(r.birth_date, now),
    city_name: r.city_name,
    city_slug: r.city_slug,
    city_id: r.city_id,
    country_code: r.country_code,
    distance_km: point && r.lat !== null && r.lon !== null ? Math.round(haversineKm(point, { lat: r.lat, lon: r.lon }) * 10) / 10 : null,
    price: r.price_hour === null || r.price_hour === undefined ? null : { duration_minutes: DEFAULT_PRICE_DURATION, price_eur: Number(r.price_hour) },
    avatar: avatars.get(r.user_id) ?? null,
    is_member: r.is_member === 1 && (r.member_until === null || Number(r.member_until) > now),
    is_new: Number(r.created_at) > now - NEW_PROFILE_DAYS * DAY,
    is_verified: r.verified_at !== null,
    is_hot: r.is_hot === 1,
    review_count: Number(r.review_count),
    rating_avg: r.rating_avg === null ? null : Number(r.rating_avg),
    last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
  }));

  return {
    hits,
    meta: {
      total: Number(totalRow.n),
      page_no: request.page_no,
      page_size: pageSize,
      sort,
      target,
      location: point ? { lat: point.lat, lon: point.lon, radius: point.radius } : null,
      countries: location.mode === "country" ? location.countries : null,
      facets,
    },
  };
}

async function avatarsOf(deps: ApiDeps, userIds: number[], levels: readonly string[]): Promise<Map<number, { media_id: number; url: string }>> {
  const out = new Map<number, { media_id: number; url: string }>();
  if (userIds.length === 0) return out;
  const rows = await deps.db
    .selectFrom("media")
    .select(["id", "user_id"])
    .where("user_id", "in", userIds)
    .where("is_avatar", "=", 1)
    .where("status", "=", 1)
    .where("visibility", "in", [...levels])
    .orderBy("position")
    .execute();
  for (const row of rows) if (!out.has(row.user_id)) out.set(row.user_id, { media_id: row.id, url: mediaFileUrl(row.id) });
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type FromFn = () => SelectQueryBuilder<Database, "profiles" | "users", {}>;

async function computeFacets(from: FromFn, request: ParsedSearchRequest, target: SearchTarget, now: number): Promise<SearchResult["meta"]["facets"]> {
  const out: SearchResult["meta"]["facets"] = {};
  const wanted = request.facets;
  if (!wanted) return out;
  const jobs: Promise<void>[] = [];
  for (const facet of wanted.term ?? []) {
    if (facet === "gender" || facet === "country") {
      const column = facet === "gender" ? "users.gender" : "profiles.country_code";
      jobs.push(
        from()
          .select([sql<string>`${sql.ref(column)}`.as("k"), (eb) => eb.fn.countAll<number>().as("n")])
          .where(column, "is not", null)
          .groupBy(column)
          .execute()
          .then((rows) => {
            out[facet] = rows.map((r) => ({ key: String(r.k), count: Number(r.n) })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
          }),
      );
    } else {
      const group = findTraitGroup(facet);
      if (!group || target === "business") continue;
      jobs.push(
        from()
          .innerJoin("profile_traits", (join) => join.onRef("profile_traits.user_id", "=", "profiles.user_id").on("profile_traits.group_key", "=", facet))
          .select(["profile_traits.option_id as k", (eb) => eb.fn.countAll<number>().as("n")])
          .groupBy("profile_traits.option_id")
          .execute()
          .then((rows) => {
            if (facet === "cup_size") {
              // Spec section 9: cup groups a-b … k+.
              const counts = new Map<string, number>(CUP_SIZE_BANDS.map((band) => [band, 0]));
              for (const r of rows) {
                const band = group.options.find((o) => o.id === Number(r.k))?.category;
                if (band) counts.set(band, (counts.get(band) ?? 0) + Number(r.n));
              }
              out[facet] = [...counts].map(([key, count]) => ({ key, count }));
            } else {
              out[facet] = rows
                .map((r) => ({ key: group.options.find((o) => o.id === Number(r.k))?.key ?? String(r.k), count: Number(r.n) }))
                .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
            }
          }),
      );
    }
  }
  for (const facet of wanted.range ?? []) {
    if (facet === "age") {
      const bands = Object.entries(AGE_BANDS) as [string, readonly [number, number | "*"]][];
      const cases = sql.join(
        bands.map(([key, [min, max]]) => {
          const upper = yearsBefore(now, min);
          const lower = max === "*" ? null : yearsBefore(now, max + 1);
          return lower === null
            ? sql`when users.birth_date <= ${upper} then ${key}`
            : sql`when users.birth_date <= ${upper} and users.birth_date > ${lower} then ${key}`;
        }),
        sql` `,
      );
      jobs.push(bucketFacet(from, sql<string | null>`(case ${cases} else null end)`, bands.map(([k]) => k)).then((b) => void (out.age = b)));
    } else if (facet === "price" && target === "escort") {
      const bands = Object.entries(PRICE_BANDS) as [string, readonly [number, number | "*"]][];
      const price = hourlyPrice();
      // Bands share their edges (100-150, 150-200): an edge price counts in the lower band.
      const cases = sql.join(
        bands.map(([key, [min, max]]) =>
          max === "*" ? sql`when ${price} > ${sql.lit(min)} then ${key}` : sql`when ${price} >= ${sql.lit(min)} and ${price} <= ${sql.lit(max)} then ${key}`,
        ),
        sql` `,
      );
      jobs.push(bucketFacet(from, sql<string | null>`(case ${cases} else null end)`, bands.map(([k]) => k)).then((b) => void (out.price = b)));
    }
  }
  await Promise.all(jobs);
  return out;
}

async function bucketFacet(from: FromFn, bucket: ReturnType<typeof sql<string | null>>, keys: string[]): Promise<FacetBucket[]> {
  const rows = await from()
    .select([bucket.as("k"), (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(sql`1`)
    .execute();
  const counts = new Map(rows.filter((r) => r.k !== null).map((r) => [String(r.k), Number(r.n)]));
  return keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
}

/** The viewer and their gender (for default genders), from the token. */
export async function searchViewer(deps: ApiDeps, user: AuthUser | null): Promise<{ viewer: ViewerContext; gender: number | null }> {
  const viewer = await viewerContext(deps, user);
  if (viewer.id === null) return { viewer, gender: null };
  const row = await deps.db.selectFrom("users").select("gender").where("id", "=", viewer.id).executeTakeFirst();
  return { viewer, gender: row?.gender ?? null };
}

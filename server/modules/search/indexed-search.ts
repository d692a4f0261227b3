/**
 * A search answered from the column index (ADR 151): the filter, the total and every facet in one pass over the
 * matching rows, and the page's candidates by a bounded top-k in the exact order of the SQL (each database's NULL
 * order included). The caller reads the page's rows by id with the SQL's own WHERE and ORDER BY, so tiles are the
 * same objects. A search with anything the index does not hold answers null here and takes the SQL path unchanged
 * (the list: indexedFilterOf).
 */
import type { ApiDeps } from "../../api/types";
import { MEMBERS_ONLY_USER_TYPES } from "../../contract/profiles";
import { DEFAULT_PRICE_DURATION, GLOBAL_RADIUS, NEW_PROFILE_DAYS, type Range, type SearchSort } from "../../contract/search";
import { EARTH_RADIUS_KM, KM_PER_DEGREE } from "../../contract/geo";
import { boundingBox } from "../geo/index";
import {
  SearchColumnIndex,
  NULL_INT,
  CELLS_PER_DEGREE,
  latCellOf,
  lonCellOf,
  firstAtLeast,
  type ColumnStore,
  type PlaceScope,
} from "./column-index";
import { LOGIN_BONUS_MAX, PLUS_BONUS } from "./migrations/0127_search_rank_tier";
import type { PlaceColumn, Plan } from "./plan";
import { directoryIndexable, filterTraitsIndexable, offRowFilter } from "./directory-filter";

const DAY = 24 * 60 * 60 * 1000;
/** Distances this close (km) to the radius, or to the page's last distance, are left to the database's arithmetic. */
const DISTANCE_EPSILON_KM = 1e-6;
/** Pages deeper than this many rows are read by the SQL (the top-k would hold too many). */
const MAX_INDEXED_PAGE_END = 5_000;

/** A facet's value source, for the SQL's CASE and the index alike (service.ts facetDimensions). */
export type FacetSource =
  | { column: "gender" | "country_code" | "figure_type" | "race_type" | "cup_size" }
  | { column: "birth_ymd" | "price_hour"; cases: readonly BandCase[] };
/** One band of a range facet: the first band whose bounds hold is the row's. */
export interface BandCase {
  lo?: { value: number; inclusive: boolean };
  hi?: { value: number; inclusive: boolean };
}

/** One group of the aggregate, as the SQL's GROUP BY row: f0 … fn the facet values, n the rows. */
export type FacetGroup = Record<string, unknown> & { n: number };

/** The only_show_type flags the index answers (the others read media, tours or bundles). */
const INDEXED_FLAGS = new Set(["is_visible", "is_new", "is_verified", "has_review", "is_hot", "is_member", "safe_sex_status"]);
/** Filter keys that never reach the WHERE clause, or that the index holds. Any other key set: the SQL path. */
const INDEXED_FILTER_KEYS = new Set([
  "user_type",
  "user_location",
  "location",
  "customized",
  "country",
  "gender",
  "age",
  "price",
  "height",
  "weight",
  `price_${DEFAULT_PRICE_DURATION}`,
  "is_smoker",
  "piercing",
  "tattoo",
  "figure_type",
  "race_type",
  "cup_size",
  "only_show_type",
  // Held beside the rows (directory-filter.ts TraitBits; escort services only for the options the directory holds).
  "breast_type",
  "hair_color",
  "hair_length",
  "language",
  "escort_service",
  "business_kind",
]);

/**
 * Whether the index can answer this plan's filter. Not held, so the SQL path: a name prefix, members touring the
 * place of a radius search, an extra condition (a callback), a directory condition with a trait option the index
 * does not hold (directory-filter.ts), escort services other than the directory's options, time prices other than the
 * hour, and the flags has_avatar, on_tour, exclusive_content and (where it applies) fsk18_photos. The filter's other
 * trait groups (breast type, hair color and length, languages) and a business kind are held (ADR 176).
 */
export function indexHolds(plan: Plan, hasExtra: boolean): boolean {
  if (hasExtra || plan.name) return false;
  // Touring members join a country or directory place (ADR 158); in a radius search they sit at their tour city.
  if ((plan.touring?.size ?? 0) > 0 && plan.location.mode === "radius") return false;
  if (plan.directory && !directoryIndexable(plan.directory)) return false;
  if (!filterTraitsIndexable(plan.filter)) return false;
  for (const [key, value] of Object.entries(plan.filter)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (!INDEXED_FILTER_KEYS.has(key)) return false;
  }
  for (const flag of plan.filter.only_show_type ?? []) {
    if (INDEXED_FLAGS.has(flag)) continue;
    // fsk18_photos from anyone but an age-verified viewer of escorts is ignored by the SQL too.
    if (flag === "fsk18_photos" && !(plan.viewer.isAgeVerified && plan.target === "escort")) continue;
    return false;
  }
  return true;
}

export interface IndexedRequest {
  plan: Plan;
  userTypes: readonly number[];
  sort: SearchSort;
  /** Rows up to the page's end (offset + page size); 0: no page. */
  need: number;
  /**
   * Also count the total's rows by where they live (the directory's child places, service.ts countsByPlace): members
   * touring the place are listed but not counted, as they would count under (and link to) their home.
   */
  byPlace?: PlaceColumn;
  /** The facets (null: no aggregate); loose ones carry the values their filter accepts. */
  facets: ReadonlyArray<{ source: FacetSource; accepts?: ReadonlySet<number> }> | null;
  /** From boot config: the age thresholds of the filter (service.ts yearsBefore). */
  ageBounds: { maxBirth: number | null; minBirthExclusive: number | null };
  /** "index": wait for the first load; "auto": take the SQL path until it is loaded. */
  mode: "index" | "auto";
  /** The loose facets whose filter the aggregate applies itself. */
  loose: ReadonlySet<string>;
  /** Which of these ids the SQL's distance puts within the radius (rows the index finds at the radius itself). */
  insideRadius: (ids: readonly number[]) => Promise<Set<number>>;
}

/**
 * The total and each facet's counts by raw value, as foldFacetCounts takes them: the total counts rows every loose
 * filter accepts; a facet counts those and the rows that only its own filter rejects (disjunctive facets).
 */
export interface FacetCounts {
  total: number;
  /** Per facet, in the request's order: [value as the SQL's GROUP BY returns it, rows]. */
  values: Array<Array<[number | string | null, number]>>;
}

export interface IndexedAnswer {
  /** The page's candidates (a superset of the page where the database's arithmetic decides); null: the SQL reads the page. */
  pageIds: number[] | null;
  counts: FacetCounts | null;
  /** byPlace's counts: [the place column's value as the SQL returns it, rows]; null when not asked. */
  placeCounts: Array<[number | string | null, number]> | null;
}

/** The viewer's blocks, both ways (one query per search). */
async function blockedWith(deps: ApiDeps, viewerId: number): Promise<Set<number>> {
  const rows = await deps.db
    .selectFrom("blocks")
    .select("blocks.blocked_id as id")
    .where("blocks.blocker_id", "=", viewerId)
    .unionAll(deps.db.selectFrom("blocks").select("blocks.blocker_id as id").where("blocks.blocked_id", "=", viewerId))
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

const isNull = (value: number) => value === NULL_INT;

/** Ids up to this are looked up in a table; a list with a larger one (no stored id is) uses a Set. */
const TABLE_IDS = 4096;
type Lookup = Uint8Array | Set<number>;
/** An IN list as a lookup over ids (null: no condition). */
function lookup(values: readonly number[] | undefined): Lookup | null {
  if (!values || values.length === 0) return null;
  if (values.some((v) => v < 0 || v >= TABLE_IDS)) return new Set(values);
  const table = new Uint8Array(Math.max(...values) + 1);
  for (const v of values) table[v] = 1;
  return table;
}
/** Whether a nullable integer is in the list (NULL never is). */
const listed = (list: Lookup, value: number) =>
  value !== NULL_INT && (list instanceof Set ? list.has(value) : value >= 0 && value < list.length && list[value] === 1);
/** A range's bounds as numbers ("*": unbounded); null: no condition. */
function bounds(range: Range | undefined): [number, number] | null {
  if (!range) return null;
  return [range[0] === "*" ? -Infinity : range[0], range[1] === "*" ? Infinity : range[1]];
}
const within = (b: [number, number], value: number) => !isNull(value) && value >= b[0] && value <= b[1];

/** The place a plan searches, in the store's codes (the country filter, the directory's city or region). */
function placeScopeOf(plan: Plan, s: ColumnStore): PlaceScope {
  const { filter } = plan;
  const countries = filter.country && filter.country.length > 0 ? new Set(filter.country.flatMap((c) => s.countries.find(c) ?? [])) : null;
  const cityId = plan.place?.cityId ?? null;
  return {
    countries,
    city: cityId === null ? null : (s.cities.find(cityId) ?? -1),
    region: cityId === null && plan.place?.regionCode !== undefined ? (s.regions.find(plan.place.regionCode) ?? -1) : null,
  };
}

/**
 * The WHERE clause of searchConditions over the index, but the loose facets' filters and the radius itself, as ONE
 * function with every condition inline (a list of closures called per row cost ~5× more: its call site saw many).
 * `placeDone`: the caller visits only rows of the searched user types that live in the place, and touring members
 * of a searched type (the per-place postings), so the matcher leaves out the user type and the place. `typeDone`: the
 * rows come from the searched types' cell postings (a radius search), so the matcher leaves out the user type. A
 * radius search's bounding box and distance are pass's (visit), decided per cell.
 */
function matcherOf(
  req: IndexedRequest,
  s: ColumnStore,
  scope: PlaceScope,
  placeDone: boolean,
  typeDone: boolean,
  blocked: Set<number> | null,
  offRow: ((i: number) => boolean) | null,
): (i: number) => boolean {
  const { plan, loose } = req;
  // Members touring the place are listed wherever they live (searchConditions' OR; country mode only, see indexHolds).
  const touring = plan.touring && plan.touring.size > 0 ? plan.touring : null;
  const { filter, now } = plan;
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  const needsPosition = !radius && plan.location.mode === "radius";
  const { countries, city: cityCode, region: regionCode } = scope;
  const types = lookup(req.userTypes)!;
  const genders = loose.has("gender") ? null : lookup(filter.gender);
  const { maxBirth, minBirthExclusive } = req.ageBounds;
  const prices = [bounds(filter.price), bounds(filter[`price_${DEFAULT_PRICE_DURATION}`])].filter((b) => b !== null);
  const figures = loose.has("figure_type") ? null : lookup(filter.figure_type);
  const races = loose.has("race_type") ? null : lookup(filter.race_type);
  const cups = lookup(filter.cup_size);
  const height = bounds(filter.height);
  const weight = bounds(filter.weight);
  const smoker = filter.is_smoker ?? null;
  const piercing = filter.piercing === undefined ? null : filter.piercing === 1 ? 1 : 0;
  const tattoo = filter.tattoo === undefined ? null : filter.tattoo === 1 ? 1 : 0;
  const flags = new Set(filter.only_show_type ?? []);
  const [visible, fresh, verified, reviewed, hot, member, safe] = [
    flags.has("is_visible"),
    flags.has("is_new"),
    flags.has("is_verified"),
    flags.has("has_review"),
    flags.has("is_hot"),
    flags.has("is_member"),
    flags.has("safe_sex_status"),
  ];
  const newSince = now - NEW_PROFILE_DAYS * DAY;
  const viewerId = plan.viewer.id;
  // A user type is a small integer: its members-only mark is a table read (an index past the end reads undefined).
  const membersOnlyType = new Uint8Array(Math.max(0, ...MEMBERS_ONLY_USER_TYPES) + 1);
  for (const type of MEMBERS_ONLY_USER_TYPES) membersOnlyType[type] = 1;
  // Whether any filter of the request's own applies: a directory page or a bare place search tests none per row.
  const filtered =
    genders !== null ||
    maxBirth !== null ||
    minBirthExclusive !== null ||
    prices.length > 0 ||
    figures !== null ||
    races !== null ||
    cups !== null ||
    height !== null ||
    weight !== null ||
    smoker !== null ||
    piercing !== null ||
    tattoo !== null ||
    visible ||
    fresh ||
    verified ||
    reviewed ||
    hot ||
    member ||
    safe;
  return (i) => {
    if (!placeDone) {
      if (!typeDone && !listed(types, s.userType[i]!)) return false;
      if (touring === null || !touring.has(s.userId[i]!)) {
        if (countries && !countries.has(s.country[i]!)) return false;
        if (cityCode !== null && s.cityCode[i] !== cityCode) return false;
        if (regionCode !== null && s.region[i] !== regionCode) return false;
      }
    }
    if (needsPosition && Number.isNaN(s.lat[i]!)) return false;
    if (filtered) {
      if (genders && !listed(genders, s.gender[i]!)) return false;
      if (maxBirth !== null && (isNull(s.birthYmd[i]!) || s.birthYmd[i]! > maxBirth)) return false;
      if (minBirthExclusive !== null && (isNull(s.birthYmd[i]!) || s.birthYmd[i]! <= minBirthExclusive)) return false;
      for (const price of prices) if (!within(price, s.priceHour[i]!)) return false;
      if (figures && !listed(figures, s.figureType[i]!)) return false;
      if (races && !listed(races, s.raceType[i]!)) return false;
      if (cups && !listed(cups, s.cupSize[i]!)) return false;
      if (height && !within(height, s.heightCm[i]!)) return false;
      if (weight && !within(weight, s.weightKg[i]!)) return false;
      if (smoker !== null && s.isSmoker[i] !== smoker) return false;
      if (piercing !== null && s.hasPiercing[i] !== piercing) return false;
      if (tattoo !== null && s.hasTattoo[i] !== tattoo) return false;
      if (visible && !(s.availableNowUntil[i]! > now)) return false;
      if (fresh && !(s.createdAt[i]! > newSince)) return false;
      if (verified && s.verified[i] !== 1) return false;
      if (reviewed && !(s.reviewCount[i]! > 0)) return false;
      if (hot && s.isHot[i] !== 1) return false;
      if (member && !plusRunning(s, i, now)) return false;
      if (safe && s.safeSexStatus[i] !== 1) return false;
    }
    if (viewerId !== null) {
      if (s.userId[i] === viewerId || (blocked !== null && blocked.has(s.userId[i]!))) return false;
    } else if (s.membersOnly[i] !== 0 || membersOnlyType[s.userType[i]!] === 1) return false;
    if (offRow !== null && !offRow(i)) return false;
    return true;
  };
}

/** plusRunningSql over the index. */
function plusRunning(s: ColumnStore, i: number, now: number): boolean {
  const until = s.memberUntil[i]!;
  return s.isMember[i] === 1 && (Number.isNaN(until) || until > now);
}

/** The ranking score (service.ts rankingScore) of a slot at `now`. */
function scoreOf(s: ColumnStore, i: number, now: number): number {
  const login = s.lastLoginAt[i]!;
  const band = login > now - DAY ? LOGIN_BONUS_MAX : login > now - 7 * DAY ? 100 : login > now - 30 * DAY ? 50 : 0;
  return s.fixedScore[i]! + (plusRunning(s, i, now) ? PLUS_BONUS : 0) + band;
}

/** The SQL's great-circle distance (distanceSql), in the same steps. */
function distanceFrom(lat: number, lon: number) {
  const haversine = haversineFrom(lat, lon);
  return (rowLat: number, rowLon: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(haversine(rowLat, rowLon)));
}

/** distanceFrom's term under the square root: it grows with the distance, so comparing it compares distances. */
function haversineFrom(lat: number, lon: number) {
  const lat0 = (lat * Math.PI) / 180;
  const lon0 = (lon * Math.PI) / 180;
  const cosLat0 = Math.cos((lat * Math.PI) / 180);
  const rad = Math.PI / 180;
  return (rowLat: number, rowLon: number) => {
    const a = Math.sin((rowLat * rad - lat0) / 2);
    const b = Math.sin((rowLon * rad - lon0) / 2);
    return a * a + cosLat0 * Math.cos(rowLat * rad) * b * b;
  };
}

/** The haversine term of a distance in km (distanceFrom's inverse). */
function haversineOfDistance(km: number): number {
  const half = Math.sin(Math.max(0, km) / (2 * EARTH_RADIUS_KM));
  return half * half;
}

/** Rows nearer the radius than this get the whole distance (a metre: far above a double's error at these sizes). */
const HAVERSINE_MARGIN_KM = 1e-3;

/**
 * Sort keys of a slot, larger first, in the ORDER BY's order (orderFor); the user id decides last (larger first). The
 * answer is a buffer the next call overwrites (no allocation per row); topK copies what it keeps.
 */
type Keys = (s: ColumnStore, i: number, distance: number) => Float64Array;

/**
 * A cheap test that a row cannot beat the worst entry of a full top-k (given its keys): a couple of column reads instead
 * of every key, so most rows of a large listing are dropped at once. It may answer false for a row that loses.
 */
type CannotBeat = (s: ColumnStore, i: number, worst: readonly number[]) => boolean;

/** A sort's keys, and where one exists, its cheap test. */
interface Order {
  keys: Keys;
  cannotBeat: CannotBeat | null;
}

/** A Keys function over a buffer of `n` keys filled by `fill`. */
function keyBuffer(n: number, fill: (out: Float64Array, s: ColumnStore, i: number, distance: number) => void): Keys {
  const out = new Float64Array(n);
  return (s, i, d) => {
    fill(out, s, i, d);
    return out;
  };
}

function keysOf(req: IndexedRequest, dialect: ApiDeps["dialect"], rings: readonly number[]): Order | "by-distance" {
  const { plan, sort } = req;
  const now = plan.now;
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  // `last_login_at desc`: SQLite orders NULL as the smallest value, PostgreSQL as the largest.
  const nullLogin = dialect === "postgres" ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const login = (s: ColumnStore, i: number) => (Number.isNaN(s.lastLoginAt[i]!) ? nullLogin : s.lastLoginAt[i]!);
  const risen = (s: ColumnStore, i: number) => (s.riseUpUntil[i]! > now ? s.riseUpUntil[i]! : 0);
  const score = (s: ColumnStore, i: number) => scoreOf(s, i, now);
  const ranking: Order = {
    keys: keyBuffer(3, (out, s, i) => {
      out[0] = risen(s, i);
      out[1] = score(s, i);
      out[2] = login(s, i);
    }),
    // The rise-up key exactly, then the most the score can be: the fixed terms, plus where the row is a member at
    // all, and the best login band (scoreOf's terms at their largest).
    cannotBeat: (s, i, worst) => {
      const r = risen(s, i);
      if (r !== worst[0]) return r < worst[0]!;
      return s.fixedScore[i]! + (s.isMember[i] === 1 ? PLUS_BONUS : 0) + LOGIN_BONUS_MAX < worst[1]!;
    },
  };
  switch (sort) {
    case "distance":
      return radius ? "by-distance" : ranking;
    case "top_ranking_distance_ring": {
      if (!radius) return ranking;
      const kLat = KM_PER_DEGREE;
      const kLon = KM_PER_DEGREE * Math.cos((radius.lat * Math.PI) / 180);
      const ringOf = (s: ColumnStore, i: number) => {
        const dy = (s.lat[i]! - radius.lat) * kLat;
        const dx = (s.lon[i]! - radius.lon) * kLon;
        const squared = dy * dy + dx * dx;
        for (let r = 0; r < rings.length; r++) if (squared < rings[r]! * rings[r]!) return r;
        return rings.length;
      };
      return {
        keys: keyBuffer(4, (out, s, i) => {
          out[0] = risen(s, i);
          out[1] = -ringOf(s, i);
          out[2] = score(s, i);
          out[3] = login(s, i);
        }),
        cannotBeat: null,
      };
    }
    case "rating":
      return {
        keys: keyBuffer(4, (out, s, i) => {
          const rating = s.ratingAvg[i]!;
          out[0] = Number.isNaN(rating) ? 0 : 1;
          out[1] = Number.isNaN(rating) ? 0 : rating;
          out[2] = s.reviewCount[i]!;
          out[3] = login(s, i);
        }),
        cannotBeat: null,
      };
    case "reviews_number_high_to_low":
      return {
        keys: keyBuffer(3, (out, s, i) => {
          out[0] = s.reviewCount[i]!;
          out[1] = score(s, i);
          out[2] = login(s, i);
        }),
        cannotBeat: null,
      };
    case "last_login_at":
      return {
        keys: keyBuffer(2, (out, s, i) => {
          out[0] = Number.isNaN(s.lastLoginAt[i]!) ? 0 : 1;
          out[1] = login(s, i);
        }),
        cannotBeat: null,
      };
    case "price_low_to_high":
    case "price_high_to_low": {
      const sign = sort === "price_low_to_high" ? -1 : 1;
      return {
        keys: keyBuffer(3, (out, s, i) => {
          const price = s.priceHour[i]!;
          out[0] = isNull(price) ? 0 : 1;
          out[1] = isNull(price) ? 0 : sign * price;
          out[2] = login(s, i);
        }),
        cannotBeat: null,
      };
    }
    case "top_ranked":
      return {
        keys: keyBuffer(4, (out, s, i) => {
          const rating = s.ratingAvg[i]!;
          const reviews = s.reviewCount[i]!;
          out[0] = risen(s, i);
          out[1] = (Number.isNaN(rating) ? 0 : rating) * (reviews > 20 ? 20 : reviews);
          out[2] = score(s, i);
          out[3] = login(s, i);
        }),
        cannotBeat: null,
      };
    case "top_ranking":
      return ranking;
  }
}

function compareKeys(a: ArrayLike<number>, aId: number, b: ArrayLike<number>, bId: number): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! > b[k]! ? -1 : 1;
  return bId - aId;
}

/** The best `k` of the matches in the keys' order (a bounded sorted list: most rows lose to its last entry at once). */
function topK(
  store: ColumnStore,
  matches: Int32Array,
  count: number,
  distances: Float64Array | null,
  keys: Keys,
  k: number,
  cannotBeat: CannotBeat | null = null,
): number[] {
  const best: Array<{ slot: number; keys: number[]; id: number }> = [];
  for (let m = 0; m < count; m++) {
    const slot = matches[m]!;
    if (cannotBeat !== null && best.length === k && cannotBeat(store, slot, best[k - 1]!.keys)) continue;
    const rowKeys = keys(store, slot, distances ? distances[m]! : 0);
    const id = store.userId[slot]!;
    if (best.length === k && compareKeys(rowKeys, id, best[k - 1]!.keys, best[k - 1]!.id) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(best[mid]!.keys, best[mid]!.id, rowKeys, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, { slot, keys: [...rowKeys], id });
    if (best.length > k) best.pop();
  }
  return best.map((e) => e.slot);
}

export async function indexedSearch(deps: ApiDeps, req: IndexedRequest, rings: readonly number[]): Promise<IndexedAnswer | null> {
  const index = SearchColumnIndex.of(deps);
  if (req.mode === "auto" && !index.ready) {
    index.warm();
    return null;
  }
  const viewerId = req.plan.viewer.id;
  const blocked = viewerId === null ? null : await blockedWith(deps, viewerId);
  // Rows at the radius itself (within DISTANCE_EPSILON_KM) are decided by the database's own arithmetic: a first pass
  // that meets some asks the SQL about them and runs again; one that still meets new ones gives the search to the SQL.
  const decided = new Map<number, boolean>();
  for (let attempt = 0; attempt < 2; attempt++) {
    await index.fresh();
    const answer = pass(deps, index, req, rings, blocked, decided);
    if (!Array.isArray(answer)) return answer;
    if (attempt === 1) return null;
    const inside = await req.insideRadius(answer);
    for (const id of answer) decided.set(id, inside.has(id));
  }
  return null;
}

/** Scratch arrays of the page's candidates, reused by every pass (a pass runs to its end without yielding). */
let candidateSlots = new Int32Array(1 << 16);
let candidateDistances = new Float64Array(1 << 16);

/** One pass over the index (no await: the index does not change under it); the undecided ids at the radius, if any. */
function pass(
  deps: ApiDeps,
  index: SearchColumnIndex,
  req: IndexedRequest,
  rings: readonly number[],
  blocked: Set<number> | null,
  decided: ReadonlyMap<number, boolean>,
): IndexedAnswer | number[] {
  const store = index.store!;
  const { plan } = req;
  const radius = plan.location.mode === "radius" && plan.location.radius !== GLOBAL_RADIUS ? plan.location : null;
  const scope = placeScopeOf(plan, store);
  // A radius visits its box's cells; every other search the rows that live in its place (per-place postings).
  const matches = matcherOf(
    req,
    store,
    scope,
    radius === null,
    radius !== null,
    blocked,
    offRowFilter(plan, store, index.traitBits, plan.viewer.id === null),
  );
  const distance = radius ? distanceFrom(radius.lat, radius.lon) : null;
  const box = radius ? boundingBox(radius.lat, radius.lon, radius.radius) : null;
  const haversine = radius ? haversineFrom(radius.lat, radius.lon) : null;
  const insideHaversine = radius ? haversineOfDistance(radius.radius - HAVERSINE_MARGIN_KM) : 0;
  const outsideHaversine = radius ? haversineOfDistance(radius.radius + HAVERSINE_MARGIN_KM) : Infinity;
  const wantPage = req.need > 0 && req.need <= MAX_INDEXED_PAGE_END;
  const order = wantPage ? keysOf(req, deps.dialect, rings) : null;
  // Every row's distance only where the page is sorted by it; elsewhere only rows of cells that reach the radius.
  const everyDistance = order === "by-distance";
  const counters = req.facets ? facetCounter(store, req.facets) : [];
  // The tallies by what the scan does with them (one shape each, so their reads in the loop stay monomorphic).
  const loose = counters.filter((c) => c.acceptsCount !== null);
  const terms = counters.filter((c) => c.acceptsCount === null && c.codes !== null);
  const ranges = counters.filter((c) => c.acceptsCount === null && c.codes === null);
  const looseAt = new Int32Array(loose.length);
  const places = req.byPlace ? termCodes(store, req.byPlace) : null;
  const placeCodes = places?.codes ?? null;
  const placeTally = places ? new Int32Array(places.raw.length) : null;
  const runs = visitedRuns(store, req, scope, radius && distance && box ? { radius: radius.radius, distance, box } : null);
  let total = 0;
  let count = 0;
  let slots = candidateSlots;
  let distances = candidateDistances;
  const undecided: number[] = [];
  // One loop with the row's work inline (ADR 170): as a closure called per row, its counters and the candidates' end
  // lived in the closure's context, read and written back on every row.
  for (let r = 0; r < runs.lists.length; r++) {
    const list = runs.lists[r]!;
    const inner = runs.inner[r]!;
    const home = runs.home[r]!;
    for (let k = 0; k < list.length; k++) {
      const slot = list[k]!;
      if (!matches(slot)) continue;
      let d = 0;
      // A cell wholly inside the radius is inside its box too; the others' rows are tested against both.
      if (
        !inner &&
        box &&
        !(
          store.lat[slot]! >= box.minLat &&
          store.lat[slot]! <= box.maxLat &&
          store.lon[slot]! >= box.minLon &&
          store.lon[slot]! <= box.maxLon
        )
      )
        continue;
      if (distance && radius && (!inner || everyDistance)) {
        // Without a distance sort only the side of the radius matters: the haversine term alone (no asin, no sqrt)
        // decides every row more than HAVERSINE_MARGIN_KM from it.
        const h = everyDistance || !haversine ? -1 : haversine(store.lat[slot]!, store.lon[slot]!);
        if (h > outsideHaversine) continue;
        if (h < 0 || h >= insideHaversine) {
          d = distance(store.lat[slot]!, store.lon[slot]!);
          // At the radius itself the database's own sin and radians decide (last bits of a double).
          if (Math.abs(d - radius.radius) <= DISTANCE_EPSILON_KM) {
            const inside = decided.get(store.userId[slot]!);
            if (inside === undefined) undecided.push(store.userId[slot]!);
            if (!inside) continue;
          } else if (d > radius.radius) continue;
        }
      }
      // The facets as the fold counts them (foldFacetCounts): a row whose every loose filter accepts it counts in the
      // total and in every facet; one that a single loose filter rejects counts in that facet alone (what the others
      // would find); two or more rejections: nowhere.
      // The loose facets with a filter first: only they reject, and the others are read only for a row none rejects.
      let rejectedBy = -1;
      let onPage = true;
      for (let f = 0; f < loose.length; f++) {
        const c = loose[f]!;
        const value = tallyIndex(c, slot);
        looseAt[f] = value;
        if (c.acceptsCount![value] === 0) rejectedBy = rejectedBy === -1 ? f : -2;
        if (c.acceptsPage![value] === 0) onPage = false;
      }
      if (rejectedBy === -1) {
        total += 1;
        for (let f = 0; f < loose.length; f++) loose[f]!.counts[looseAt[f]!]! += 1;
        for (let f = 0; f < terms.length; f++) terms[f]!.counts[terms[f]!.codes![slot]!]! += 1;
        for (let f = 0; f < ranges.length; f++) ranges[f]!.counts[bandOfTally(ranges[f]!, ranges[f]!.column![slot]!)]! += 1;
        if (placeCodes !== null && home) placeTally![placeCodes[slot]!]! += 1;
      } else if (rejectedBy >= 0) loose[rejectedBy]!.counts[looseAt[rejectedBy]!]! += 1;
      if (!wantPage || !onPage) continue;
      if (count === slots.length) {
        const more = new Int32Array(count * 2);
        more.set(slots);
        slots = more;
        const moreD = new Float64Array(count * 2);
        moreD.set(distances);
        distances = moreD;
      }
      slots[count] = slot;
      distances[count] = d;
      count += 1;
    }
  }
  candidateSlots = slots;
  candidateDistances = distances;
  if (undecided.length > 0) return undecided;

  let pageIds: number[] | null = null;
  if (order !== null) {
    if (order === "by-distance") pageIds = nearest(store, slots, count, distances, req.need, deps.dialect);
    else pageIds = topK(store, slots, count, null, order.keys, req.need, order.cannotBeat).map((slot) => store.userId[slot]!);
  }
  const counts: FacetCounts | null = req.facets
    ? {
        total,
        values: counters.map((c) => {
          const out: Array<[number | string | null, number]> = [];
          for (let v = 0; v < c.counts.length; v++) if (c.counts[v]! > 0) out.push([c.raw[v]!, c.counts[v]!]);
          return out;
        }),
      }
    : null;
  const placeCounts: IndexedAnswer["placeCounts"] = [];
  if (places) for (let v = 0; v < placeTally!.length; v++) if (placeTally![v]! > 0) placeCounts.push([places.raw[v]!, placeTally![v]!]);
  return { pageIds, counts, placeCounts: places ? placeCounts : null };
}

/** The runs of slots a pass visits, each with whether its rows are wholly inside the radius and live in the place. */
interface Runs {
  lists: number[][];
  inner: boolean[];
  home: boolean[];
}

/**
 * A radius search's rows are its types' postings of the cells its box touches (`inner`: a cell wholly inside the
 * radius); every other search's the lists of the homes in its place, then members touring the place who live elsewhere
 * (listed, but not counted by place; those living here were in the lists; touring members are only searched in country
 * mode, indexHolds).
 */
function visitedRuns(
  store: ColumnStore,
  req: IndexedRequest,
  scope: PlaceScope,
  circle: { radius: number; distance: (lat: number, lon: number) => number; box: ReturnType<typeof boundingBox> } | null,
): Runs {
  const runs: Runs = { lists: [], inner: [], home: [] };
  const add = (list: number[], inner: boolean, home: boolean) => {
    runs.lists.push(list);
    runs.inner.push(inner);
    runs.home.push(home);
  };
  const types = new Set(req.userTypes);
  if (circle) {
    const { box, distance, radius } = circle;
    const [lat0, lat1, lon0, lon1] = [latCellOf(box.minLat), latCellOf(box.maxLat), lonCellOf(box.minLon), lonCellOf(box.maxLon)];
    // Per latitude row only its occupied cells within the box, in longitude order: the same lists, in the same order,
    // as a walk over every cell of the box, without the lookups of the empty ones.
    for (const type of types)
      for (let a = lat0; a <= lat1; a++) {
        const row = store.occupiedRow(type, a);
        if (!row) continue;
        const { lonCells, lists } = row;
        for (let i = firstAtLeast(lonCells, lon0); i < lonCells.length && lonCells[i]! <= lon1; i++)
          add(lists[i]!, cellWithin(distance, a, lonCells[i]!, radius), true);
      }
    return runs;
  }
  for (const list of store.homeLists(types, scope)) add(list, true, true);
  const touring: number[] = [];
  for (const userId of req.plan.touring?.keys() ?? []) {
    const slot = store.slotOf(userId);
    if (slot >= 0 && types.has(store.userType[slot]!) && !store.livesIn(slot, types, scope)) touring.push(slot);
  }
  if (touring.length > 0) add(touring, true, false);
  return runs;
}

/** Kilometres added to a cell's farthest point before it counts as wholly inside the radius (rounding, with room). */
const CELL_MARGIN_KM = 1e-3;

/**
 * Whether every position of grid cell (latCell, lonCell) is within the radius by more than DISTANCE_EPSILON_KM, so its
 * rows need no distance of their own: the distance to the cell's centre plus the centre's distance to its farthest
 * corner bounds them (the triangle inequality on the sphere). The grid's clamped edge cells are never taken as inside.
 */
function cellWithin(distance: (lat: number, lon: number) => number, latCell: number, lonCell: number, radiusKm: number): boolean {
  if (Math.abs(latCell) >= 90 * CELLS_PER_DEGREE - 1 || Math.abs(lonCell) >= 180 * CELLS_PER_DEGREE - 1) return false;
  const south = latCell / CELLS_PER_DEGREE;
  const west = lonCell / CELLS_PER_DEGREE;
  const north = (latCell + 1) / CELLS_PER_DEGREE;
  const east = (lonCell + 1) / CELLS_PER_DEGREE;
  const fromCentre = distanceFrom((south + north) / 2, (west + east) / 2);
  const spread = Math.max(fromCentre(south, west), fromCentre(south, east), fromCentre(north, west), fromCentre(north, east));
  return distance((south + north) / 2, (west + east) / 2) + spread + CELL_MARGIN_KM < radiusKm - DISTANCE_EPSILON_KM;
}

/**
 * The candidates of a page sorted by distance: the best `need` by the index's distance, plus every row within
 * DISTANCE_EPSILON_KM of the last one's distance (at most `need` per position), so where the two arithmetics differ
 * in the last bits the database's ORDER BY still finds its own page among them.
 */
function nearest(
  store: ColumnStore,
  matches: Int32Array,
  count: number,
  distances: Float64Array,
  need: number,
  dialect: ApiDeps["dialect"],
) {
  const nullLogin = dialect === "postgres" ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const login = (i: number) => (Number.isNaN(store.lastLoginAt[i]!) ? nullLogin : store.lastLoginAt[i]!);
  const keys = keyBuffer(2, (out, s, i, d) => {
    out[0] = -d;
    out[1] = login(i);
  });
  const best = topK(store, matches, count, distances, keys, need);
  if (best.length < need) return best.map((slot) => store.userId[slot]!);
  const chosen = new Set(best);
  const last = distanceOfSlot(matches, distances, count, best[best.length - 1]!);
  const near: number[] = [];
  for (let m = 0; m < count; m++) if (!chosen.has(matches[m]!) && Math.abs(distances[m]! - last) <= DISTANCE_EPSILON_KM) near.push(m);
  const byPosition = new Map<string, number[]>();
  for (const m of near) {
    const slot = matches[m]!;
    const key = `${store.lat[slot]},${store.lon[slot]}`;
    const list = byPosition.get(key) ?? [];
    list.push(m);
    byPosition.set(key, list);
  }
  const ids = best.map((slot) => store.userId[slot]!);
  for (const list of byPosition.values()) {
    const slots = Int32Array.from(list.map((m) => matches[m]!));
    const ds = Float64Array.from(list.map((m) => distances[m]!));
    for (const slot of topK(store, slots, slots.length, ds, keys, need)) ids.push(store.userId[slot]!);
  }
  return ids;
}

function distanceOfSlot(matches: Int32Array, distances: Float64Array, count: number, slot: number): number {
  for (let m = 0; m < count; m++) if (matches[m] === slot) return distances[m]!;
  return 0;
}

/**
 * The bands of a range facet as inclusive integer bounds in flat arrays (bandOf's rule without an object or a strictness
 * flag per band in the scan): the columns hold integers, so `v > lo` is `v >= floor(lo) + 1` and `v < hi` is
 * `v <= ceil(hi) - 1`.
 */
interface Bands {
  lo: Float64Array;
  hi: Float64Array;
}

function compiledBands(cases: readonly BandCase[]): Bands {
  const bands: Bands = { lo: new Float64Array(cases.length).fill(-Infinity), hi: new Float64Array(cases.length).fill(Infinity) };
  cases.forEach(({ lo, hi }, b) => {
    if (lo) bands.lo[b] = lo.inclusive ? Math.ceil(lo.value) : Math.floor(lo.value) + 1;
    if (hi) bands.hi[b] = hi.inclusive ? Math.floor(hi.value) : Math.ceil(hi.value) - 1;
  });
  return bands;
}

/** An integer's band as an index of the facet's counts: 0 for NULL or no band, band b as b + 1. */
function bandIndex(value: number, bands: Bands): number {
  if (value === NULL_INT) return 0;
  const { lo, hi } = bands;
  for (let b = 0; b < lo.length; b++) if (value >= lo[b]! && value <= hi[b]!) return b + 1;
  return 0;
}

/** The first band whose bounds hold for an integer (null: none), as the SQL's CASE decides. */
export function bandOf(value: number, cases: readonly BandCase[]): number | null {
  const index = bandIndex(value, compiledBands(cases));
  return index === 0 ? null : index - 1;
}

/** bandOf as the scan finds it (through the band table where it reaches); the property test holds the two equal. */
export function scannedBandOf(value: number, cases: readonly BandCase[]): number | null {
  const tally = new FacetTally(null, null, compiledBands(cases), [null, ...cases.map((_, b) => b)], undefined);
  const index = bandOfTally(tally, value);
  return index === 0 ? null : index - 1;
}

/**
 * One facet counted in the scan: each row's value as a small index (a dictionary code, or a band) into `counts`. A
 * class, so every tally has one shape and the scan's property reads stay monomorphic (objects spread from two literals
 * had made them megamorphic: half the scan's time).
 */
class FacetTally {
  /** Rows counted, by index. */
  readonly counts: Int32Array;
  /** A loose facet: whether its filter accepts each index, as the fold counts (Number(NULL) is 0) and as the page's WHERE. */
  readonly acceptsCount: Uint8Array | null;
  readonly acceptsPage: Uint8Array | null;
  /** A range facet's band index by `value - bandTableFrom` (bandTableOf); empty for a term facet. */
  readonly bandTable: Uint8Array;
  readonly bandTableFrom: number;
  constructor(
    /** The store's dictionary codes of a term facet (null: a range facet, banded from `column`). */
    readonly codes: Uint16Array | null,
    readonly column: Int32Array | null,
    readonly bands: Bands | null,
    /** Each index's value as the SQL's GROUP BY returns it (number, text or null). */
    readonly raw: ReadonlyArray<number | string | null>,
    accepts: ReadonlySet<number> | undefined,
  ) {
    this.counts = new Int32Array(raw.length);
    const table = bands ? bandTableOf(bands) : null;
    this.bandTable = table?.table ?? NO_TABLE;
    this.bandTableFrom = table?.from ?? 0;
    this.acceptsCount = accepts ? Uint8Array.from(raw, (value) => (accepts.has(Number(value)) ? 1 : 0)) : null;
    // The page's WHERE (`column IN (…)`) never holds for NULL.
    this.acceptsPage = accepts ? Uint8Array.from(raw, (value) => (typeof value === "number" && accepts.has(value) ? 1 : 0)) : null;
  }
}

const NO_TABLE = new Uint8Array(0);

/** A slot's index in a tally: its dictionary code, or its band. */
function tallyIndex(c: FacetTally, slot: number): number {
  return c.codes !== null ? c.codes[slot]! : bandOfTally(c, c.column![slot]!);
}

/** A range facet's band index of a value: from its table where the table reaches, else bandIndex. */
function bandOfTally(c: FacetTally, value: number): number {
  const at = value - c.bandTableFrom;
  return at >= 0 && at < c.bandTable.length ? c.bandTable[at]! : bandIndex(value, c.bands!);
}

/** The widest span of values a band table covers (the age bands' birth dates span ~1.1 million yyyymmdd values). */
const MAX_BAND_TABLE = 1 << 21;
const bandTables = new Map<string, { from: number; table: Uint8Array }>();

/**
 * bandIndex as a table over the values between the bands' finite bounds, so the scan's range facets cost one array
 * read per row instead of a loop over the bands (a tenth of the bar's time). Kept per set of bounds: the price bands
 * never change, the age bands' birth-date bounds once a day; null where the bounds span too many values.
 */
function bandTableOf(bands: Bands): { from: number; table: Uint8Array } | null {
  const key = `${Array.from(bands.lo).join()}/${Array.from(bands.hi).join()}`;
  const known = bandTables.get(key);
  if (known) return known;
  const finite = [...bands.lo, ...bands.hi].filter(Number.isFinite);
  if (finite.length === 0) return null;
  const from = Math.min(...finite);
  const to = Math.max(...finite);
  if (to - from + 1 > MAX_BAND_TABLE || bands.lo.length > 255) return null;
  const table = new Uint8Array(to - from + 1);
  // The first band whose bounds hold wins (bandIndex's rule): later bands fill only what earlier ones left.
  for (let b = 0; b < bands.lo.length; b++) {
    const lo = Math.max(bands.lo[b]!, from);
    const hi = Math.min(bands.hi[b]!, to);
    for (let v = lo; v <= hi; v++) if (table[v - from] === 0) table[v - from] = b + 1;
  }
  if (bandTables.size >= 16) bandTables.clear();
  const entry = { from, table };
  bandTables.set(key, entry);
  return entry;
}

/** A term facet's dictionary codes per slot and the value of each code. */
function termCodes(
  store: ColumnStore,
  column: "gender" | "figure_type" | "race_type" | "cup_size" | PlaceColumn,
): { codes: Uint16Array; raw: ReadonlyArray<number | string | null> } {
  switch (column) {
    case "region_code":
      return { codes: store.region, raw: store.regions.values };
    case "city_id":
      return { codes: store.cityCode, raw: store.cities.values };
    case "gender":
      return { codes: store.genderCode, raw: store.genders.values };
    case "country_code":
      return { codes: store.country, raw: store.countries.values };
    case "figure_type":
      return { codes: store.figureCode, raw: store.figures.values };
    case "race_type":
      return { codes: store.raceCode, raw: store.races.values };
    case "cup_size":
      return { codes: store.cupCode, raw: store.cups.values };
  }
}

/** The facets' tallies for one pass, in the request's order. */
function facetCounter(store: ColumnStore, facets: NonNullable<IndexedRequest["facets"]>): FacetTally[] {
  return facets.map(({ source, accepts }) => {
    if (source.column === "birth_ymd" || source.column === "price_hour") {
      const column = source.column === "birth_ymd" ? store.birthYmd : store.priceHour;
      return new FacetTally(null, column, compiledBands(source.cases), [null, ...source.cases.map((_, b) => b)], accepts);
    }
    const { codes, raw } = termCodes(store, source.column);
    return new FacetTally(codes, null, null, raw, accepts);
  });
}

/**
 * The in-process column index of search_profiles (issue 33 item 2, ADR 151): one per database handle and process,
 * typed arrays per column, rows grouped by a 0.01° grid so a radius search visits only the cells its box touches.
 * It never answers from stale rows: before each use it applies the change log (migration 0128) — the rows after the
 * last one applied, usually none — and reloads those users' rows. What it answers and how: indexed-search.ts.
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { DB } from "../../db/index";
import { TraitBits } from "./directory-filter";

/** The columns the index holds, in the order of the load query. */
const COLUMNS = [
  "user_id",
  "user_type",
  "gender",
  "birth_ymd",
  "lat",
  "lon",
  "country_code",
  "region_code",
  "city_id",
  "members_only",
  "created_at",
  "last_login_at",
  "is_member",
  "member_until",
  "verified",
  "is_hot",
  "review_count",
  "rating_avg",
  "rise_up_until",
  "available_now_until",
  "safe_sex_status",
  "is_smoker",
  "height_cm",
  "weight_kg",
  "price_hour",
  "figure_type",
  "race_type",
  "cup_size",
  "has_piercing",
  "has_tattoo",
  "favorite_count",
  "visit_count",
] as const;
type Row = Record<(typeof COLUMNS)[number], unknown>;

/** NULL of a nullable integer column (no real value is this small). */
export const NULL_INT = -2_147_483_648;
/**
 * Rows read per statement at load (keyset by user id). The process serves requests only between chunks (the SQLite
 * driver answers synchronously): 50,000 rows held the event loop ~0.5 s each on a quiet machine, ten times that at
 * load 37, long enough for a page to time out (ADR 170).
 */
export const LOAD_CHUNK = 5_000;
/** Rows re-posted between turns of the event loop while clustering (clusterSteps). */
const CLUSTER_SLICE = 50_000;
/** Users reloaded per statement when the change log names them. */
const RELOAD_CHUNK = 500;
/** More changed users than this at once: a full load is cheaper than reloading them one chunk at a time. */
const FULL_RELOAD_OVER = 50_000;
/** Grid cells per degree (0.01°: ~1.1 km of latitude; a 10 km box touches ~500 cells and little outside it). */
export const CELLS_PER_DEGREE = 100;
const LON_CELLS = 360 * CELLS_PER_DEGREE + 1;

const int = (value: unknown) => (value === null || value === undefined ? NULL_INT : Number(value));
const real = (value: unknown) => (value === null || value === undefined ? Number.NaN : Number(value));

/** The grid cell of a position (clamped, so a box's cell range always covers the rows inside the box). */
export function cellOf(lat: number, lon: number): number {
  return (latCellOf(lat) + 90 * CELLS_PER_DEGREE) * LON_CELLS + lonCellOf(lon) + 180 * CELLS_PER_DEGREE;
}
export function latCellOf(lat: number): number {
  return Math.min(90 * CELLS_PER_DEGREE, Math.max(-90 * CELLS_PER_DEGREE, Math.floor(lat * CELLS_PER_DEGREE)));
}
export function lonCellOf(lon: number): number {
  return Math.min(180 * CELLS_PER_DEGREE, Math.max(-180 * CELLS_PER_DEGREE, Math.floor(lon * CELLS_PER_DEGREE)));
}
export function cellKey(latCell: number, lonCell: number): number {
  return (latCell + 90 * CELLS_PER_DEGREE) * LON_CELLS + lonCell + 180 * CELLS_PER_DEGREE;
}
/** The latitude cell of a cell key (cellKey's inverse, first half). */
function latCellOfKey(key: number): number {
  return Math.floor(key / LON_CELLS) - 90 * CELLS_PER_DEGREE;
}
/** The longitude cell of a cell key (cellKey's inverse, second half). */
function lonCellOfKey(key: number): number {
  return (key % LON_CELLS) - 180 * CELLS_PER_DEGREE;
}

/**
 * One latitude row's cells that have postings of one user type, by longitude cell ascending, with their lists: a
 * radius search walks these instead of every cell of its box (a 100-km box has ~53,000 cells, nearly all empty).
 */
export interface OccupiedRow {
  lonCells: number[];
  lists: number[][];
}

/** A place in the dictionaries' codes, as a search names it: null is any, and -1 (a value no row holds) is none. */
export interface PlaceScope {
  countries: ReadonlySet<number> | null;
  region: number | null;
  city: number | null;
}

function homeIn(scope: PlaceScope, country: number, region: number, city: number): boolean {
  return (
    (scope.countries === null || scope.countries.has(country)) &&
    (scope.region === null || scope.region === region) &&
    (scope.city === null || scope.city === city)
  );
}

/**
 * Per-place postings (ADR 163): every row sits in the list of its home — its (user type, country, region, city) — so
 * the rows of a city, a region, a country or a whole user type are the lists of the homes that match, and a directory
 * page visits only its own rows. A home is never dropped (its list may empty); the store keeps each slot's home and
 * position, so a row leaves its list in O(1) when it moves or goes.
 */
class Homes {
  /** Each home's slots, in no particular order. */
  readonly slots: number[][] = [];
  private readonly type: number[] = [];
  private readonly country: number[] = [];
  private readonly region: number[] = [];
  private readonly city: number[] = [];
  /** User type → (country, region, city) codes as one number → home. */
  private readonly ids = new Map<number, Map<number, number>>();
  /** Homes by one of their codes, so a place finds its few homes without looking at all. */
  private readonly byCountry = new Map<number, number[]>();
  private readonly byRegion = new Map<number, number[]>();
  private readonly byCity = new Map<number, number[]>();

  idOf(type: number, country: number, region: number, city: number): number {
    let ofType = this.ids.get(type);
    if (!ofType) this.ids.set(type, (ofType = new Map()));
    // Three Uint16 codes in 48 bits (an exact integer).
    const key = (country * 65_536 + region) * 65_536 + city;
    let id = ofType.get(key);
    if (id === undefined) {
      id = this.slots.length;
      ofType.set(key, id);
      this.slots.push([]);
      this.type.push(type);
      this.country.push(country);
      this.region.push(region);
      this.city.push(city);
      for (const [by, code] of [
        [this.byCountry, country],
        [this.byRegion, region],
        [this.byCity, city],
      ] as const) {
        const list = by.get(code);
        if (list) list.push(id);
        else by.set(code, [id]);
      }
    }
    return id;
  }

  /** The lists of the homes of these user types in the place. */
  listsIn(types: ReadonlySet<number>, scope: PlaceScope): number[][] {
    const candidates =
      scope.city !== null
        ? (this.byCity.get(scope.city) ?? [])
        : scope.region !== null
          ? (this.byRegion.get(scope.region) ?? [])
          : scope.countries !== null
            ? [...scope.countries].flatMap((c) => this.byCountry.get(c) ?? [])
            : this.slots.map((_, id) => id);
    const lists: number[][] = [];
    for (const id of candidates)
      if (types.has(this.type[id]!) && homeIn(scope, this.country[id]!, this.region[id]!, this.city[id]!) && this.slots[id]!.length > 0)
        lists.push(this.slots[id]!);
    return lists;
  }
}

/** Values of a column as small integers (codes in order of first sight; 0 is NULL): texts, or a facet's integers. */
class Dictionary<T extends string | number = string> {
  readonly values: (T | null)[] = [null];
  private readonly codes = new Map<T, number>();
  constructor(private readonly of: (value: unknown) => T) {}
  code(value: unknown): number {
    if (value === null || value === undefined) return 0;
    const key = this.of(value);
    let code = this.codes.get(key);
    if (code === undefined) {
      code = this.values.length;
      // The codes live in Uint16Arrays: a 65,536th value would wrap onto another's code.
      if (code > 0xffff) throw new Error("search index: more than 65,535 distinct values in one dictionary column");
      this.values.push(key);
      this.codes.set(key, code);
    }
    return code;
  }
  find(value: T): number | undefined {
    return this.codes.get(value);
  }
}

function grown<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(array: T, size: number, fill?: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  if (fill !== undefined) next.fill(fill, array.length);
  return next;
}

/** The rows: column arrays indexed by slot; a free slot has alive 0. */
export class ColumnStore {
  capacity = 0;
  /** Slots in use or freed (the loops' bound). */
  size = 0;
  count = 0;
  alive = new Uint8Array(0);
  userId = new Int32Array(0);
  userType = new Int32Array(0);
  gender = new Int32Array(0);
  birthYmd = new Int32Array(0);
  lat = new Float64Array(0);
  lon = new Float64Array(0);
  country = new Uint16Array(0);
  region = new Uint16Array(0);
  cityId = new Int32Array(0);
  membersOnly = new Uint8Array(0);
  createdAt = new Float64Array(0);
  lastLoginAt = new Float64Array(0);
  isMember = new Uint8Array(0);
  memberUntil = new Float64Array(0);
  verified = new Uint8Array(0);
  isHot = new Uint8Array(0);
  reviewCount = new Int32Array(0);
  ratingAvg = new Float64Array(0);
  riseUpUntil = new Float64Array(0);
  availableNowUntil = new Float64Array(0);
  safeSexStatus = new Int32Array(0);
  isSmoker = new Int32Array(0);
  heightCm = new Int32Array(0);
  weightKg = new Int32Array(0);
  priceHour = new Int32Array(0);
  figureType = new Int32Array(0);
  raceType = new Int32Array(0);
  cupSize = new Int32Array(0);
  hasPiercing = new Uint8Array(0);
  hasTattoo = new Uint8Array(0);
  /** The ranking score's terms that do not depend on the clock (fixedScoreTermsSql, migration 0127). */
  fixedScore = new Int32Array(0);
  /**
   * The term facets' values as dictionary codes (0: NULL), so a search counts them into small arrays indexed by the
   * code (indexed-search.ts) instead of grouping the rows' combinations.
   */
  genderCode = new Uint16Array(0);
  figureCode = new Uint16Array(0);
  raceCode = new Uint16Array(0);
  cupCode = new Uint16Array(0);
  /** The directory's counts per child city (ADR 158) count by this code. */
  cityCode = new Uint16Array(0);
  /** The slot's grid cell, -1 without a position. */
  cell = new Int32Array(0);
  /** The slot's home (per-place postings, Homes; -1: none) and its position in the home's list. */
  home = new Int32Array(0);
  homeAt = new Int32Array(0);
  readonly countries = new Dictionary(String);
  readonly regions = new Dictionary(String);
  readonly genders = new Dictionary(Number);
  readonly figures = new Dictionary(Number);
  readonly races = new Dictionary(Number);
  readonly cups = new Dictionary(Number);
  readonly cities = new Dictionary(Number);
  /**
   * Slots by user type, then grid cell (per-type postings): a search visits only its own types' rows of a cell, and
   * after clusterByCell those are one contiguous run of slots.
   */
  readonly cells = new Map<number, Map<number, number[]>>();
  /**
   * The same postings by user type, then latitude cell: the row's occupied cells in longitude order. A cell stays in
   * its row while its list is in `cells` (emptied lists included), so a walk over the rows visits exactly the lists
   * a walk over every cell of the box would find, in the same order.
   */
  private readonly rows = new Map<number, Map<number, OccupiedRow>>();
  private homes = new Homes();
  /** Slot by user id (-1: none). */
  private slotOfUser = new Int32Array(0);
  private readonly free: number[] = [];

  slotOf(userId: number): number {
    return userId >= 0 && userId < this.slotOfUser.length ? this.slotOfUser[userId]! : -1;
  }

  private ensure(size: number) {
    if (size <= this.capacity) return;
    const n = Math.max(size, this.capacity * 2, 1024);
    for (const key of Object.keys(this) as (keyof this)[]) {
      const value = this[key];
      if (key === "slotOfUser") continue;
      if (value instanceof Int32Array || value instanceof Float64Array || value instanceof Uint8Array || value instanceof Uint16Array)
        (this as Record<keyof this, unknown>)[key] = grown(value, n);
    }
    this.capacity = n;
  }

  upsert(row: Row) {
    const userId = Number(row.user_id);
    let slot = this.slotOf(userId);
    if (slot < 0) {
      slot = this.free.pop() ?? this.size++;
      this.ensure(this.size);
      this.slotOfUser = grown(this.slotOfUser, userId + 1, -1);
      this.slotOfUser[userId] = slot;
      this.count += 1;
    } else this.unplace(slot);
    this.alive[slot] = 1;
    this.userId[slot] = userId;
    this.userType[slot] = Number(row.user_type);
    this.gender[slot] = int(row.gender);
    this.birthYmd[slot] = int(row.birth_ymd);
    this.lat[slot] = real(row.lat);
    this.lon[slot] = real(row.lon);
    this.country[slot] = this.countries.code(row.country_code);
    this.region[slot] = this.regions.code(row.region_code);
    this.cityId[slot] = int(row.city_id);
    this.membersOnly[slot] = Number(row.members_only);
    this.createdAt[slot] = real(row.created_at);
    this.lastLoginAt[slot] = real(row.last_login_at);
    this.isMember[slot] = Number(row.is_member);
    this.memberUntil[slot] = real(row.member_until);
    this.verified[slot] = Number(row.verified);
    this.isHot[slot] = Number(row.is_hot);
    this.reviewCount[slot] = Number(row.review_count);
    this.ratingAvg[slot] = real(row.rating_avg);
    this.riseUpUntil[slot] = real(row.rise_up_until);
    this.availableNowUntil[slot] = real(row.available_now_until);
    this.safeSexStatus[slot] = Number(row.safe_sex_status);
    this.isSmoker[slot] = int(row.is_smoker);
    this.heightCm[slot] = int(row.height_cm);
    this.weightKg[slot] = int(row.weight_kg);
    this.priceHour[slot] = int(row.price_hour);
    this.figureType[slot] = int(row.figure_type);
    this.raceType[slot] = int(row.race_type);
    this.cupSize[slot] = int(row.cup_size);
    this.hasPiercing[slot] = Number(row.has_piercing);
    this.hasTattoo[slot] = Number(row.has_tattoo);
    this.genderCode[slot] = this.genders.code(row.gender);
    this.figureCode[slot] = this.figures.code(row.figure_type);
    this.raceCode[slot] = this.races.code(row.race_type);
    this.cupCode[slot] = this.cups.code(row.cup_size);
    this.cityCode[slot] = this.cities.code(row.city_id);
    const favorites = Number(row.favorite_count);
    const visits = Number(row.visit_count);
    const reviews = this.reviewCount[slot]!;
    // The same terms as fixedScoreTermsSql (integer division of the visits, as both databases do).
    this.fixedScore[slot] =
      (favorites > 50 ? 100 : favorites * 2) +
      (visits > 500 ? 50 : Math.trunc(visits / 10)) +
      (this.verified[slot] === 1 ? 200 : 0) +
      (reviews > 50 ? 200 : reviews * 4);
    this.place(slot);
  }

  remove(userId: number) {
    const slot = this.slotOf(userId);
    if (slot < 0) return;
    this.unplace(slot);
    this.alive[slot] = 0;
    this.slotOfUser[userId] = -1;
    this.free.push(slot);
    this.count -= 1;
  }

  /**
   * Lays the rows out in grid-cell order (rows without a position last): a box's rows then sit together in memory, and
   * a search reads whole cache lines instead of one miss per column and row (a scan of a Berlin box was memory-bound).
   * Called after a full load; rows changed later are placed wherever a slot is free.
   */
  clusterByCell() {
    for (const _ of this.clusterSteps());
  }

  /**
   * clusterByCell in slices: each `yield` is a point where the loader lets the process serve its requests (ADR 170), as
   * the whole at a million rows held the event loop for seconds. The store is unusable until the last step has run.
   */
  *clusterSteps(): Generator<void, void, void> {
    const order = new Int32Array(this.count);
    let n = 0;
    for (let slot = 0; slot < this.size; slot++) if (this.alive[slot] === 1) order[n++] = slot;
    const cellOfSlot = this.cell;
    const typeOfSlot = this.userType;
    // Within a cell by user type: a search's rows of the cell are one run (the per-type postings below).
    const sorted = Array.from(order).sort((a, b) => {
      const ca = cellOfSlot[a]! < 0 ? Number.MAX_SAFE_INTEGER : cellOfSlot[a]!;
      const cb = cellOfSlot[b]! < 0 ? Number.MAX_SAFE_INTEGER : cellOfSlot[b]!;
      return ca - cb || typeOfSlot[a]! - typeOfSlot[b]! || a - b;
    });
    yield;
    for (const key of Object.keys(this) as (keyof this)[]) {
      const value = this[key];
      if (key === "slotOfUser") continue;
      if (value instanceof Int32Array || value instanceof Float64Array || value instanceof Uint8Array || value instanceof Uint16Array) {
        const from = value as unknown as Float64Array;
        const next = new (from.constructor as new (n: number) => Float64Array)(from.length);
        for (let to = 0; to < sorted.length; to++) next[to] = from[sorted[to]!]!;
        (this as Record<keyof this, unknown>)[key] = next;
        yield;
      }
    }
    this.size = sorted.length;
    this.free.length = 0;
    this.slotOfUser.fill(-1);
    this.cells.clear();
    this.rows.clear();
    this.homes = new Homes();
    for (let slot = 0; slot < this.size; slot++) {
      this.slotOfUser[this.userId[slot]!] = slot;
      if (this.cell[slot]! >= 0) this.post(slot);
      this.enter(slot);
      if (slot % CLUSTER_SLICE === CLUSTER_SLICE - 1) yield;
    }
  }

  /** The rows of these user types that live in the place, as lists of slots (the per-place postings). */
  homeLists(types: ReadonlySet<number>, scope: PlaceScope): number[][] {
    return this.homes.listsIn(types, scope);
  }

  /** Whether a slot is in one of homeLists(types, scope)'s lists. */
  livesIn(slot: number, types: ReadonlySet<number>, scope: PlaceScope): boolean {
    return types.has(this.userType[slot]!) && homeIn(scope, this.country[slot]!, this.region[slot]!, this.cityCode[slot]!);
  }

  /** The slots of one user type in one grid cell (undefined: none). */
  cellSlots(userType: number, key: number): number[] | undefined {
    return this.cells.get(userType)?.get(key);
  }

  /** The occupied cells of one user type in one latitude row (undefined: none). */
  occupiedRow(userType: number, latCell: number): OccupiedRow | undefined {
    return this.rows.get(userType)?.get(latCell);
  }

  private post(slot: number) {
    const type = this.userType[slot]!;
    let byCell = this.cells.get(type);
    if (!byCell) this.cells.set(type, (byCell = new Map()));
    const key = this.cell[slot]!;
    const list = byCell.get(key);
    if (list) list.push(slot);
    else {
      const created = [slot];
      byCell.set(key, created);
      this.enterRow(type, key, created);
    }
  }

  /** A new cell's list into its latitude row, at its longitude's place. */
  private enterRow(type: number, key: number, list: number[]) {
    let byLat = this.rows.get(type);
    if (!byLat) this.rows.set(type, (byLat = new Map()));
    const latCell = latCellOfKey(key);
    const lonCell = lonCellOfKey(key);
    let row = byLat.get(latCell);
    if (!row) byLat.set(latCell, (row = { lonCells: [], lists: [] }));
    const at = firstAtLeast(row.lonCells, lonCell);
    row.lonCells.splice(at, 0, lonCell);
    row.lists.splice(at, 0, list);
  }

  private enter(slot: number) {
    const home = this.homes.idOf(this.userType[slot]!, this.country[slot]!, this.region[slot]!, this.cityCode[slot]!);
    const list = this.homes.slots[home]!;
    this.home[slot] = home;
    this.homeAt[slot] = list.length;
    list.push(slot);
  }

  /** Takes a slot out of its home's list: the last entry fills its place. */
  private leave(slot: number) {
    const home = this.home[slot]!;
    if (home < 0) return;
    const list = this.homes.slots[home]!;
    const last = list.pop()!;
    if (last !== slot) {
      const at = this.homeAt[slot]!;
      list[at] = last;
      this.homeAt[last] = at;
    }
    this.home[slot] = -1;
  }

  private place(slot: number) {
    this.enter(slot);
    const lat = this.lat[slot]!;
    const lon = this.lon[slot]!;
    if (Number.isNaN(lat) || Number.isNaN(lon)) {
      this.cell[slot] = -1;
      return;
    }
    this.cell[slot] = cellOf(lat, lon);
    this.post(slot);
  }

  /** Takes a slot out of its home's and its cell's postings (before its row, user type included, is overwritten). */
  private unplace(slot: number) {
    this.leave(slot);
    const key = this.cell[slot]!;
    if (key < 0) return;
    const list = this.cellSlots(this.userType[slot]!, key);
    const at = list ? list.indexOf(slot) : -1;
    if (list && at >= 0) {
      list[at] = list[list.length - 1]!;
      list.pop();
    }
    this.cell[slot] = -1;
  }
}

/** The first index of a sorted array whose value is ≥ value (the array's length when none). */
export function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where the index stands in the change log. */
interface LogPosition {
  seq: number;
  /** PostgreSQL: the oldest transaction still running when the log was read (rows of later commits have txid ≥ it). */
  xmin: string | null;
}

interface LogRead {
  position: LogPosition;
  pruned: number;
  /** Changed users; null: everything. */
  users: Set<number> | null;
}

const selectColumns = COLUMNS.map((c) => `search_profiles.${c}` as const);

/** One index per database handle (tests and the cluster's instances each have their own). */
const indexes = new WeakMap<DB, SearchColumnIndex>();

export class SearchColumnIndex {
  store: ColumnStore | null = null;
  /** Trait options and business kinds per user (ADR 158, 170), loaded and refreshed with the rows. */
  traitBits: TraitBits | null = null;
  private position: LogPosition = { seq: 0, xmin: null };
  private loading: Promise<void> | null = null;
  private current: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** What the last full load cost (bench and ADR 151). */
  lastLoad: { rows: number; ms: number } | null = null;
  /** Full loads so far (the first, and any after the log was pruned past this index or truncated). */
  loads = 0;

  private constructor(private readonly deps: Pick<ApiDeps, "db" | "dialect">) {}

  static of(deps: Pick<ApiDeps, "db" | "dialect">): SearchColumnIndex {
    let index = indexes.get(deps.db);
    if (!index) {
      index = new SearchColumnIndex(deps);
      indexes.set(deps.db, index);
    }
    return index;
  }

  get ready(): boolean {
    return this.store !== null;
  }

  /** Starts the first load in the background (requests meanwhile take the SQL path). */
  warm(): void {
    if (!this.store && !this.loading) void this.load().catch(() => undefined);
  }

  /** Loads every row (once; a second caller waits for the same load). */
  load(): Promise<void> {
    this.loading ??= this.fullLoad().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * Brings the index up to every change committed before this call: the log is read after the call began (a read
   * already under way may predate a write the caller saw, so the caller waits for the next one).
   */
  fresh(): Promise<void> {
    if (!this.store) return this.load();
    if (!this.current) return this.startRead();
    this.queued ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.startRead();
      });
    return this.queued;
  }

  private startRead(): Promise<void> {
    const read: Promise<void> = this.applyChanges().finally(() => {
      if (this.current === read) this.current = null;
    });
    this.current = read;
    return read;
  }

  private async fullLoad(): Promise<void> {
    const started = performance.now();
    // The position first: a change committed during the load is applied again by the next read (idempotent).
    const { position } = await this.readLog(null);
    const store = new ColumnStore();
    const traits = new TraitBits();
    for (let after = -1; ;) {
      const rows = (await this.deps.db
        .selectFrom("search_profiles")
        .select(selectColumns)
        .where("search_profiles.user_id", ">", after)
        .orderBy("search_profiles.user_id")
        .limit(LOAD_CHUNK)
        .execute()) as unknown as Row[];
      for (const row of rows) store.upsert(row);
      const last = rows.length < LOAD_CHUNK ? null : Number(rows[rows.length - 1]!.user_id);
      await traits.loadRange(this.deps.db, after, last);
      // The process serves its requests between chunks (ADR 164): SQLite's driver answers on the event loop, so
      // without this the whole load (seconds at a million rows) was one run of microtasks and /readyz waited for it.
      await turn();
      if (last === null) break;
      after = last;
    }
    for (const _ of store.clusterSteps()) await turn();
    this.store = store;
    this.traitBits = traits;
    this.position = position;
    this.lastLoad = { rows: store.count, ms: performance.now() - started };
    this.loads += 1;
  }

  private async applyChanges(): Promise<void> {
    const read = await this.readLog(this.position);
    // Behind the pruned range (changes may be gone), or everything changed: load again.
    if (read.users === null || this.position.seq < read.pruned || read.users.size > FULL_RELOAD_OVER) {
      await this.fullLoad();
      return;
    }
    const store = this.store!;
    const ids = [...read.users];
    for (let i = 0; i < ids.length; i += RELOAD_CHUNK) {
      const chunk = ids.slice(i, i + RELOAD_CHUNK);
      const [rows, facts] = await Promise.all([
        this.deps.db.selectFrom("search_profiles").select(selectColumns).where("search_profiles.user_id", "in", chunk).execute(),
        this.traitBits!.read(this.deps.db, chunk),
      ]);
      const present = new Set<number>();
      for (const row of rows as unknown as Row[]) {
        store.upsert(row);
        present.add(Number(row.user_id));
      }
      for (const id of chunk) if (!present.has(id)) store.remove(id);
      this.traitBits!.replace(chunk, facts);
    }
    this.position = read.position;
  }

  /**
   * The changes after `from` (null: none, the position only), in one statement. PostgreSQL: a sequence value can
   * commit after a larger one, so the read also takes every row whose transaction was still running at the last read
   * (txid ≥ that read's xmin) — a row that commits later was either after the last seq or in such a transaction.
   * Rows read twice only reload their users again.
   */
  private async readLog(from: LogPosition | null): Promise<LogRead> {
    const db = this.deps.db;
    if (this.deps.dialect === "postgres") {
      const seq = from?.seq ?? Number.MAX_SAFE_INTEGER;
      const xmin = from?.xmin ?? "18446744073709551615";
      const { rows } = await sql<{ xmin: string; pruned: string; top: string | null; changes: Array<[number, number | null]> }>`
        SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
          (SELECT upto FROM search_profile_changes_pruned WHERE id = 1) AS pruned,
          (SELECT max(seq) FROM search_profile_changes) AS top,
          (SELECT coalesce(json_agg(json_build_array(seq, user_id)), '[]'::json) FROM search_profile_changes
            WHERE seq > ${seq} OR txid >= ${xmin}::xid8) AS changes`.execute(db);
      const row = rows[0]!;
      const users = usersOf(row.changes);
      const pruned = Number(row.pruned);
      return { position: { seq: positionAfter(row.top, pruned, from), xmin: row.xmin }, pruned, users };
    }
    const seq = from?.seq ?? Number.MAX_SAFE_INTEGER;
    const { rows } = await sql<{ pruned: number; top: number | null; changes: string }>`
      SELECT (SELECT upto FROM search_profile_changes_pruned WHERE id = 1) AS pruned,
        (SELECT max(seq) FROM search_profile_changes) AS top,
        (SELECT coalesce(json_group_array(json_array(seq, user_id)), '[]') FROM search_profile_changes WHERE seq > ${seq}) AS changes`.execute(
      db,
    );
    const row = rows[0]!;
    const users = usersOf(JSON.parse(row.changes) as Array<[number, number | null]>);
    const pruned = Number(row.pruned);
    return { position: { seq: positionAfter(row.top, pruned, from), xmin: null }, pruned, users };
  }
}

/**
 * The log's last seq as a position: at least the pruned mark, since a log emptied by a prune has no max(seq) and a
 * position below the mark would load everything again at every read.
 */
function positionAfter(top: number | string | null, pruned: number, from: LogPosition | null): number {
  return Math.max(top === null ? 0 : Number(top), pruned, from?.seq ?? 0);
}

/** A turn of the event loop: timers, sockets and requests waiting run before the load goes on. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function usersOf(changes: Array<[number, number | null]>): Set<number> | null {
  const users = new Set<number>();
  for (const [, userId] of changes) {
    if (userId === null) return null;
    users.add(Number(userId));
  }
  return users;
}

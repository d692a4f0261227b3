/**
 * Deterministic demo data. The same seed always produces the same people,
 * places, texts and photos, so screenshots, tests and bug reports line up.
 * Randomness comes from a seeded generator (./random), time from the injected
 * clock. The default size (about 300 users) is what a newcomer sees on first
 * start; `profiles` scales it to benchmark sizes (100k and more).
 */
import { sql } from "kysely";
import type { AppConfig } from "../../config";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import { seedParts } from "../../modules/index";
import { refreshPlannerStatistics, type DB } from "../index";
import type { Dialect } from "../dialect";
import { ensureGeoData } from "../geo/load";
import { createPersonPlanner, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES, planDemoAccounts, type PersonPlan } from "./people";
import { writeAccounts } from "./accounts";
import { SeedPhotos } from "./photo-files";
import type { SeedKind } from "./texts";
import { dialectOfDb } from "./reset";
import { withSearchRowsDeferred } from "./search-rows";
import { withIndexesDeferred } from "./bulk";
import { useBulkInserts } from "./part";
import { DEMO_PASSWORD } from "./demo-login";

export { DEMO_ACCOUNTS, type DemoAccount, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES } from "./people";

export { DEMO_STAFF_ACCOUNTS } from "./moderation";

export { DEMO_PASSWORD } from "./demo-login";

export interface SeedOptions {
  db: DB;
  clock: Clock;
  config: AppConfig;
  /** Generated profiles beyond the fixed demo accounts (default DEFAULT_PROFILES; benchmarks use 100k). */
  profiles?: number;
  /** Seed of the pseudo-random generator; the same seed gives the same data. */
  seed?: string;
  /** Where photos go; the configured storage under config.mediaDir by default. */
  storage?: MediaStorage;
  /** Called after each written chunk (the CLI shows progress on large seeds). */
  onProgress?: (done: number, total: number) => void;
  /**
   * Computes search rows once after the load instead of by trigger per row (ADR 142; default on). Off only in the
   * test that shows both ways give the same rows.
   */
  deferSearchRows?: boolean;
  /**
   * The bulk path (ADR 152; default on): bulk statements per table and chunk, the per-person tables' indexes built
   * after the load, the next chunk planned while the database writes the last. Off only in the test that shows
   * both paths write the same rows.
   */
  bulk?: boolean;
  /**
   * The SQLite file was created for this seed: it then writes without a rollback journal (a failed seed of a new file
   * loses nothing). Set by the CLI.
   */
  newDatabaseFile?: boolean;
}

export interface SeedResult {
  users: number;
  media: number;
  /** JPEGs rendered by sharp (the pool and the demo accounts' portraits). */
  renderedPhotos: number;
  byKind: Record<SeedKind, number>;
}

export async function isDatabaseEmpty(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * The seeded accounts that can still sign in (ADR 056): the seed's marker, erased ones (tombstones, status deleted)
 * excepted. A production start refuses a database that has any; `usernames` names the first few for its message.
 */
export async function findDemoAccounts(db: DB, examples = 5): Promise<{ count: number; usernames: string[] }> {
  const live = liveDemoAccounts(db);
  const row = await live.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const count = Number(row.n);
  if (count === 0) return { count, usernames: [] };
  const named = await live.select("username").orderBy("id").limit(examples).execute();
  return { count, usernames: named.map((r) => r.username) };
}

/** The ids of those accounts, for `npm run demo:remove` (each is erased as a deletion would). */
export async function demoAccountIds(db: DB): Promise<number[]> {
  return (await liveDemoAccounts(db).select("id").orderBy("id").execute()).map((row) => row.id);
}

const liveDemoAccounts = (db: DB) => db.selectFrom("users").where("demo_account", "=", 1).where("status", "<>", "deleted");

/** People planned, written to storage and inserted per chunk. */
const CHUNK_PEOPLE = 2000;
const SQLITE_SEED_CACHE_KIB = 256 * 1024;

/**
 * The seed's parts, in the order they write within a chunk (server/db/seed/part.ts): each module's manifest lists its
 * parts with their place (ADR 064) — details before the profile rows (the search triggers compute each profile once),
 * media next, dates last.
 */
const SEED_PARTS = seedParts();

/** People planned between two looks at the event loop, so the previous chunk's statements go out meanwhile. */
const PLAN_SLICE = 250;

interface PlannedChunk {
  people: PersonPlan[];
  plans: unknown[];
}

/**
 * One chunk: in one transaction the accounts and every part's write with its plan. On the bulk path the inserts go
 * as bulk statements, and PostgreSQL does not wait for the commit to reach the disk (a crash loses at most the last
 * chunks of a seed, never consistency). Answers the media rows written.
 */
async function writeChunk(
  db: DB,
  bulk: Dialect | null,
  photos: SeedPhotos,
  { people, plans }: PlannedChunk,
  passwordHash: string,
  now: number,
): Promise<number> {
  return await db.transaction().execute(async (trx) => {
    if (bulk) useBulkInserts(trx, bulk);
    if (bulk === "postgres") await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    const idOf = await writeAccounts(trx, people, passwordHash);
    let media = 0;
    for (const [i, part] of SEED_PARTS.entries())
      media += (await part.write({ trx, people, idOf, now, photos, passwordHash }, plans[i] as never))?.media ?? 0;
    return media;
  });
}

export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const { db, clock, config } = options;
  const profiles = options.profiles ?? DEFAULT_PROFILES;
  if (!Number.isInteger(profiles) || profiles < 0 || profiles > MAX_PROFILES) {
    throw new Error(`profiles must be an integer from 0 to ${MAX_PROFILES}, got ${profiles}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const storage = options.storage ?? createMediaStorage(config);
  // Profiles point at city rows (city_id): the geo tables come first.
  await ensureGeoData(db);
  const now = clock.now();

  const demo = planDemoAccounts(seed, now);
  // One password hash for everyone: scrypt is deliberately slow, and every
  // demo login uses the same password anyway. Photos are stored before any row points at them.
  const [passwordHash, photos] = await Promise.all([hashPassword(DEMO_PASSWORD), SeedPhotos.create(storage, seed, demo)]);

  const planPerson = createPersonPlanner(seed, now);
  const total = demo.length + profiles;
  const planChunk = async (start: number): Promise<PlannedChunk> => {
    // Chunk 0 holds the demo accounts, so they get the first ids.
    const people = start === 0 ? [...demo] : [];
    const from = Math.max(0, start - demo.length);
    const to = Math.min(profiles, start + CHUNK_PEOPLE - demo.length);
    for (let i = from; i < to; i++) {
      people.push(planPerson(i));
      if ((i - from) % PLAN_SLICE === PLAN_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    return { people, plans: SEED_PARTS.map((part) => part.plan?.({ people, seed, now })) };
  };

  const result: SeedResult = {
    users: 0,
    media: 0,
    renderedPhotos: photos.renderedCount,
    byKind: { client: 0, escort: 0, agency: 0, club: 0 },
  };
  const dialect = dialectOfDb(db);
  const bulk = options.bulk !== false;
  const restorePragmas = await sqliteSeedPragmas(db, { bulk, unjournaled: bulk && options.newDatabaseFile === true });
  try {
    const load = async () => {
      // Chunk k+1 is planned while chunk k is written: node and the database work at the same time.
      let writing: Promise<void> = Promise.resolve();
      for (let start = 0; start < total; start += CHUNK_PEOPLE) {
        const chunk = await planChunk(start);
        await writing;
        writing = writeChunk(db, bulk ? dialect : null, photos, chunk, passwordHash, now).then((media) => {
          result.media += media;
          result.users += chunk.people.length;
          for (const person of chunk.people) result.byKind[person.kind] += 1;
          options.onProgress?.(result.users, total);
        });
        // Awaited above or below; a failure surfaces there rather than as an unhandled rejection while planning.
        writing.catch(() => undefined);
      }
      await writing;
    };
    const loadWithIndexes = bulk ? () => withIndexesDeferred(db, dialect, load) : load;
    // Search rows once at the end instead of by trigger per inserted row (ADR 142), over the rebuilt indexes.
    await (options.deferSearchRows === false ? loadWithIndexes() : withSearchRowsDeferred(db, loadWithIndexes));
  } finally {
    await restorePragmas();
  }
  await refreshPlannerStatistics(db, { afterBulkLoad: true });
  return result;
}

/**
 * SQLite settings for the seed's duration. The unique indexes on usernames, e-mails and storage keys take inserts in
 * random order; SQLite's default 2 MB page cache then rereads index pages from disk over and over, so a large seed
 * gets a bigger cache. The bulk path does not wait for the disk after each chunk (synchronous off: an operating
 * system crash may lose the last chunks), and a new file is written without a rollback journal (a failed seed of a
 * new file loses nothing that was there before; WAL would write every page twice).
 */
async function sqliteSeedPragmas(db: DB, { bulk, unjournaled }: { bulk: boolean; unjournaled: boolean }): Promise<() => Promise<void>> {
  if (dialectOfDb(db) !== "sqlite") return async () => {};
  const read = async (pragma: string) => (await sql.raw<Record<string, unknown>>(`PRAGMA ${pragma}`).execute(db)).rows[0]?.[pragma];
  const before = {
    cache: Number((await read("cache_size")) ?? -2000),
    synchronous: Number(await read("synchronous")),
    journal: String(await read("journal_mode")),
  };
  await sql.raw(`PRAGMA cache_size = -${SQLITE_SEED_CACHE_KIB}`).execute(db);
  if (bulk) await sql.raw("PRAGMA synchronous = OFF").execute(db);
  if (unjournaled) await sql.raw("PRAGMA journal_mode = OFF").execute(db);
  return async () => {
    if (unjournaled) await sql.raw(`PRAGMA journal_mode = ${before.journal}`).execute(db);
    if (bulk) await sql.raw(`PRAGMA synchronous = ${Math.trunc(before.synchronous)}`).execute(db);
    await sql.raw(`PRAGMA cache_size = ${Math.trunc(before.cache)}`).execute(db);
  };
}

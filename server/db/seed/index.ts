/**
 * Deterministic demo data. The same seed always produces the same people,
 * places, texts and photos, so screenshots, tests and bug reports line up.
 * Randomness comes from a seeded generator (./random), time from the injected
 * clock. The default size (about 300 users) is what a newcomer sees on first
 * start; `profiles` scales it to benchmark sizes (100k and more).
 */
import { PostgresIntrospector, sql } from "kysely";
import type { AppConfig } from "../../config";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";
import { storageKeysOf } from "../../modules/media/index";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import type { Dialect } from "../dialect";
import { refreshPlannerStatistics, type DB } from "../index";
import { ensureGeoData } from "../geo/load";
import { createPersonPlanner, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES, planDemoAccounts, type PersonPlan } from "./people";
import { writeAccounts } from "./accounts";
import { consentsPart } from "./consents";
import { favoritesPart } from "./favorites";
import { mediaPart } from "./media";
import { moderationPart } from "./moderation";
import { reportsPart } from "./reports";
import type { SeedPart } from "./part";
import { SeedPhotos } from "./photo-files";
import { profileDetailsPart, profilesPart } from "./profiles";
import type { SeedKind } from "./texts";
import { viewsPart } from "./views";
import { profileExtrasPart } from "./profile-extras";
import { friendsPart } from "./friends";
import { messengerPart } from "./messenger";
import { notificationsPart } from "./notifications";
import { datesPart } from "./dates";

export { DEMO_ACCOUNTS, type DemoAccount, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES } from "./people";

export { DEMO_STAFF_ACCOUNTS } from "./moderation";

export const DEMO_PASSWORD = "demo-pass-2026";

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

/** People planned, written to storage and inserted per chunk. */
const CHUNK_PEOPLE = 2000;
const FILE_CONCURRENCY = 32;
const SQLITE_SEED_CACHE_KIB = 256 * 1024;

async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The seed's parts, in the order they write within a chunk (server/db/seed/part.ts): details before the
 * profile rows (the search triggers compute each profile once), media last.
 */
const SEED_PARTS: readonly SeedPart[] = [
  profileDetailsPart,
  consentsPart,
  profilesPart,
  mediaPart,
  viewsPart,
  moderationPart,
  profileExtrasPart,
  reportsPart,
  favoritesPart,
  friendsPart,
  messengerPart,
  notificationsPart,
  datesPart,
];

/** One chunk in one transaction: the accounts, then every part. Answers the media rows written. */
async function writeChunk(db: DB, photos: SeedPhotos, people: readonly PersonPlan[], passwordHash: string, now: number): Promise<number> {
  return await db.transaction().execute(async (trx) => {
    const idOf = await writeAccounts(trx, people, passwordHash);
    let media = 0;
    for (const part of SEED_PARTS) media += (await part.write({ trx, people, idOf, now, photos, passwordHash }))?.media ?? 0;
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
  const chunkAt = (start: number): PersonPlan[] => {
    // Chunk 0 holds the demo accounts, so they get the first ids.
    const people = start === 0 ? [...demo] : [];
    const from = Math.max(0, start - demo.length);
    const to = Math.min(profiles, start + CHUNK_PEOPLE - demo.length);
    for (let i = from; i < to; i++) people.push(planPerson(i));
    return people;
  };

  const result: SeedResult = {
    users: 0,
    media: 0,
    renderedPhotos: photos.renderedCount,
    byKind: { client: 0, escort: 0, agency: 0, club: 0 },
  };
  const restoreCache = await enlargeSqliteCache(db);
  try {
    for (let start = 0; start < total; start += CHUNK_PEOPLE) {
      const current = chunkAt(start);
      result.media += await writeChunk(db, photos, current, passwordHash, now);
      result.users += current.length;
      for (const person of current) result.byKind[person.kind] += 1;
      options.onProgress?.(result.users, total);
    }
  } finally {
    await restoreCache();
  }
  await refreshPlannerStatistics(db, { afterBulkLoad: true });
  return result;
}

/**
 * The unique indexes on usernames, e-mails and storage keys take inserts in
 * random order; SQLite's default 2 MB page cache then rereads index pages
 * from disk over and over. A large seed gets a bigger cache for its duration.
 */
async function enlargeSqliteCache(db: DB): Promise<() => Promise<void>> {
  if (dialectOfDb(db) !== "sqlite") return async () => {};
  const before = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  const previous = Number(before.rows[0]?.cache_size ?? -2000);
  await sql.raw(`PRAGMA cache_size = -${SQLITE_SEED_CACHE_KIB}`).execute(db);
  return async () => {
    await sql.raw(`PRAGMA cache_size = ${Math.trunc(previous)}`).execute(db);
  };
}

export interface ResetOptions {
  /** Also delete the files of every media row; without it only the rows go. */
  storage?: MediaStorage;
}

/**
 * Tables without a foreign key to users that still hold per-person state
 * (mail to demo addresses, login counters, captchas, the derived search rows —
 * PostgreSQL's TRUNCATE fires no row triggers; queued jobs, whose payloads name
 * row ids that restart at 1 and would act on the new seed's rows); reset empties them too.
 */
const PERSON_STATE_TABLES = ["mail_outbox", "rate_counters", "captcha_challenges", "search_profiles", "jobs"];
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

function dialectOfDb(db: DB): Dialect {
  return db.introspection instanceof PostgresIntrospector ? "postgres" : "sqlite";
}

async function tableGraph(db: DB, dialect: Dialect): Promise<{ tables: string[]; references: [child: string, parent: string][] }> {
  if (dialect === "postgres") {
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
    const references = await sql<{ child: string; parent: string }>`
      SELECT child.relname AS child, parent.relname AS parent
      FROM pg_constraint c
      JOIN pg_class child ON child.oid = c.conrelid
      JOIN pg_class parent ON parent.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`.execute(db);
    return { tables: tables.rows.map((r) => r.name), references: references.rows.map((r) => [r.child, r.parent]) };
  }
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
  const references: [string, string][] = [];
  for (const { name } of tables.rows) {
    const fks = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(db);
    for (const fk of fks.rows) references.push([name, fk.table]);
  }
  return { tables: tables.rows.map((r) => r.name), references };
}

/**
 * The tables reset empties, children before parents: users, every table that
 * references them directly or through another such table (so tables added
 * later are covered without touching this code), and PERSON_STATE_TABLES.
 * Reference data that does not hang off users (e.g. geo tables) is kept.
 */
export async function tablesToReset(db: DB, dialect: Dialect = dialectOfDb(db)): Promise<string[]> {
  const { tables, references } = await tableGraph(db, dialect);
  const present = new Set(tables.filter((t) => !MIGRATION_TABLES.has(t)));
  const wipe = new Set<string>(present.has("users") ? ["users"] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of references) {
      if (wipe.has(parent) && !wipe.has(child) && present.has(child)) {
        wipe.add(child);
        grew = true;
      }
    }
  }
  for (const table of PERSON_STATE_TABLES) if (present.has(table)) wipe.add(table);

  // Depth-first: a table is listed after every table that references it.
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return; // a cycle: FK checks are deferred below
    visiting.add(table);
    for (const [child, parent] of references) if (parent === table && child !== table && wipe.has(child)) visit(child);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of [...wipe].sort()) visit(table);
  return ordered;
}

/**
 * Empties every table the seed fills (see tablesToReset), restarts their ids,
 * and with a storage deletes the media files those rows referenced. Rows go
 * first: a failure in between leaves orphaned files, never rows without files.
 */
export async function resetDemoData(db: DB, options: ResetOptions = {}): Promise<string[]> {
  const dialect = dialectOfDb(db);
  // Rows share files (the seed's pool): each file once.
  const keys = new Set<string>();
  if (options.storage) {
    for (let after = 0; ;) {
      const page = await db
        .selectFrom("media")
        .select(["id", "storage_key", "variant_widths"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(10_000)
        .execute();
      if (page.length === 0) break;
      for (const row of page) for (const key of storageKeysOf(row)) keys.add(key);
      after = page[page.length - 1]?.id ?? after;
    }
  }
  const tables = await tablesToReset(db, dialect);
  if (dialect === "postgres") {
    // One statement: ordering and cycles do not matter, identities restart.
    if (tables.length > 0) await sql`TRUNCATE TABLE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY`.execute(db);
  } else {
    await db.transaction().execute(async (trx) => {
      // Checked at commit, when every referencing row is gone as well.
      await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
      for (const table of tables) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      const sequence = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_sequence'`.execute(trx);
      if (tables.length > 0 && Number(sequence.rows[0]?.n) > 0) {
        await sql`DELETE FROM sqlite_sequence WHERE name IN (${sql.join(tables)})`.execute(trx);
      }
    });
  }
  const storage = options.storage;
  if (storage) await forEachLimit([...keys], FILE_CONCURRENCY, (key) => storage.delete(key));
  return tables;
}

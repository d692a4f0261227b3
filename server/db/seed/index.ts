/**
 * Deterministic demo data. The same seed always produces the same people,
 * places, texts and photos, so screenshots, tests and bug reports line up.
 * Randomness comes from a seeded generator (./random), time from the injected
 * clock. The default size (about 300 users) is what a newcomer sees on first
 * start; `profiles` scales it to benchmark sizes (100k and more).
 */
import { PostgresIntrospector, sql, type Transaction } from "kysely";
import type { AppConfig } from "../../config";
import { SPECIAL_CATEGORY_TRAITS, SPECIAL_DATA_CONSENT } from "../../contract/consents";
import { MEDIA_KIND, MEDIA_STATUS, MEDIA_VARIANT_MIME } from "../../contract/media";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";
import { storageKeysOf } from "../../modules/media/images";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import type { Dialect } from "../dialect";
import type { DB } from "../index";
import type { Database } from "../schema";
import { ensureGeoData } from "../geo/load";
import { createPersonPlanner, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES, planDemoAccounts, type PersonPlan } from "./people";
import { SeedPhotos } from "./photo-files";
import type { SeedKind } from "./texts";

export { DEMO_ACCOUNTS, type DemoAccount, DEFAULT_PROFILES, DEFAULT_SEED, MAX_PROFILES } from "./people";

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
// 500 users × 22 columns = 11,000 bind parameters: below SQLite's 32,766 and PostgreSQL's 65,535.
const ROWS_PER_INSERT = 500;
const FILE_CONCURRENCY = 32;
const SQLITE_SEED_CACHE_KIB = 256 * 1024;

async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function writeRows(db: DB, photos: SeedPhotos, people: readonly PersonPlan[], passwordHash: string, now: number): Promise<number> {
  let media = 0;
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const batch of chunks(people, ROWS_PER_INSERT)) {
      const rows = await trx
        .insertInto("users")
        .values(
          batch.map((p) => ({
            username: p.username,
            username_key: p.username.toLowerCase(),
            email: p.email,
            email_key: p.email.toLowerCase(),
            password_hash: passwordHash,
            user_type: p.userType,
            gender: p.gender,
            salutation: p.salutation,
            birth_date: p.birthDate,
            language: p.language,
            is_member: p.isMember ? 1 : 0,
            member_until: p.memberUntil,
            email_verified_at: p.emailVerifiedAt,
            email_was_verified: p.emailVerifiedAt === null ? 0 : 1,
            register_completed_step: p.registerCompletedStep,
            status: p.status,
            created_at: p.createdAt,
            updated_at: p.updatedAt,
            last_login_at: p.lastLoginAt,
            business_kind: p.kind === "agency" || p.kind === "club" ? p.kind : null,
          })),
        )
        .returning(["id", "username_key"])
        .execute();
      // Matched by key: neither database promises RETURNING rows in VALUES order.
      for (const row of rows) ids.set(row.username_key, row.id);
    }
    const idOf = (p: PersonPlan) => {
      const id = ids.get(p.username.toLowerCase());
      if (id === undefined) throw new Error(`no id for ${p.username}`);
      return id;
    };
    const traitRows = people.flatMap((p) =>
      (p.profile.search?.traits ?? []).map(([group_key, option_id]) => ({ user_id: idOf(p), group_key, option_id })),
    );
    for (const batch of chunks(traitRows, ROWS_PER_INSERT)) await trx.insertInto("profile_traits").values(batch).execute();
    const priceRows = people.flatMap((p) =>
      p.profile.search?.hourlyPriceEur
        ? [{ user_id: idOf(p), item_type: 1, duration_minutes: 60, name: null, price_eur: p.profile.search.hourlyPriceEur, position: 0 }]
        : [],
    );
    for (const batch of chunks(priceRows, ROWS_PER_INSERT)) await trx.insertInto("profile_prices").values(batch).execute();
    await writeRegistrationRows(trx, people, idOf);
    await writeSpecialDataConsents(trx, people, idOf);
    // Profiles last: the search_profiles triggers (migration 0011) then compute each row once, with its
    // traits and prices already in place, instead of once per trait and price row.
    for (const batch of chunks(people, ROWS_PER_INSERT)) {
      await trx
        .insertInto("profiles")
        .values(
          batch.map((p) => ({
            user_id: idOf(p),
            display_name: p.profile.displayName,
            city_name: p.profile.city.name,
            city_slug: p.profile.city.slug,
            city_id: p.profile.city.geonameId,
            region_code: p.profile.city.regionCode,
            country_code: "DE",
            height_cm: p.profile.search?.heightCm ?? null,
            weight_kg: p.profile.search?.weightKg ?? null,
            is_smoker: p.profile.search ? (p.profile.search.isSmoker ? 1 : 0) : null,
            lat: p.profile.lat,
            lon: p.profile.lon,
            status_text: p.profile.statusText,
            description: p.profile.description,
            is_visible: p.profile.isVisible ? 1 : 0,
            verified_at: p.profile.badges.verifiedAt,
            is_hot: p.profile.badges.isHot ? 1 : 0,
            safe_sex_status: p.profile.badges.safeSexStatus ? 1 : 0,
            available_now_until: p.profile.badges.availableNowUntil,
            updated_at: Math.min(now, p.updatedAt),
          })),
        )
        .execute();
    }
    const mediaRows = people.flatMap((p) =>
      p.photos.map((photo) => {
        const stored = photos.of(p, photo);
        return {
          user_id: idOf(p),
          kind: MEDIA_KIND.photo,
          visibility: photo.visibility,
          status: MEDIA_STATUS.accepted,
          storage_key: stored.storageKey,
          mime_type: MEDIA_VARIANT_MIME.jpeg,
          width: stored.image.width,
          height: stored.image.height,
          variant_widths: stored.image.widths.join(","),
          bytes: stored.bytes,
          position: photo.position,
          is_avatar: photo.isAvatar ? 1 : 0,
          created_at: photo.createdAt,
        };
      }),
    );
    for (const batch of chunks(mediaRows, ROWS_PER_INSERT)) await trx.insertInto("media").values(batch).execute();
    media = mediaRows.length;
  });
  return media;
}

/**
 * Seeded people who state ethnicity or sexual orientation gave the consent
 * those need (ADR 023) when they registered.
 */
async function writeSpecialDataConsents(
  trx: Transaction<Database>,
  people: readonly PersonPlan[],
  idOf: (p: PersonPlan) => number,
): Promise<void> {
  const special: ReadonlySet<string> = new Set(SPECIAL_CATEGORY_TRAITS);
  const rows = people
    .filter((p) => [...(p.profile.search?.traits ?? []), ...p.registration.traits].some(([group]) => special.has(group)))
    .map((p) => ({ user_id: idOf(p), purpose: SPECIAL_DATA_CONSENT, granted_at: p.createdAt, withdrawn_at: null }));
  for (const batch of chunks(rows, ROWS_PER_INSERT)) await trx.insertInto("consents").values(batch).execute();
}

/** Rows the registration steps would have saved (traits, more prices, schedule). */
async function writeRegistrationRows(
  trx: Transaction<Database>,
  people: readonly PersonPlan[],
  idOf: (p: PersonPlan) => number,
): Promise<void> {
  const traits = people.flatMap((p) => p.registration.traits.map(([group_key, option_id]) => ({ user_id: idOf(p), group_key, option_id })));
  for (const batch of chunks(traits, ROWS_PER_INSERT)) await trx.insertInto("profile_traits").values(batch).execute();
  const prices = people.flatMap((p) =>
    p.registration.prices.map((price) => ({
      user_id: idOf(p),
      item_type: price.itemType,
      duration_minutes: price.minutes,
      name: price.name,
      price_eur: price.priceEur,
      position: price.position,
    })),
  );
  for (const batch of chunks(prices, ROWS_PER_INSERT)) await trx.insertInto("profile_prices").values(batch).execute();
  const slots = people.flatMap((p) =>
    p.registration.schedule.map((slot) => ({
      user_id: idOf(p),
      day: slot.day,
      time_from: slot.timeFrom,
      time_to: slot.timeTo,
      is_over_day: slot.isOverDay ? 1 : 0,
    })),
  );
  for (const batch of chunks(slots, ROWS_PER_INSERT)) await trx.insertInto("profile_schedule").values(batch).execute();
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
      result.media += await writeRows(db, photos, current, passwordHash, now);
      result.users += current.length;
      for (const person of current) result.byKind[person.kind] += 1;
      options.onProgress?.(result.users, total);
    }
  } finally {
    await restoreCache();
  }
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
 * PostgreSQL's TRUNCATE fires no row triggers); reset empties them too.
 */
const PERSON_STATE_TABLES = ["mail_outbox", "rate_counters", "captcha_challenges", "search_profiles"];
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

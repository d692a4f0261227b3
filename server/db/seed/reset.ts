/**
 * Emptying what the demo seed fills (`npm run seed -- --reset`): every table that hangs off users, found
 * from the foreign keys so a new table is covered without touching this file, the per-person state tables,
 * and with a storage the media files those rows referenced.
 */
import { PostgresIntrospector, sql } from "kysely";
import type { MediaStorage } from "../../integrations/storage/index";
import { storageKeysOf } from "../../modules/media/index";
import type { Dialect } from "../dialect";
import type { DB } from "../index";
import { restoreDeferredIndexes } from "./bulk";

const FILE_CONCURRENCY = 32;

async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface ResetOptions {
  /** Also delete the files of every media row; without it only the rows go. */
  storage?: MediaStorage;
}

/**
 * Tables without a foreign key to users that still hold per-person state
 * (mail to demo addresses, login counters, captchas, the derived search rows —
 * PostgreSQL's TRUNCATE fires no row triggers; the newsfeed's trending scores, keyed by media and bundle ids;
 * queued jobs, whose payloads name
 * row ids that restart at 1 and would act on the new seed's rows); reset empties them too.
 */
const PERSON_STATE_TABLES = [
  "mail_outbox",
  "rate_counters",
  "captcha_challenges",
  "search_profiles",
  "jobs",
  "newsfeed_trending",
  // Issue 29's tables, seeded by the community part: listed until their migrations reference users (then redundant).
  "events",
  "event_attendances",
  "event_reviews",
  "blogs",
  "blog_comments",
  "blog_likes",
  // Buyers' watermarked copies, keyed by media and member ids without foreign keys (ADR 098).
  "media_buyer_copies",
];
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** The dialect behind a Kysely instance (the seed's CLI hands it the database alone). */
export function dialectOfDb(db: DB): Dialect {
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
  // A seed killed half-way left indexes dropped (./bulk); deleting a million rows without them would scan per row.
  await restoreDeferredIndexes(db, dialect);
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

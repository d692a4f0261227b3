/**
 * The database handle: Kysely over better-sqlite3 (embedded default, WAL) or
 * PostgreSQL when DATABASE_URL is a postgres URL.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type LogEvent,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from "kysely";
import pg from "pg";
import { type Dialect, dialectOf } from "./dialect";
import { preparingClient } from "./prepared";
import type { Database } from "./schema";

export type { Dialect } from "./dialect";
export type DB = Kysely<Database>;

/**
 * Every migration this build knows, by name, for a dialect: the released list (migrations/index.ts) and the ones the
 * feature manifests declare (ADR 067). The caller passes it (`allMigrationsFor` of server/modules/index.ts): the
 * manifests import the services, which import this file, so this file cannot import them.
 */
export type MigrationList = (dialect: Dialect) => Record<string, Migration>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL's connection pool (metrics); the embedded SQLite has one connection and none. */
  pool?: { total: number; idle: number; waiting: number };
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (value) => Number(value));

const rawSqliteHandles = new WeakMap<DB, SQLite.Database>();

/**
 * The better-sqlite3 connection behind an embedded database, for the few statements that must run as one
 * synchronous transaction (the job claim, ADR 031): no other query of this process can interleave, and
 * `BEGIN IMMEDIATE` keeps other processes out.
 */
export function sqliteHandleOf(db: DB): SQLite.Database | undefined {
  return rawSqliteHandles.get(db);
}

/** How long an idle PostgreSQL connection stays in the pool (see openDatabase). */
const IDLE_CONNECTION_MS = 10 * 60_000;

export interface OpenOptions {
  poolSize?: number;
  /** Kysely's log hook: every statement (BEGIN and COMMIT included) passes it; tests count round trips with it. */
  log?: (event: LogEvent) => void;
}

export function openDatabase(databaseUrl: string, options: OpenOptions = {}): DatabaseHandle {
  const dialect = dialectOf(databaseUrl);
  if (dialect === "sqlite") {
    const file = databaseUrl === ":memory:" ? ":memory:" : databaseUrl.slice("sqlite:".length);
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // Search reads tens of thousands of index and row pages per radius query:
    // with the default 2 MB cache each one is a read() syscall. A memory map
    // and a 64 MB page cache keep a 100k-profile database in memory (issue 4
    // performance bar; docs/performance.md "Search").
    sqlite.pragma("mmap_size = 268435456");
    sqlite.pragma("cache_size = -65536");
    // Planner statistics (sqlite_stat1). Without them SQLite guesses, and on a large database it guessed wrong:
    // the search page's avatar lookup for 24 members walked the (status, created_at) index over every media
    // row (760 ms) instead of the user index (docs/performance.md). At open it analyzes only tables whose
    // statistics are missing or stale, reading at most ~1000 rows per index (SQLite's recommendation for
    // long-lived connections); maintenance repeats it (refreshPlannerStatistics).
    sqlite.pragma("analysis_limit = 1000");
    sqlite.pragma("optimize = 0x10002");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: options.log });
    rawSqliteHandles.set(db, sqlite);
    return { db, dialect, close: () => db.destroy() };
  }
  // Repeated statements are prepared per connection (prepared.ts, ADR 054), as SQLite's are above.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // pg-pool closes a connection idle for 10 s by default, and the next burst opens it again: a new backend process
    // with cold catalog caches and none of the prepared statements, which stalled every request for ~0.5 s at a time
    // under the messenger bench (docs/performance.md, "Prepared statements, …"). A pool this small may stay open.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    Client: preparingClient(),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
  return {
    db,
    dialect,
    close: () => db.destroy(),
    get pool() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
  };
}

/**
 * Brings the planner's statistics up to date after data changed a lot (a seed) and periodically (maintenance).
 * PostgreSQL's autovacuum does this by itself; after a bulk load an explicit ANALYZE makes the first queries fast.
 */
export async function refreshPlannerStatistics(db: DB, options: { afterBulkLoad?: boolean } = {}): Promise<void> {
  const sqlite = rawSqliteHandles.get(db);
  if (sqlite) {
    // Every table, analyzed only where statistics are missing or the row count moved a lot (within analysis_limit).
    sqlite.pragma("optimize = 0x10002");
    return;
  }
  if (options.afterBulkLoad) await sql`analyze`.execute(db);
}

/** Distinct SQL texts kept prepared; `in (…)` lists of varying length make the set open-ended. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh, and preparing was ~4 % of a profile
 * page's CPU (docs/performance.md). The same SQL texts repeat, and
 * better-sqlite3 statements are reusable (nothing here iterates one while
 * running another), so keep them.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

async function migratorFor(handle: DatabaseHandle, migrations: MigrationList): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  // Kysely looks for its migration tables in every schema it can see unless told
  // which one: another schema's tables (a parallel test run) would make it skip
  // creating its own. Pin them to the schema the connection works in.
  const migrationTableSchema =
    handle.dialect === "postgres"
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db: handle.db, provider, migrationTableSchema });
}

export async function migrateToLatest(handle: DatabaseHandle, migrations: MigrationList): Promise<string[]> {
  const { error, results } = await (await migratorFor(handle, migrations)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations this build knows that the database has not run (readiness: must be none). */
export async function pendingMigrations(handle: DatabaseHandle, migrations: MigrationList): Promise<string[]> {
  const known = await (await migratorFor(handle, migrations)).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

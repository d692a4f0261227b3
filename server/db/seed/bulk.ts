/**
 * The seed's bulk path (ADR 152): how a chunk's rows reach the database when there are a million people to write.
 * Kysely builds an insert of 500 rows as a tree of 10,000 value nodes and PostgreSQL parses and plans as many
 * parameters per statement; here a table's rows of a chunk go as
 * - PostgreSQL: one `INSERT … SELECT * FROM unnest($1::type[], …)`, one array parameter per column;
 * - SQLite: the same fixed-size multi-row statement over and over (prepared once, kept by the statement cache).
 * The rows are the ones the plain inserts write (tests/server/db/seed-bulk.test.ts).
 */
import { CompiledQuery, sql, type Kysely, type Transaction } from "kysely";
import type { Dialect } from "../dialect";
import type { DB } from "../index";
import type { Database } from "../schema";

type Row = Record<string, unknown>;

/** SQLite: rows per statement; 100 rows × up to 22 columns stays far below the 32,766 bind parameters. */
const SQLITE_ROWS_PER_STATEMENT = 100;

/** PostgreSQL column types per table, for the casts of the unnest arrays (the seed writes the same few tables). */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

async function pgColumnTypes(trx: Kysely<unknown>, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{ name: string; type: string }>`
      SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = to_regclass(${quoteIdentifier(table)}) AND attnum > 0 AND NOT attisdropped`
      .execute(trx)
      .then((result) => new Map(result.rows.map((row) => [row.name, row.type])));
    // A failed lookup is not cached.
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return await types;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The columns every row names, or null when some row leaves out a column another names: Kysely fills those with
 * DEFAULT, which neither bulk statement can express, so such rows take the plain path.
 */
function sharedColumns(rows: readonly Row[]): string[] | null {
  const columns = Object.keys(rows[0]!);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || columns.some((column) => row[column] === undefined)) return null;
  }
  return columns;
}

/**
 * Inserts `rows` into `table` on the bulk path and answers the `returning` columns of the new rows (in no promised
 * order), or null when the rows do not suit it (the caller then inserts them plainly).
 */
export async function bulkInsert(
  trx: Transaction<Database>,
  dialect: Dialect,
  table: string,
  rows: readonly Row[],
  returning: readonly string[] = [],
): Promise<Row[] | null> {
  if (rows.length === 0) return [];
  const columns = sharedColumns(rows);
  if (!columns) return null;
  const into = `INSERT INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  const tail = returning.length ? ` RETURNING ${returning.map(quoteIdentifier).join(", ")}` : "";
  if (dialect === "postgres") {
    const types = await pgColumnTypes(trx as unknown as Kysely<unknown>, table);
    const casts = columns.map((column, i) => {
      const type = types.get(column);
      if (!type) throw new Error(`bulk insert: ${table} has no column ${column}`);
      return `$${i + 1}::${type}[]`;
    });
    const text = `${into} SELECT * FROM unnest(${casts.join(", ")})${tail}`;
    const arrays = columns.map((column) => rows.map((row) => row[column]));
    return (await trx.executeQuery<Row>(CompiledQuery.raw(text, arrays))).rows;
  }
  const returned: Row[] = [];
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const statementFor = (count: number) => `${into} VALUES ${Array.from({ length: count }, () => tuple).join(", ")}${tail}`;
  const full = statementFor(SQLITE_ROWS_PER_STATEMENT);
  const single = statementFor(1);
  let start = 0;
  // Full statements, then the rest one row at a time: two statement texts per table, both prepared once.
  for (; start + SQLITE_ROWS_PER_STATEMENT <= rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
    const values: unknown[] = [];
    for (let i = start; i < start + SQLITE_ROWS_PER_STATEMENT; i++) for (const column of columns) values.push(rows[i]![column]);
    returned.push(...(await trx.executeQuery<Row>(CompiledQuery.raw(full, values))).rows);
  }
  for (; start < rows.length; start++) {
    const row = rows[start]!;
    returned.push(
      ...(
        await trx.executeQuery<Row>(
          CompiledQuery.raw(
            single,
            columns.map((column) => row[column]),
          ),
        )
      ).rows,
    );
  }
  return returned;
}

/** The tables that get rows for every generated person: their secondary indexes wait until the load is done. */
export const PER_PERSON_TABLES = ["users", "profiles", "profile_traits", "profile_prices", "profile_schedule", "media"] as const;

interface IndexDefinition {
  name: string;
  create: string;
}

/**
 * The indexes of `tables` that a plain `DROP INDEX` removes and their own `CREATE INDEX` text rebuilds: not primary
 * keys or constraints (PostgreSQL), not the automatic ones of UNIQUE columns (SQLite).
 */
async function droppableIndexes(db: DB, dialect: Dialect, tables: readonly string[]): Promise<IndexDefinition[]> {
  const list = sql.join(tables.map((table) => sql`${table}`));
  if (dialect === "postgres") {
    const result = await sql<IndexDefinition>`
      SELECT i.indexname AS name, i.indexdef AS "create" FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename IN (${list})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass(quote_ident(i.indexname)))
      ORDER BY i.indexname`.execute(db);
    return result.rows;
  }
  const result = await sql<IndexDefinition>`
    SELECT name, sql AS "create" FROM sqlite_master
    WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${list}) ORDER BY name`.execute(db);
  return result.rows;
}

/**
 * Where the dropped indexes' definitions wait (a table of the seed's own, there only while a seed runs): a seed
 * killed half-way leaves them here, and the next seed or reset builds them first.
 */
const PENDING_TABLE = "seed_deferred_indexes";

/** Builds the indexes a killed seed left dropped, if any (the reset calls it before deleting rows). */
export async function restoreDeferredIndexes(db: DB, dialect: Dialect): Promise<void> {
  const exists =
    dialect === "postgres"
      ? sql<{ n: number }>`SELECT 1 AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = ${PENDING_TABLE}`
      : sql<{ n: number }>`SELECT 1 AS n FROM sqlite_master WHERE type = 'table' AND name = ${PENDING_TABLE}`;
  if ((await exists.execute(db)).rows.length === 0) return;
  const pending = await sql<IndexDefinition>`SELECT name, "create" FROM ${sql.table(PENDING_TABLE)} ORDER BY name`.execute(db);
  const built = new Set((await droppableIndexes(db, dialect, PER_PERSON_TABLES)).map((index) => index.name));
  for (const index of pending.rows) if (!built.has(index.name)) await sql.raw(index.create).execute(db);
  await sql`DROP TABLE ${sql.table(PENDING_TABLE)}`.execute(db);
}

/**
 * Runs `load` with the per-person tables' secondary indexes dropped and builds them once afterwards (also after a
 * failure): a sorted build over the finished table instead of a random-order insert per row into each of them.
 */
export async function withIndexesDeferred<T>(db: DB, dialect: Dialect, load: () => Promise<T>): Promise<T> {
  await restoreDeferredIndexes(db, dialect);
  const indexes = await droppableIndexes(db, dialect, PER_PERSON_TABLES);
  await sql`CREATE TABLE ${sql.table(PENDING_TABLE)} (name TEXT PRIMARY KEY, "create" TEXT NOT NULL)`.execute(db);
  for (const index of indexes) {
    await sql`INSERT INTO ${sql.table(PENDING_TABLE)} (name, "create") VALUES (${index.name}, ${index.create})`.execute(db);
    await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  }
  try {
    return await load();
  } finally {
    await restoreDeferredIndexes(db, dialect);
  }
}

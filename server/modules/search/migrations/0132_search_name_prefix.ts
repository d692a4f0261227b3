import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 33 item 2: a search by name (the spec's query.name, a prefix of the username or the display name) is the SQL
 * path, since the column index holds no names. Without an index on the names it read every row of the radius's box —
 * 0.67 s of CPU for "ann" within 100 km of Berlin at a million profiles (2,459 matches of ~360,000 rows in the box).
 * An index per key lets the planner read only the rows whose name starts with the prefix (SQLite: one range per GLOB
 * with a literal start, combined as a multi-index OR; PostgreSQL: LIKE 'p%' on text_pattern_ops, whatever the
 * database's collation). The queries must spell the conditions as namePrefixConditions does (service.ts).
 */
export const NAME_PREFIX_INDEX_NAMES = ["search_profiles_username_key", "search_profiles_name_key"] as const;

export async function createNamePrefixIndexes(dialect: Dialect, db: Kysely<unknown>): Promise<void> {
  const ops = dialect === "postgres" ? " text_pattern_ops" : "";
  await sql.raw(`CREATE INDEX search_profiles_username_key ON search_profiles (username_key${ops})`).execute(db);
  await sql.raw(`CREATE INDEX search_profiles_name_key ON search_profiles (name_key${ops})`).execute(db);
}

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await createNamePrefixIndexes(dialect, db);
    // The planner's statistics for the new indexes (as 0127: without them SQLite may keep the box index).
    await sql`ANALYZE search_profiles`.execute(db);
  };
}

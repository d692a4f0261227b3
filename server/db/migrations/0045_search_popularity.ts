import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { createSearchIndexes, SEARCH_INDEX_NAMES, SEARCH_INDEX_PAYLOAD_0011 } from "./0011_search_profiles";
import { SEARCH_PROFILES_0023 } from "./0023_search_visibility";
import { SEARCH_PROFILES_COUNTER_COLUMNS, searchProfilesSql } from "./search-profiles-sql";

/**
 * Issue 11 item 8 (ADR 045): favorites and visits feed the search ranking. search_profiles copies a profile's
 * counters (profile_counters, kept by the favorites and visits services) and follows their changes through one
 * more trigger; the covering indexes carry the two columns, so ranking still reads no table rows.
 */
export const SEARCH_PROFILES_0045 = { ...SEARCH_PROFILES_0023, counters: true };

/** The current definition of search_profiles rows (tests compare the table against it). */
export const SEARCH_PROFILES_SOURCE = searchProfilesSql(SEARCH_PROFILES_0045).source;

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    for (const column of SEARCH_PROFILES_COUNTER_COLUMNS) {
      await db.schema
        .alterTable("search_profiles")
        .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await searchProfilesSql(SEARCH_PROFILES_0023).dropTriggers(dialect, db);
    for (const name of SEARCH_INDEX_NAMES) await db.schema.dropIndex(name).execute();
    await createSearchIndexes(db, [...SEARCH_INDEX_PAYLOAD_0011, ...SEARCH_PROFILES_COUNTER_COLUMNS]);
    const current = searchProfilesSql(SEARCH_PROFILES_0045);
    await current.createTriggers(dialect, db);
    await current.rebuildRows(dialect, db);
  };
}

import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { SEARCH_PROFILES_0011 } from "./0011_search_profiles";
import { searchProfilesSql } from "./search-profiles-sql";

/**
 * Issue 10 (user/search_visibility, ADR 028): a member may hide their profile from search, the directory,
 * "nearby", autocomplete and the sitemaps (profiles.search_hidden; the profile page stays reachable by its
 * address), and a plus member may browse invisibly (users.invisible_browsing; the visitors list of issue 11
 * honours it). search_profiles lists only profiles that are not hidden: its triggers are rebuilt with the
 * extra condition, and the rows computed again.
 */
export const SEARCH_PROFILES_0023 = {
  listed: `${SEARCH_PROFILES_0011.listed} AND p.search_hidden = 0`,
  profileColumns: [...SEARCH_PROFILES_0011.profileColumns, "search_hidden"],
};

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("profiles")
      .addColumn("search_hidden", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("invisible_browsing", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await searchProfilesSql(SEARCH_PROFILES_0011).dropTriggers(dialect, db);
    const current = searchProfilesSql(SEARCH_PROFILES_0023);
    await current.createTriggers(dialect, db);
    await current.rebuildRows(dialect, db);
  };
}

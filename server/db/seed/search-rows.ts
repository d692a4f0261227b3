/**
 * The derived search rows during a seed (ADR 142). search_profiles is kept by row triggers (ADR 011) that
 * recompute a user's row on every insert into users, profiles, profile_prices, profile_traits and
 * profile_counters: about eight recomputes per seeded person, each with an advisory lock on PostgreSQL —
 * most of a large PostgreSQL seed's time. A seed drops the triggers and the covering indexes, loads, then
 * computes every row once with the migrations' own backfill and builds the indexes over the finished table.
 * The rows are the same as the triggers would have written (one definition: search-profiles-sql.ts). The column
 * index's change log hears of the whole seed as one "everything changed" row (ADR 170), not one row per write.
 */
import type { Kysely } from "kysely";
import type { DB } from "../index";
import { createSearchIndexes, SEARCH_INDEX_NAMES, SEARCH_INDEX_PAYLOAD_0011 } from "../migrations/0011_search_profiles";
import { SEARCH_PROFILES_0045 } from "../migrations/0045_search_popularity";
import { SEARCH_PROFILES_COUNTER_COLUMNS, searchProfilesSql } from "../migrations/search-profiles-sql";
import { dialectOfDb } from "./reset";
import {
  createNamePrefixIndexes,
  createRankIndexes,
  loggedAsOneChange,
  NAME_PREFIX_INDEX_NAMES,
  RANK_INDEX_NAMES,
} from "../../modules/search/index";

/** Runs `load` with the search triggers and indexes off; afterwards (also after a failure) rows, indexes and triggers are back. */
export async function withSearchRowsDeferred<T>(db: DB, load: () => Promise<T>): Promise<T> {
  const dialect = dialectOfDb(db);
  const raw = db as unknown as Kysely<unknown>;
  // The current definition: the one the latest search migration (0045) installed.
  const current = searchProfilesSql(SEARCH_PROFILES_0045);
  return loggedAsOneChange({ db, dialect }, async () => {
    // "If exists": a seed killed half-way leaves them dropped; running the seed again puts them back.
    await current.dropTriggers(dialect, raw, { ifExists: true });
    for (const name of [...SEARCH_INDEX_NAMES, ...RANK_INDEX_NAMES, ...NAME_PREFIX_INDEX_NAMES])
      await raw.schema.dropIndex(name).ifExists().execute();
    try {
      return await load();
    } finally {
      await current.rebuildRows(dialect, raw);
      await createSearchIndexes(raw, [...SEARCH_INDEX_PAYLOAD_0011, ...SEARCH_PROFILES_COUNTER_COLUMNS]);
      await createRankIndexes(raw); // the stopping page's indexes (migration 0127, ADR 147)
      await createNamePrefixIndexes(dialect, raw); // the name prefix's (migration 0132)
      await current.createTriggers(dialect, raw);
    }
  });
}

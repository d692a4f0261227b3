import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";
import { SEARCH_INDEX_PAYLOAD_0011 } from "../../../db/migrations/0011_search_profiles";
import { SEARCH_PROFILES_COUNTER_COLUMNS } from "../../../db/migrations/search-profiles-sql";

/**
 * Issue 33 item 2 (ADR 147): a page that stops at enough rows. The ranking score (docs/search-ranking.md) is split
 * into terms that never change with the clock (popularity, verification, reviews) and two that do: a running plus
 * membership (300, only where is_member = 1) and the login band (at most 150). `rank_tier` is a bound on the score
 * that holds at any time — the fixed terms plus 300 for a member — in steps of RANK_TIER_WIDTH points, so
 * score ≤ (rank_tier + 1) × RANK_TIER_WIDTH − 1 + LOGIN_BONUS_MAX. A profile that ever rose (rise_up_until set) sits
 * in RISEN_TIER, above every score: a running rise-up comes before the score in the ranking sorts.
 *
 * A generated column (SQLite: virtual, computed when the index is built and on every write; PostgreSQL: stored), so
 * the triggers and the row definition of search_profiles (search-profiles-sql.ts) stay as they are: the migration
 * adds a column and one index, no backfill of its own.
 */
export const RANK_TIER_WIDTH = 50;
export const RISEN_TIER = 1000;
/** The largest login band (within a day). */
export const LOGIN_BONUS_MAX = 150;
/** A running plus membership. */
export const PLUS_BONUS = 300;

/** The largest sum of the fixed terms below (favorites 100, visits 50, verified 200, reviews 200). */
export const MAX_FIXED_SCORE = 550;
/** The highest tier below RISEN_TIER. */
export const MAX_RANK_TIER = Math.floor((MAX_FIXED_SCORE + PLUS_BONUS) / RANK_TIER_WIDTH);

/** The score terms that do not depend on the clock, over columns of search_profiles (`prefix` "" or "search_profiles."). */
export function fixedScoreTermsSql(prefix: string): string {
  const c = (column: string) => `${prefix}${column}`;
  return `(case when ${c("favorite_count")} > 50 then 100 else ${c("favorite_count")} * 2 end)
    + (case when ${c("visit_count")} > 500 then 50 else ${c("visit_count")} / 10 end)
    + (case when ${c("verified")} = 1 then 200 else 0 end)
    + (case when ${c("review_count")} > 50 then 200 else ${c("review_count")} * 4 end)`;
}

const RANK_TIER_SQL = `(case when rise_up_until is not null then ${RISEN_TIER} else (${fixedScoreTermsSql("")}
    + (case when is_member = 1 then ${PLUS_BONUS} else 0 end)) / ${RANK_TIER_WIDTH} end)`;

/** The index the stopping page reads: by user type and tier, then the box (as search_profiles_geo), covering. */
export const RANK_INDEX_NAMES = ["search_profiles_rank_geo", "search_profiles_rank_country"] as const;

export async function createRankIndexes(db: Kysely<unknown>) {
  const payload = [...SEARCH_INDEX_PAYLOAD_0011, ...SEARCH_PROFILES_COUNTER_COLUMNS];
  await db.schema
    .createIndex("search_profiles_rank_geo")
    .on("search_profiles")
    .columns(["user_type", "rank_tier", "lat", "lon", ...payload, "country_code"])
    .execute();
  await db.schema
    .createIndex("search_profiles_rank_country")
    .on("search_profiles")
    .columns(["country_code", "user_type", "rank_tier", ...payload])
    .execute();
}

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const kind = dialect === "postgres" ? "STORED" : "VIRTUAL";
    await sql.raw(`ALTER TABLE search_profiles ADD COLUMN rank_tier integer GENERATED ALWAYS AS ${RANK_TIER_SQL} ${kind}`).execute(db);
    await createRankIndexes(db);
    if (dialect === "postgres") await sql`ANALYZE search_profiles`.execute(db);
  };
}

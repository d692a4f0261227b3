import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";
import { SEARCH_INDEX_PAYLOAD_0011 } from "../../../db/migrations/0011_search_profiles";
import { SEARCH_PROFILES_COUNTER_COLUMNS } from "../../../db/migrations/search-profiles-sql";

/**
 * Issue 33 item 2 (ADR 147): a page that stops at enough rows. The ranking score (docs/search-ranking.md) is split
 * into terms that never change with the clock (popularity, verification, reviews) and two that do: a running plus
 * membership (300, only where is_member = 1) and the login band (at most 150). The rank tier is a bound on the score
 * that holds at any time — the fixed terms plus 300 for a member — in steps of RANK_TIER_WIDTH points, so
 * score ≤ (tier + 1) × RANK_TIER_WIDTH − 1 + LOGIN_BONUS_MAX. A profile that ever rose (rise_up_until set) sits
 * in RISEN_TIER, above every score: a running rise-up comes before the score in the ranking sorts.
 *
 * An index expression, not a column: the triggers and the row definition of search_profiles (search-profiles-sql.ts)
 * stay as they are, and the migration builds two indexes, no backfill. (A virtual generated column was tried first:
 * SQLite 3.53 then treats every column of the table as used and no index covers the read; an expression index
 * covers it on SQLite and PostgreSQL alike.) Queries must spell the expression as rankTierSql does.
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

/** The tier of a row: the index expression, and what queries compare (`prefix` "" or "search_profiles."). */
export function rankTierSql(prefix: string): string {
  return `(case when ${prefix}rise_up_until is not null then ${RISEN_TIER} else (${fixedScoreTermsSql(prefix)}
    + (case when ${prefix}is_member = 1 then ${PLUS_BONUS} else 0 end)) / ${RANK_TIER_WIDTH} end)`;
}

/** The indexes the stopping page reads: by tier, then the box (radius mode) or by country, user type and tier; covering. */
export const RANK_INDEX_NAMES = ["search_profiles_rank_geo", "search_profiles_rank_country"] as const;

export async function createRankIndexes(db: Kysely<unknown>) {
  const payload = [...SEARCH_INDEX_PAYLOAD_0011, ...SEARCH_PROFILES_COUNTER_COLUMNS].join(", ");
  const tier = rankTierSql("");
  // The tier leads: a tier read in radius mode names the user type as `+user_type` (service.ts), so the box index
  // cannot take it, and it is filtered inside the index range like the other payload columns.
  await sql
    .raw(`CREATE INDEX search_profiles_rank_geo ON search_profiles (${tier}, lat, lon, user_type, ${payload}, country_code)`)
    .execute(db);
  await sql.raw(`CREATE INDEX search_profiles_rank_country ON search_profiles (country_code, user_type, ${tier}, ${payload})`).execute(db);
}

export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await createRankIndexes(db);
    // The planner's statistics for the new indexes: without them SQLite kept the box index for the tier reads
    // (SQLite: within the connection's analysis_limit, server/db/index.ts).
    await sql`ANALYZE search_profiles`.execute(db);
  };
}

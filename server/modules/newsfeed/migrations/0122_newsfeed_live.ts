import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 31 (ADR 137): live streams join the newsfeed, one item per stream, placed at its start or, while announced
 * (or cancelled before it started), at its announcement — `coalesce(started_at, created_at)`, the same text as the
 * feed's query (server/modules/newsfeed/feed.ts LIVE_FEED_AT), so every tab walks this index newest first.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await sql`create index live_streams_feed_at on live_streams ((coalesce(started_at, created_at)), id)`.execute(db);
  };
}

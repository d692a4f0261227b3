/**
 * Fixed-window counters in the database, so every API process sees the same
 * numbers (no sticky sessions needed when scaled out).
 */
import { sql } from "kysely";
import type { DB } from "../../db/index";

export interface Window {
  bucket: string;
  windowMs: number;
  limit: number;
}

function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

export async function countHits(db: DB, now: number, window: Window): Promise<number> {
  const row = await db
    .selectFrom("rate_counters")
    .select("hits")
    .where("bucket", "=", window.bucket)
    .where("window_start", "=", windowStart(now, window.windowMs))
    .executeTakeFirst();
  return row?.hits ?? 0;
}

export async function recordHit(db: DB, now: number, window: Window): Promise<number> {
  const row = await db
    .insertInto("rate_counters")
    .values({ bucket: window.bucket, window_start: windowStart(now, window.windowMs), hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: sql`rate_counters.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

/**
 * Gives back a hit recorded with recordHit, in the same window (`now` must be
 * the value the hit was recorded with). Lets callers count an attempt before
 * they know its outcome, which is what keeps parallel attempts inside the limit.
 */
export async function releaseHit(db: DB, now: number, window: Window): Promise<void> {
  await db
    .updateTable("rate_counters")
    .set({ hits: sql`hits - 1` })
    .where("bucket", "=", window.bucket)
    .where("window_start", "=", windowStart(now, window.windowMs))
    .where("hits", ">", 0)
    .execute();
}

export async function isOverLimit(db: DB, now: number, window: Window): Promise<boolean> {
  return (await countHits(db, now, window)) >= window.limit;
}

/** Drops windows that ended long ago; called opportunistically. */
export async function pruneCounters(db: DB, now: number, maxAgeMs = 2 * 24 * 60 * 60 * 1000): Promise<void> {
  await db
    .deleteFrom("rate_counters")
    .where("window_start", "<", now - maxAgeMs)
    .execute();
}

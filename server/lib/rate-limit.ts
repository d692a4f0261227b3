/**
 * Rate limits as counters in the database, so every API process sees the same
 * numbers (no sticky sessions needed when scaled out).
 *
 * A limit is judged on a sliding window, kept as counters per slot of one
 * fifteenth of the window (one minute of a quarter hour): a hit counts from the
 * moment it happens until its slot has left the window, so for the window and
 * at most one slot longer. Plain fixed windows forget everything at each
 * boundary: five failed logins a second before the quarter hour and a sixth a
 * second after would start from zero, and a burst across a boundary could reach
 * twice the limit.
 */
import { sql } from "kysely";
import type { DB } from "../db/index";

export interface Window {
  bucket: string;
  windowMs: number;
  limit: number;
}

/** Slots per window: the precision of the sliding window. */
const SLOTS_PER_WINDOW = 15;

/** How much longer than its window a hit may count (one slot). */
export function slotMs(window: Pick<Window, "windowMs">): number {
  return Math.ceil(window.windowMs / SLOTS_PER_WINDOW);
}

function slotStart(now: number, window: Window): number {
  const slot = slotMs(window);
  return now - (now % slot);
}

/** The first slot still inside the window ending at `now`. */
function oldestSlotStart(now: number, window: Window): number {
  return slotStart(now, window) - SLOTS_PER_WINDOW * slotMs(window);
}

async function slotsInWindow(db: DB, now: number, window: Window): Promise<Array<{ window_start: number; hits: number }>> {
  return db
    .selectFrom("rate_counters")
    .select(["window_start", "hits"])
    .where("bucket", "=", window.bucket)
    .where("window_start", ">=", oldestSlotStart(now, window))
    .where("window_start", "<=", now)
    .orderBy("window_start")
    .execute();
}

/** Hits in the sliding window ending at `now`. */
export async function countHits(db: DB, now: number, window: Window): Promise<number> {
  return (await slotsInWindow(db, now, window)).reduce((sum, slot) => sum + Number(slot.hits), 0);
}

/**
 * Counts one hit and returns the hits in the sliding window, this one included.
 * The current slot's number comes from the upsert itself, so parallel hits each
 * see their own count; earlier slots only ever shrink.
 */
export async function recordHit(db: DB, now: number, window: Window): Promise<number> {
  const current = slotStart(now, window);
  const row = await db
    .insertInto("rate_counters")
    .values({ bucket: window.bucket, window_start: current, hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: sql`rate_counters.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  const earlier = (await slotsInWindow(db, now, window)).filter((slot) => Number(slot.window_start) !== current);
  return Number(row.hits) + earlier.reduce((sum, slot) => sum + Number(slot.hits), 0);
}

/**
 * Gives back a hit recorded with recordHit (`now` must be the value the hit
 * was recorded with). Lets callers count an attempt before they know its
 * outcome, which is what keeps parallel attempts inside the limit.
 */
export async function releaseHit(db: DB, now: number, window: Window): Promise<void> {
  await db
    .updateTable("rate_counters")
    .set({ hits: sql`hits - 1` })
    .where("bucket", "=", window.bucket)
    .where("window_start", "=", slotStart(now, window))
    .where("hits", ">", 0)
    .execute();
}

export async function isOverLimit(db: DB, now: number, window: Window): Promise<boolean> {
  return (await countHits(db, now, window)) >= window.limit;
}

/**
 * Milliseconds until one more hit would be inside the limit again, if nothing
 * else is hit meanwhile: the oldest slots leave the window one by one.
 */
export async function msUntilRoom(db: DB, now: number, window: Window): Promise<number> {
  const slots = await slotsInWindow(db, now, window);
  let remaining = slots.reduce((sum, slot) => sum + Number(slot.hits), 0);
  const span = (SLOTS_PER_WINDOW + 1) * slotMs(window);
  for (const slot of slots) {
    if (remaining < window.limit) break;
    remaining -= Number(slot.hits);
    if (remaining < window.limit) return Math.max(0, Number(slot.window_start) + span - now);
  }
  return 0;
}

/** Drops windows that ended long ago; called opportunistically. */
export async function pruneCounters(db: DB, now: number, maxAgeMs = 2 * 24 * 60 * 60 * 1000): Promise<void> {
  await db
    .deleteFrom("rate_counters")
    .where("window_start", "<", now - maxAgeMs)
    .execute();
}

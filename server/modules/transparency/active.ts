/**
 * Art. 24(2)'s recipients: a member counts as active in a month when they used the service signed in. The first
 * authenticated request of each member in a month writes one (month, member) row; a small per-process memory keeps
 * every later request of that month from writing again, so the cost is one insert per member and month and process.
 */
import { monthNumberOf } from "../../contract/transparency";
import type { DB } from "../../db/index";
import type {} from "./schema";

/** Per database (tests open several in one process): the month and the members already written in it. */
const seenByDb = new WeakMap<DB, { month: number; members: Set<number> }>();
/** A bound on the memory: past it the set starts over (a repeat insert is harmless, it does nothing). */
const SEEN_MAX = 200_000;

export async function recordActiveMonth(db: DB, userId: number, now: number): Promise<void> {
  const month = monthNumberOf(now);
  let seen = seenByDb.get(db);
  if (!seen || seen.month !== month || seen.members.size >= SEEN_MAX) {
    seen = { month, members: new Set() };
    seenByDb.set(db, seen);
  }
  if (seen.members.has(userId)) return;
  await db
    .insertInto("active_months")
    .values({ month, user_id: userId })
    .onConflict((oc) => oc.columns(["month", "user_id"]).doNothing())
    .execute();
  seen.members.add(userId);
}

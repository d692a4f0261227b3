import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 27's leftovers: the preference kind "dollars" (contract/settings NOTIFICATION_KINDS) for money a member
 * received. The stored notifications of those events took their kind when they were written (tips under "favorites",
 * gifts under "news"); they move to "dollars" so the bell and the list group them as new ones are. Preferences need
 * no rows: a missing row is the contract's default, which is on for "dollars" (existing members included).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db
      .withTables<{ notifications: { kind: string; event: string } }>()
      .updateTable("notifications")
      .set({ kind: "dollars" })
      .where("event", "in", ["tip_received", "gift_received"])
      .execute();
  };
}

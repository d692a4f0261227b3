/**
 * Requests that wait for a link sent by e-mail (email_changes, account_deletions): one open request per
 * member, closed when used, withdrawn, replaced or made pointless.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export type LinkRequestTable = "email_changes" | "account_deletions";

/** Closes the member's open requests of one kind: their links stop working. */
export async function closeOpenRequests(db: Kysely<Database>, table: LinkRequestTable, userId: number, now: number): Promise<void> {
  await db.updateTable(table).set({ closed_at: now }).where("user_id", "=", userId).where("closed_at", "is", null).execute();
}

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

/**
 * Closes one open request as its link is used. False when it was closed meanwhile: of two clicks at the
 * same moment only one goes through.
 */
export async function closeRequestOnce(db: Kysely<Database>, table: LinkRequestTable, requestId: number, now: number): Promise<boolean> {
  const closed = await db
    .updateTable(table)
    .set({ closed_at: now })
    .where("id", "=", requestId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

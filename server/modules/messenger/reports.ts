/**
 * The report kind "message" (ADR 038, 043), declared in this module's manifest: a message (and its photos) may be
 * reported only by the member who received it; anyone else's id answers like an unknown one.
 */
import type { Transaction } from "kysely";
import type { ApiDeps, ReportedObject } from "../../api/types";
import type { Database } from "../../db/schema";

export async function findReportedMessage(deps: ApiDeps, messageId: number, reporterId: number | null): Promise<ReportedObject | null> {
  if (reporterId === null) return null;
  const row = await deps.db
    .selectFrom("messenger_messages")
    .innerJoin("users", "users.id", "messenger_messages.sender_id")
    .select(["messenger_messages.id", "messenger_messages.sender_id"])
    .where("messenger_messages.id", "=", messageId)
    .where("messenger_messages.recipient_id", "=", reporterId)
    .where("messenger_messages.removed_at", "is", null)
    .where("users.status", "!=", "deleted")
    .executeTakeFirst();
  return row ? { objectId: row.id, targetUserId: row.sender_id } : null;
}

/** A report decided "content_removed" (ADR 112): the message leaves the conversation; it is kept for an appeal. */
export async function removeReportedMessage(deps: ApiDeps, trx: Transaction<Database>, messageId: number): Promise<void> {
  await trx
    .updateTable("messenger_messages")
    .set({ removed_at: deps.clock.now() })
    .where("id", "=", messageId)
    .where("removed_at", "is", null)
    .execute();
}

/** An appeal reversed the removal: the message is back in its place in the conversation. */
export async function restoreReportedMessage(_deps: ApiDeps, trx: Transaction<Database>, messageId: number): Promise<void> {
  await trx.updateTable("messenger_messages").set({ removed_at: null }).where("id", "=", messageId).execute();
}

/**
 * The report kind "message" (ADR 038, 043), declared in this module's manifest: a message (and its photos) may be
 * reported only by the member who received it; anyone else's id answers like an unknown one.
 */
import type { ApiDeps, ReportedObject } from "../../api/types";

export async function findReportedMessage(deps: ApiDeps, messageId: number, reporterId: number | null): Promise<ReportedObject | null> {
  if (reporterId === null) return null;
  const row = await deps.db
    .selectFrom("messenger_messages")
    .innerJoin("users", "users.id", "messenger_messages.sender_id")
    .select(["messenger_messages.id", "messenger_messages.sender_id"])
    .where("messenger_messages.id", "=", messageId)
    .where("messenger_messages.recipient_id", "=", reporterId)
    .where("users.status", "!=", "deleted")
    .executeTakeFirst();
  return row ? { objectId: row.id, targetUserId: row.sender_id } : null;
}

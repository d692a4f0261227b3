import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Live chat (issue 31 item 3, ADR 126): a tip's line in the chat names the tip it shows by the tip's ledger key, unique,
 * so a retried tip (the same money key) or a retried line after a crash between the tip and its line writes one line.
 * A recording removed on a report (the reports queue's "content_removed") is hidden but kept for an appeal:
 * live_recordings.removed_at.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("live_chat_messages").addColumn("tip_key", "text").execute();
    // NULL for every other line: both databases let NULLs repeat under a unique index.
    await sql`CREATE UNIQUE INDEX live_chat_messages_tip ON live_chat_messages (tip_key)`.execute(db);
    await db.schema.alterTable("live_recordings").addColumn("removed_at", "bigint").execute();
  };
}

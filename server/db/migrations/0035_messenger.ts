import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 12 (the messenger, ADR 043). One thread per pair of members (`pair_key` "low:high" is unique, so two first
 * messages at once make one thread); each member's own view of it in messenger_thread_members (folder, hidden,
 * deleted up to a message, last read message, unread count, when the unread mail went out); messages with their
 * action type (0 normal, 2 no thanks); message photos stored apart from the gallery's media (only the two members
 * see them); first contacts for the 24-hour limits. Columns name members `*_id`, never `user_id`: the data export
 * lists these tables by their own code. `users.last_active_at` feeds the online status until live presence exists.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("users").addColumn("last_active_at", "bigint").execute();
    await db.schema
      .createTable("messenger_threads")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("pair_key", "text", (c) => c.notNull().unique())
      .addColumn("starter_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("other_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("last_message_id", "integer")
      .addColumn("no_thanks_by", "integer")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("messenger_thread_members")
      .addColumn("thread_id", "integer", (c) => c.notNull().references("messenger_threads.id").onDelete("cascade"))
      .addColumn("member_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("folder", "text", (c) => c.notNull().defaultTo("inbox"))
      .addColumn("request_reason", "text")
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("deleted_up_to", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_read_id", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_visible_id", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("unread_mail_at", "bigint")
      .addPrimaryKeyConstraint("messenger_thread_members_pk", ["thread_id", "member_id"])
      .execute();
    await db.schema
      .createIndex("messenger_thread_members_list")
      .on("messenger_thread_members")
      .columns(["member_id", "folder", "hidden", "updated_at"])
      .execute();
    await db.schema
      .createTable("messenger_messages")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("thread_id", "integer", (c) => c.notNull().references("messenger_threads.id").onDelete("cascade"))
      .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("recipient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("action_type", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("photo_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("messenger_messages_thread").on("messenger_messages").columns(["thread_id", "id"]).execute();
    await db.schema.createIndex("messenger_messages_sender").on("messenger_messages").columns(["sender_id", "created_at"]).execute();
    await db.schema
      .createTable("messenger_photos")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("message_id", "integer", (c) => c.notNull().references("messenger_messages.id").onDelete("cascade"))
      .addColumn("thread_id", "integer", (c) => c.notNull().references("messenger_threads.id").onDelete("cascade"))
      .addColumn("public_id", "text", (c) => c.notNull().unique())
      .addColumn("storage_key", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("variant_widths", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("messenger_photos_thread").on("messenger_photos").columns(["thread_id", "id"]).execute();
    await db.schema.createIndex("messenger_photos_message").on("messenger_photos").columns(["message_id"]).execute();
    await db.schema
      .createTable("messenger_first_contacts")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("recipient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("sender_plus", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("messenger_first_contacts_sender")
      .on("messenger_first_contacts")
      .columns(["sender_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("messenger_first_contacts_recipient")
      .on("messenger_first_contacts")
      .columns(["recipient_id", "created_at"])
      .execute();
  };
}

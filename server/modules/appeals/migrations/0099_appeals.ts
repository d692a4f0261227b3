import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 4 (ADRs 112, 113): internal complaints (DSA Art. 20), the account restrictions a report decision
 * imposes, and the two "removed" marks for content whose tables had none (a date review, a message), so a removal
 * can be reversed without losing what was written.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("appeals")
      .addColumn("id", "integer", idColumn(dialect))
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      // The affected member appeals a statement; a notifier appeals their report decided "no_action".
      .addColumn("statement_id", "integer", (col) => col.unique())
      .addColumn("report_id", "integer", (col) => col.unique())
      .addColumn("text", "text", (col) => col.notNull())
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("state", "text", (col) => col.notNull().defaultTo("open"))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("decided_by", "integer")
      .addColumn("decided_at", "bigint")
      .addColumn("reasons", "text")
      .execute();
    // The queue: open appeals, oldest first.
    await db.schema.createIndex("appeals_open").on("appeals").columns(["state", "created_at", "id"]).execute();
    await db.schema.createIndex("appeals_user").on("appeals").columns(["user_id", "id"]).execute();

    await db.schema
      .createTable("account_restrictions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("statement_id", "integer", (col) => col.notNull())
      .addColumn("starts_at", "bigint", (col) => col.notNull())
      .addColumn("ends_at", "bigint", (col) => col.notNull())
      // An appeal that reverses the decision lifts the restriction before its end.
      .addColumn("lifted_at", "bigint")
      .execute();
    await db.schema.createIndex("account_restrictions_user").on("account_restrictions").columns(["user_id", "ends_at"]).execute();

    await db.schema.alterTable("date_reviews").addColumn("removed_at", "bigint").execute();
    await db.schema.alterTable("messenger_messages").addColumn("removed_at", "bigint").execute();
  };
}

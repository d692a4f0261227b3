import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 5 (ADR 118): the team's restrictions of an account — a ban, or a pause until `ends_at` — one row per
 * decision, open while `lifted_at` is null. users.status carries the effect (banned, paused: every listing rule
 * already follows it); this row says that the team did it, why, until when, and which statement of reasons it wrote.
 * The member search's filters get their indexes here (type, status and the username's beginning, newest first).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("member_restrictions")
      .addColumn("id", "integer", idColumn(dialect))
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("statement_id", "integer")
      // Not foreign keys: an erased staff account must not take the decision with it (as the audit trail).
      .addColumn("created_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("ends_at", "bigint")
      .addColumn("lifted_at", "bigint")
      .addColumn("lifted_by", "integer")
      .execute();
    await db.schema.createIndex("member_restrictions_user").on("member_restrictions").columns(["user_id", "id"]).execute();
    // At most one open restriction per account: two staff acting at once cannot both open one.
    await db.schema
      .createIndex("member_restrictions_open")
      .on("member_restrictions")
      .column("user_id")
      .unique()
      .where(sql.ref("lifted_at"), "is", null)
      .execute();
    // The member's page: the reports about them, newest first.
    await db.schema.createIndex("reports_target_user").on("reports").columns(["target_user_id", "id"]).execute();
    await db.schema.createIndex("users_status_id").on("users").columns(["status", "id"]).execute();
    await db.schema.createIndex("users_type_id").on("users").columns(["user_type", "id"]).execute();
    // The username's beginning: PostgreSQL needs the pattern operator class for LIKE 'abc%' under a non-C collation;
    // SQLite compares username_key bytewise, so the existing unique index serves a range.
    if (dialect === "postgres") await sql`create index users_username_prefix on users (username_key text_pattern_ops)`.execute(db);
  };
}

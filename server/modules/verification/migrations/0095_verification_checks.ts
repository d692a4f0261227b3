import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 2 (ADR 107): one row per identity or photo-realness check a member asks for (contract/verification:
 * kind webcam, id or prostschg; status 0 init, 1 pending, 2 verified, 3 rejected). The photos live in the private
 * storage under `file_prefix` (never a public path) until `files_deleted_at`; the row — who decided, when, why —
 * stays after the files are gone.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("verification_checks")
      .addColumn("id", "integer", idColumn(dialect))
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds these tables through them.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("status", "integer", (col) => col.notNull())
      .addColumn("code", "text")
      .addColumn("code_expires_at", "bigint")
      .addColumn("file_prefix", "text")
      .addColumn("has_back", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("submitted_at", "bigint")
      .addColumn("due_at", "bigint")
      .addColumn("overdue", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("decided_at", "bigint")
      // Not a foreign key: a staff account erased later must not take the decision with it (as the audit trail).
      .addColumn("decided_by", "integer")
      .addColumn("reason", "text")
      .addColumn("files_deleted_at", "bigint")
      // A team reset (issue 30 item 5) sets it: the check no longer counts as an attempt or as verified.
      .addColumn("reset_at", "bigint")
      .execute();
    await db.schema.createIndex("verification_checks_user").on("verification_checks").columns(["user_id", "kind", "id"]).execute();
    // The queue: pending checks, oldest submission first.
    await db.schema.createIndex("verification_checks_queue").on("verification_checks").columns(["status", "submitted_at", "id"]).execute();
    // One pending check per member and kind: two submissions at once cannot both use an attempt (both databases).
    await sql`CREATE UNIQUE INDEX verification_checks_one_pending ON verification_checks (user_id, kind) WHERE status = 1`.execute(db);
  };
}

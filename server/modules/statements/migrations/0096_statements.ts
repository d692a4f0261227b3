import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 4: one row per statement of reasons (DSA Art. 17). The row is what the member was told; a reversal
 * sets reversed_at and never rewrites the facts.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("statements")
      .addColumn("id", "integer", idColumn(dialect))
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("subject_kind", "text", (col) => col.notNull())
      .addColumn("subject_id", "text", (col) => col.notNull())
      .addColumn("restriction", "text", (col) => col.notNull())
      .addColumn("ground", "text", (col) => col.notNull())
      .addColumn("ground_reference", "text", (col) => col.notNull())
      .addColumn("facts", "text", (col) => col.notNull())
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("report_id", "integer")
      .addColumn("automated_detection", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("automated_decision", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("ends_at", "bigint")
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("decided_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("reversed_at", "bigint")
      .addColumn("tdb_state", "text", (col) => col.notNull().defaultTo("pending"))
      .addColumn("tdb_uuid", "text")
      .addColumn("tdb_submitted_at", "bigint")
      .execute();
    await db.schema.createIndex("statements_user").on("statements").columns(["user_id", "id"]).execute();
    await db.schema.createIndex("statements_subject").on("statements").columns(["subject_kind", "subject_id", "id"]).execute();
    // The transparency counts read a year of decisions by time.
    await db.schema.createIndex("statements_created").on("statements").columns(["created_at"]).execute();
    await db.schema.createIndex("statements_tdb").on("statements").columns(["tdb_state", "id"]).execute();
  };
}

import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26 item 7 (ADR 080), the audit module's own migration (ADR 067): the append-only audit trail. Triggers on
 * both databases refuse every UPDATE and DELETE (and TRUNCATE on PostgreSQL), so not even a bug in a service, or a
 * hand-typed statement through the application's own connection, can rewrite what staff did with money.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("audit_log")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("actor_id", "integer")
      .addColumn("action", "text", (col) => col.notNull())
      .addColumn("subject_type", "text", (col) => col.notNull())
      .addColumn("subject_id", "text", (col) => col.notNull())
      .addColumn("reason", "text")
      .addColumn("before_json", "text")
      .addColumn("after_json", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("audit_log_subject").on("audit_log").columns(["subject_type", "subject_id", "id"]).execute();
    await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "id"]).execute();

    if (dialect === "sqlite") {
      await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
        db,
      );
    } else {
      await sql`CREATE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege'; END $$`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse()`.execute(
        db,
      );
      await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse()`.execute(
        db,
      );
    }
  };
}

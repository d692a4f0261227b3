import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 4 (ADRs 114, 115): the published transparency reports (DSA Arts. 15, 24), the months each member was
 * active (Art. 24(2)'s average monthly active recipients), the trusted flaggers (Art. 22), the misuse warnings and
 * suspensions (Art. 23), and the staff's "manifestly unfounded" mark on a report decided without action.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("transparency_reports")
      .addColumn("id", "integer", idColumn(dialect))
      // "2026" (a calendar year) or "2026-H1" / "2026-H2" (a half-year): one published report per period.
      .addColumn("period", "text", (col) => col.notNull().unique())
      .addColumn("starts_at", "bigint", (col) => col.notNull())
      .addColumn("ends_at", "bigint", (col) => col.notNull())
      // The counts as JSON (contract/transparency TransparencyCounts): what the page shows and the downloads carry.
      .addColumn("counts", "text", (col) => col.notNull())
      .addColumn("computed_at", "bigint", (col) => col.notNull())
      // The backend staff member who ran it (null: the scheduled job). Not a foreign key, as in the audit trail.
      .addColumn("published_by", "integer")
      .execute();

    // One row per member and month with signed-in activity, written at most once a month (the first request).
    await db.schema
      .createTable("active_months")
      .addColumn("month", "integer", (col) => col.notNull())
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addPrimaryKeyConstraint("active_months_pk", ["month", "user_id"])
      .execute();
    await db.schema.createIndex("active_months_user").on("active_months").columns(["user_id"]).execute();

    await db.schema
      .createTable("trusted_flaggers")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("organisation", "text", (col) => col.notNull())
      // The Digital Services Coordinator's decision that awarded the status (Art. 22(2)).
      .addColumn("coordinator_reference", "text", (col) => col.notNull())
      .addColumn("starts_at", "bigint", (col) => col.notNull())
      .addColumn("ends_at", "bigint", (col) => col.notNull())
      .addColumn("created_by", "integer", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      // Ended early by staff (the coordinator revoked the status): the row stays for the report's counts.
      .addColumn("revoked_at", "bigint")
      .execute();
    await db.schema.createIndex("trusted_flaggers_user").on("trusted_flaggers").columns(["user_id", "starts_at"]).execute();

    await db.schema
      .createTable("misuse_actions")
      .addColumn("id", "integer", idColumn(dialect))
      // contract/transparency MISUSE_RULES key: illegal_content (the member's content) or unfounded_notices (their notices).
      .addColumn("rule", "text", (col) => col.notNull())
      // warning or suspension.
      .addColumn("action", "text", (col) => col.notNull())
      // The member acted against (null: a guest notifier, known by reporter_key alone).
      .addColumn("user_id", "integer", (col) => col.references("users.id"))
      // For unfounded notices: the reports' reporter_key ("u:<id>" or "e:<address>"), so guests are covered too.
      .addColumn("reporter_key", "text")
      .addColumn("ends_at", "bigint")
      .addColumn("statement_id", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("misuse_actions_user").on("misuse_actions").columns(["rule", "user_id", "created_at"]).execute();
    await db.schema.createIndex("misuse_actions_key").on("misuse_actions").columns(["rule", "reporter_key", "created_at"]).execute();
    await db.schema.createIndex("misuse_actions_created").on("misuse_actions").columns(["created_at"]).execute();

    // The staff's mark on a no_action decision (Art. 23(2)): the notice was manifestly unfounded.
    await db.schema
      .alterTable("reports")
      .addColumn("manifestly_unfounded", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    // The report's counts read a period of notices by filing time and by decision time.
    await db.schema.createIndex("reports_created").on("reports").columns(["created_at"]).execute();
    await db.schema.createIndex("reports_decided").on("reports").columns(["decided_at"]).execute();
    // The unfounded-notices rule reads one notifier's decided notices.
    await sql`CREATE INDEX reports_reporter_decided ON reports (reporter_key, decided_at) WHERE reporter_key IS NOT NULL`.execute(db);
    // Reversed decisions are counted by when they were reversed.
    await db.schema.createIndex("statements_reversed").on("statements").columns(["reversed_at"]).execute();
  };
}

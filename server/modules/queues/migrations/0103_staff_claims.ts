import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 5 (ADR 119): the staff claims that keep two team members off one queue item, and the flags that put a
 * published review into the reviews queue. A claim is one row per (queue, item) — the unique index decides a race
 * between two staff members on both databases — and lives until `expires_at` (CLAIM_MINUTES after its last renewal).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("staff_claims")
      .addColumn("id", "integer", idColumn(dialect))
      // The claim scope (contract/queues CLAIM_SCOPE_PATTERN): a queue's name, or `<queue>.<kind>`.
      .addColumn("queue", "text", (col) => col.notNull())
      .addColumn("item_id", "integer", (col) => col.notNull())
      // References to users: the demo seed's reset finds this table through it; an erased staff account's claims go.
      .addColumn("staff_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("claimed_at", "bigint", (col) => col.notNull())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("staff_claims_item").on("staff_claims").columns(["queue", "item_id"]).unique().execute();
    await db.schema.createIndex("staff_claims_staff").on("staff_claims").columns(["staff_id"]).execute();

    await db.schema
      .createTable("review_flags")
      .addColumn("id", "integer", idColumn(dialect))
      // contract/queues REVIEW_KINDS: date (date_reviews) or event (event_reviews).
      .addColumn("review_kind", "text", (col) => col.notNull())
      .addColumn("review_id", "integer", (col) => col.notNull())
      .addColumn("author_id", "integer", (col) => col.notNull().references("users.id"))
      // contract/queues REVIEW_FLAG_RULES: the rule that matched the published text.
      .addColumn("rule", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("decided_at", "bigint")
      // Not a foreign key: a staff account erased later must not take the decision with it (as the audit trail).
      .addColumn("decided_by", "integer")
      .addColumn("decision", "text")
      .execute();
    // One open flag per review; the queue reads the open ones oldest first.
    await sql`CREATE UNIQUE INDEX review_flags_open ON review_flags (review_kind, review_id) WHERE decided_at IS NULL`.execute(db);
    await sql`CREATE INDEX review_flags_queue ON review_flags (created_at, id) WHERE decided_at IS NULL`.execute(db);
    await db.schema.createIndex("review_flags_author").on("review_flags").columns(["author_id"]).execute();
  };
}

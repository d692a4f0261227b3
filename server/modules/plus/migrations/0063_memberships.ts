import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the plus module's own migration (ADR 067): a member's plus contracts. The users row keeps is_member and
 * member_until, which the entitlements kernel reads (ADR 061); this module writes both in the same transaction as the
 * membership row, so they never disagree.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("memberships")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("package_id", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("renewable", "integer", (col) => col.notNull())
      .addColumn("months", "integer", (col) => col.notNull())
      .addColumn("price_cents", "integer", (col) => col.notNull())
      .addColumn("started_at", "bigint", (col) => col.notNull())
      .addColumn("first_term_end", "bigint", (col) => col.notNull())
      .addColumn("period_start", "bigint", (col) => col.notNull())
      .addColumn("period_end", "bigint", (col) => col.notNull())
      .addColumn("cancel_requested_at", "bigint")
      .addColumn("ends_at", "bigint")
      .addColumn("rebill_group", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("payment_method", "text")
      .addColumn("payment_token", "text")
      .addColumn("last_order_id", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("memberships_user").on("memberships").columns(["user_id", "id"]).execute();
    // The renewal run's query: running, renewing contracts by the end of their period.
    await db.schema.createIndex("memberships_due").on("memberships").columns(["status", "period_end"]).execute();

    // One row per paid order a contract holds: which span that order bought, so a refund or withdrawal takes back
    // exactly that span (a preempted period not yet begun is removed, a running one ends at once or pro rata).
    await db.schema
      .createTable("membership_periods")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("membership_id", "integer", (col) => col.notNull().references("memberships.id"))
      .addColumn("order_id", "integer", (col) => col.notNull().unique())
      .addColumn("user_id", "integer", (col) => col.notNull())
      .addColumn("starts_at", "bigint", (col) => col.notNull())
      .addColumn("ends_at", "bigint", (col) => col.notNull())
      .addColumn("gross_cents", "integer", (col) => col.notNull())
      .addColumn("revoked_at", "bigint")
      .addColumn("revoke_reason", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("membership_periods_membership").on("membership_periods").columns(["membership_id", "starts_at"]).execute();

    // Every cancellation or withdrawal declaration as received (§ 312k BGB button, the member's own cancel, the EU
    // withdrawal function): kept as the proof of receipt, whether or not a contract was found. Never deleted with
    // the account's content (user_id is a plain number, no foreign key).
    await db.schema
      .createTable("contract_declarations")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("public_id", "text", (col) => col.notNull().unique())
      .addColumn("action", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("reason", "text")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("identifier", "text", (col) => col.notNull())
      .addColumn("requested_end", "text", (col) => col.notNull())
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("user_id", "integer")
      .addColumn("membership_id", "integer")
      .addColumn("outcome", "text", (col) => col.notNull())
      .addColumn("effective_end", "bigint")
      .addColumn("refund_cents", "integer")
      .addColumn("refund_order_id", "integer")
      .addColumn("refund_status", "text")
      .addColumn("received_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("contract_declarations_user").on("contract_declarations").columns(["user_id", "received_at"]).execute();

    // The cancellation survey (spec "cancellation survey"): reasons and free text, optional, never a condition.
    await db.schema
      .createTable("cancellation_surveys")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull())
      .addColumn("membership_id", "integer")
      .addColumn("reasons", "text", (col) => col.notNull())
      .addColumn("comment", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
  };
}

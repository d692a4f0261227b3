import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the renewals module's own migration (ADR 067, ADR 078): one row per membership period being renewed
 * (unique membership+period: a period is charged at most once, however many scans or workers run), the hashed rebill
 * links, and the reclaims a chargeback leaves for the wallet issue.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("renewals")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("membership_id", "integer", (col) => col.notNull().references("memberships.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("period_end", "bigint", (col) => col.notNull())
      .addColumn("state", "text", (col) => col.notNull())
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("order_id", "integer")
      .addColumn("next_attempt_at", "bigint")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addUniqueConstraint("renewals_period", ["membership_id", "period_end"])
      .execute();
    await db.schema.createIndex("renewals_state").on("renewals").columns(["state", "next_attempt_at"]).execute();

    await db.schema
      .createTable("rebill_tokens")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("token_hash", "text", (col) => col.notNull().unique())
      .addColumn("renewal_id", "integer", (col) => col.notNull().references("renewals.id"))
      .addColumn("membership_id", "integer", (col) => col.notNull())
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("rebill_group", "integer", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .addColumn("used_at", "bigint")
      .addColumn("revoked_at", "bigint")
      .execute();
    await db.schema.createIndex("rebill_tokens_renewal").on("rebill_tokens").columns(["renewal_id"]).execute();

    await db.schema
      .createTable("reclaims")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("order_id", "integer", (col) => col.notNull().unique())
      .addColumn("user_id", "integer", (col) => col.notNull())
      .addColumn("membership_id", "integer")
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("reclaims_user").on("reclaims").columns(["user_id", "status"]).execute();
  };
}

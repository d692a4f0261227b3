import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Sign-up (issue 3): where a person came from (landing page, invitation),
 * what a business is and who answers for it, e-mail verification tokens,
 * and age-check requests waiting for a verification provider.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    for (const column of ["landing_page_id", "invitation_code", "business_kind", "contact_person"] as const) {
      await db.schema.alterTable("users").addColumn(column, "text").execute();
    }

    await db.schema
      .createTable("email_verifications")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // The address the link was sent to: changing the e-mail later voids the link.
      .addColumn("email_key", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    await db.schema.createIndex("email_verifications_user").on("email_verifications").columns(["user_id", "created_at"]).execute();

    await db.schema
      .createTable("age_check_requests")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("resolved_at", "bigint")
      .execute();
    await db.schema.createIndex("age_check_requests_user").on("age_check_requests").columns(["user_id", "created_at"]).execute();
  };
}

import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 4 (ADR 134): every sign-on token we hand a help desk — whose data went to which provider when, under
 * which token id — so a member's data export and the team can tell; support/signout closes the member's open ones.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("helpdesk_sign_ons")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("jti", "text", (col) => col.notNull().unique())
      .addColumn("issued_at", "bigint", (col) => col.notNull())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .addColumn("signed_out_at", "bigint")
      .execute();
    await db.schema.createIndex("helpdesk_sign_ons_user").on("helpdesk_sign_ons").columns(["user_id", "signed_out_at"]).execute();
  };
}

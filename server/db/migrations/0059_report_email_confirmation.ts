import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 23 item 7c (ADR 059): a guest's notice mails its receipt and decision only to a confirmed address. The
 * notice keeps its single-use link's token as a SHA-256 hash with its expiry (as the other e-mail links do), and the
 * moment the address was confirmed. A partial index finds a token by its hash; notices without one take no room in
 * it. Both dialects add nullable columns in place.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("reports").addColumn("email_token_hash", "text").execute();
    await db.schema.alterTable("reports").addColumn("email_token_expires_at", "bigint").execute();
    await db.schema.alterTable("reports").addColumn("email_confirmed_at", "bigint").execute();
    await db.schema
      .createIndex("reports_email_token")
      .on("reports")
      .column("email_token_hash")
      .where(sql.ref("email_token_hash"), "is not", null)
      .execute();
  };
}

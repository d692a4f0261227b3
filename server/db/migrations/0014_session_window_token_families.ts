import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 9 item 7 (ADR 016): the API enforces the 24-hour session window itself, and a reused refresh
 * token ends its whole token family.
 * - idle_expires_at: when an access token not used since then stops working (it slides with use);
 *   null for a "keep me logged in" session, which lives to expires_at.
 * - family_id: every token pair that refresh rotations derived from one sign-in shares it.
 * - rotated_at: when the pair's refresh token was exchanged; a second exchange is a reuse.
 * Tokens issued before this migration keep working to their expiry, as keep-logged-in sessions would.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("access_tokens").addColumn("idle_expires_at", "bigint").execute();
    await db.schema.alterTable("access_tokens").addColumn("family_id", "text").execute();
    await db.schema.alterTable("access_tokens").addColumn("rotated_at", "bigint").execute();
    await db.schema.createIndex("access_tokens_family").on("access_tokens").column("family_id").execute();
  };
}

import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 9 item 9 (ADR 016 amendment in the business-links module): a business lists an escort only after
 * the escort accepts. Links made before this migration were never agreed to, so they start as requests.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("business_escorts")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
      .execute();
    await db.schema.alterTable("business_escorts").addColumn("decided_at", "bigint").execute();
    await sql`UPDATE business_escorts SET status = 'pending'`.execute(db);
  };
}

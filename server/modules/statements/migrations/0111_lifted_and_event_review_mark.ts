import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 30 follow-up (ADR 123):
 * - `statements.lifted_at` / `lift_cause`: a restriction that ended before any end it named, because its cause went
 *   away (a KYC hold released when the check is complete again). The statement stays as it was issued (Art. 17 and
 *   24(5): never deleted or rewritten); the member's page shows that it no longer applies and since when.
 * - `event_reviews.removed_at`: an event review removed by the team is marked, not deleted (as date reviews since
 *   migration 0099), so its statement can be appealed and a reversal shows it again.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("statements").addColumn("lifted_at", "bigint").execute();
    await db.schema.alterTable("statements").addColumn("lift_cause", "text").execute();
    await db.schema.alterTable("event_reviews").addColumn("removed_at", "bigint").execute();
  };
}

import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 3 item 3: SMTP delivery of the mail outbox (server/jobs/mail-delivery.ts).
 * - attempts / last_error / next_attempt_at: retry bookkeeping with backoff.
 * - failed_at: set when delivery is given up; the row stays for inspection.
 * - claim_token / claimed_until: a worker's lease on a row, so several
 *   processes never send the same mail; an expired lease (crashed worker)
 *   makes the row claimable again.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    // One column per statement: SQLite's ALTER TABLE adds a single column.
    await db.schema
      .alterTable("mail_outbox")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("mail_outbox").addColumn("last_error", "text").execute();
    await db.schema.alterTable("mail_outbox").addColumn("next_attempt_at", "bigint").execute();
    await db.schema.alterTable("mail_outbox").addColumn("failed_at", "bigint").execute();
    await db.schema.alterTable("mail_outbox").addColumn("claim_token", "text").execute();
    await db.schema.alterTable("mail_outbox").addColumn("claimed_until", "bigint").execute();
    // The worker scans unsent rows; sent rows (the vast majority) are skipped by the index order.
    await db.schema.createIndex("mail_outbox_pending").on("mail_outbox").columns(["sent_at", "id"]).execute();
    await db.schema.createIndex("mail_outbox_claim").on("mail_outbox").column("claim_token").execute();
  };
}

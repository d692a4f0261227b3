import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 10 item 6 (ADR 031): one job table for both databases. A job is enqueued in the transaction of the
 * change that causes it, runs at run_at, is leased by one worker at a time and retried with backoff.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("jobs")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("kind", "text", (c) => c.notNull())
      /** Set for jobs that must exist at most once while queued or running (e.g. one export per member). */
      .addColumn("job_key", "text", (c) => c.unique())
      .addColumn("payload", "text", (c) => c.notNull())
      /** queued | running | done | failed */
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("run_at", "bigint", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("max_attempts", "integer", (c) => c.notNull())
      /** The lease: a running job whose worker died is claimed again once it ends. */
      .addColumn("locked_by", "text")
      .addColumn("locked_until", "bigint")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("finished_at", "bigint")
      .execute();
    await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();
    await db.schema.createIndex("jobs_finished").on("jobs").columns(["finished_at"]).execute();
  };
}

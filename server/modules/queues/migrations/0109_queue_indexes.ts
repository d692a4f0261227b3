import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * The queues overview under load (issue 30 "Measured when done", ADR 122): covering indexes for the queues' `open`
 * counts, so counting 50,000 waiting photos and texts, or finding a kind's open reports among all open reports, reads
 * one index range and never the rows. Each leads with the columns the count compares for equality and carries the
 * owner's id the count checks against the few banned or deleted members. Not partial: the queries bind their values
 * as parameters, and a partial index serves only a literal.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.createIndex("media_queue_open").on("media").columns(["status", "kind", "created_at", "user_id"]).execute();
    await db.schema
      .createIndex("profile_text_changes_open")
      .on("profile_text_changes")
      .columns(["status", "created_at", "user_id"])
      .execute();
    // Open reports by the kind of object: the blog comments' and the reviews' queues take theirs from here.
    await db.schema.createIndex("reports_open_object").on("reports").columns(["object_kind", "state", "object_id", "created_at"]).execute();
  };
}

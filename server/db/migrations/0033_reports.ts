import { sql, type Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 11 item 5 (ADR 038): reports and notices. One row per report: the object (kind and id, or the web
 * address of a notice), the type, the reporter (a member's `user_id`, or a guest's name and e-mail), the state
 * and, once decided, the outcome and the statement of reasons. `reporter_key` ("u:<id>" or "e:<address>")
 * carries the rule "one open report per reporter and object" as a partial unique index, so two posts at once
 * cannot both pass.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("reports")
      .addColumn("id", "integer", idColumn(dialect))
      // The reporting member; null for a guest (and after the reporter deleted their account).
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("reporter_key", "text")
      .addColumn("reporter_name", "text")
      .addColumn("reporter_email", "text")
      .addColumn("object_kind", "text", (c) => c.notNull())
      .addColumn("object_id", "integer")
      .addColumn("url", "text")
      // "<kind>:<id>" or "page:<url>": one text, so the unique index below sees no NULLs.
      .addColumn("object_ref", "text", (c) => c.notNull())
      .addColumn("object_checked", "integer", (c) => c.notNull().defaultTo(0))
      // The reported account (a profile, a photo's owner); kept when that account is deleted (evidence).
      .addColumn("target_user_id", "integer")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("priority", "integer", (c) => c.notNull())
      .addColumn("text", "text")
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull().defaultTo("open"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("outcome", "text")
      .addColumn("statement", "text")
      .addColumn("decided_by", "integer")
      .addColumn("decided_at", "bigint")
      .execute();
    await db.schema
      .createIndex("reports_one_open")
      .on("reports")
      .columns(["reporter_key", "object_ref"])
      .unique()
      .where(sql.ref("state"), "=", "open")
      .execute();
    // The queue: open reports by priority, then age.
    await db.schema.createIndex("reports_queue").on("reports").columns(["state", "priority", "created_at"]).execute();
    // The member's own list, newest first.
    await db.schema.createIndex("reports_user").on("reports").columns(["user_id", "created_at"]).execute();
  };
}

import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Content removal requests (about/content_removal_request). Anyone may file
 * one; moderators work the open ones. No IP address is kept: the rate limit
 * counters hold it for their window only (data minimisation).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("content_removal_requests")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("reporter_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      // JSON array of the reported URLs.
      .addColumn("urls", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("resolved_at", "bigint")
      .execute();
    await db.schema
      .createIndex("content_removal_requests_status")
      .on("content_removal_requests")
      .columns(["status", "created_at"])
      .execute();
  };
}

import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/** Issue 10 (user/data_privacy, ADR 032): the member's data exports, built by the `export.build` job. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("data_exports")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      /** contract/privacy DATA_EXPORT_STATES */
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("ready_at", "bigint")
      .addColumn("expires_at", "bigint")
      /** The ZIP in media storage while ready; null before and after. */
      .addColumn("storage_key", "text")
      .addColumn("size_bytes", "bigint")
      .execute();
    await db.schema.createIndex("data_exports_user").on("data_exports").columns(["user_id", "created_at"]).execute();
  };
}

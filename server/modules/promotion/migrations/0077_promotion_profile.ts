import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 3, the promotion profile (ADR 090): what a promotion profile shows (headline and photo), the team's
 * decision, and the refund of a refused one. The promoted slot reads the running ones by type, status and end.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("promotions").addColumn("text", "text").execute();
    await db.schema.alterTable("promotions").addColumn("media_id", "integer").execute();
    await db.schema.alterTable("promotions").addColumn("decided_by", "integer").execute();
    await db.schema.alterTable("promotions").addColumn("decided_at", "bigint").execute();
    await db.schema.alterTable("promotions").addColumn("refund_operation_id", "integer").execute();
    // The team's queue (pending, oldest first) and the promoted slot (accepted, running: ends_at after now).
    await db.schema.createIndex("promotions_type_status_end").on("promotions").columns(["type", "status", "ends_at"]).execute();
  };
}

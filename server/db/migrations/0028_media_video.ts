import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/** Issue 10 item 3 (ADR 034): a video's length; null for photos. */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("media").addColumn("duration_ms", "integer").execute();
  };
}

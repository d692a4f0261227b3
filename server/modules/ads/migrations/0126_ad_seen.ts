import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Wide zones counted where shown (ADR 140 decision 2, ADR 146): an impression counts when the shown box's signed pixel
 * loads, once per render. The render's nonce is kept for the days its signature is valid (today and yesterday), so a
 * pixel address fetched again counts nothing. Nothing here names a person.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ad_seen")
      .addColumn("nonce", "text", (col) => col.primaryKey())
      // Days since the epoch (UTC) of the render: rows older than the signature's validity are deleted.
      .addColumn("day", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("ad_seen_day").on("ad_seen").column("day").execute();
  };
}

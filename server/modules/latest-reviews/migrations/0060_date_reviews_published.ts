import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * The platform's reviews page (ADR 067) reads the newest published reviews of all members: an index in that order,
 * so a page is read from its end instead of sorting every review. The first migration a feature declares in its own
 * folder; the same statement on both dialects.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.createIndex("date_reviews_published").on("date_reviews").columns(["published_at", "id"]).execute();
  };
}

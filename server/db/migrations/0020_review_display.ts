import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 10 (user/date_review_display): escorts and businesses choose whether the reviews of their dates,
 * and the average rating, show on their profile. Shown until they say otherwise.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("profiles")
      .addColumn("reviews_shown", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable("profiles")
      .addColumn("rating_shown", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
  };
}

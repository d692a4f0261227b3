import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 13 items 3–6 (date reviews, ADR 047). One row per member and date (`date_reviews`, unique on the pair, so
 * two posts at once make one review); the ratings per criterion apart (`date_review_ratings`), so averages per
 * criterion are one grouped query and the criteria list lives only in the contract. `published_at` stays NULL while
 * the review is blind: both reviews of a date get the same time when the second is written or the window closes.
 * `date_review_windows` records which dates' windows were opened (and closed), so each notification goes once even
 * when several processes sweep at the same time (the primary key decides). The sweep finds ended accepted dates by
 * `dates_status_start` instead of reading the whole dates table every few minutes.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("date_reviews")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("date_id", "integer", (c) => c.notNull().references("dates.id").onDelete("cascade"))
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("subject_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("party", "text", (c) => c.notNull())
      .addColumn("rating", "double precision", (c) => c.notNull())
      .addColumn("recommend", "integer", (c) => c.notNull())
      .addColumn("profile_match", "integer", (c) => c.notNull())
      .addColumn("come_again", "integer", (c) => c.notNull())
      .addColumn("punctuality", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("comment", "text")
      .addColumn("commented_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("published_at", "bigint")
      .addUniqueConstraint("date_reviews_date_author", ["date_id", "author_id"])
      .execute();
    await db.schema.createIndex("date_reviews_subject").on("date_reviews").columns(["subject_id", "published_at"]).execute();
    await db.schema.createIndex("date_reviews_author").on("date_reviews").columns(["author_id"]).execute();
    await db.schema
      .createTable("date_review_ratings")
      .addColumn("review_id", "integer", (c) => c.notNull().references("date_reviews.id").onDelete("cascade"))
      .addColumn("criterion", "text", (c) => c.notNull())
      .addColumn("rating", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("date_review_ratings_pk", ["review_id", "criterion"])
      .execute();
    await db.schema
      .createTable("date_review_windows")
      .addColumn("date_id", "integer", (c) => c.primaryKey().references("dates.id").onDelete("cascade"))
      .addColumn("opened_at", "bigint", (c) => c.notNull())
      .addColumn("closed_at", "bigint")
      .execute();
    await db.schema.createIndex("dates_status_start").on("dates").columns(["status", "starts_at"]).execute();
  };
}

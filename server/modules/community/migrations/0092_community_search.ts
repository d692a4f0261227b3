import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 29 (ADR 104): the indexes the event and blog searches read, partial on the listed states so each serves its
 * search's default order directly (measured in docs/performance.md). The condition is written `+status = 1` as the
 * queries write it (community/tables.ts): the plus keeps SQLite's planner from 0084/0085's (status, …) indexes.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    // Upcoming accepted events by start, carrying what the facets group by (no table read for the counts).
    await db.schema
      .createIndex("events_accepted_start")
      .on("events")
      .columns(["starts_at", "category", "country_code", "price", "organizer_id"])
      .where(sql<boolean>`+${sql.ref("status")} = 1`)
      .execute();
    // One category's upcoming events by start.
    await db.schema
      .createIndex("events_accepted_category")
      .on("events")
      .columns(["category", "starts_at", "organizer_id"])
      .where(sql<boolean>`+${sql.ref("status")} = 1`)
      .execute();
    // A city's next events (the directory's city pages ask by country and city slug).
    await db.schema
      .createIndex("events_accepted_city")
      .on("events")
      .columns(["country_code", "city_slug", "starts_at"])
      .where(sql<boolean>`+${sql.ref("status")} = 1`)
      .execute();
    // Public posts (approved 1, post-check 4, published 10) by publication, overall and per category.
    await db.schema
      .createIndex("blogs_public_published")
      .on("blogs")
      .columns(["published_at", "author_id"])
      .where(sql<boolean>`+${sql.ref("state")} in (1, 4, 10)`)
      .execute();
    await db.schema
      .createIndex("blogs_public_category")
      .on("blogs")
      .columns(["category", "published_at", "author_id"])
      .where(sql<boolean>`+${sql.ref("state")} in (1, 4, 10)`)
      .execute();
    // The sorts by likes and by comments.
    for (const [name, column] of [
      ["blogs_public_likes", "like_count"],
      ["blogs_public_comments", "comment_count"],
    ] as const)
      await db.schema
        .createIndex(name)
        .on("blogs")
        .columns([column, "published_at", "author_id"])
        .where(sql<boolean>`+${sql.ref("state")} in (1, 4, 10)`)
        .execute();
  };
}

import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 29: blog posts (contract/blogs BLOG_STATE; the body is structured content, never raw HTML), their comments
 * (replies one level deep) and likes (once per member: the primary key). The counts on the post are kept in the same
 * transaction as the comment or like, so the sorts by comment_amount and likes read a column. Every member column
 * references users(id) ON DELETE CASCADE, and comments and likes their post, so account deletion and the demo reset
 * take a member's posts, comments and likes with them (and a deleted post its comments and likes).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("blogs")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      // JSON of the safe subset (paragraphs, headings, lists, links, emphasis, gallery images): rendered by the app.
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("state", "integer", (c) => c.notNull())
      .addColumn("rejection_reason", "text")
      .addColumn("cover_media_id", "integer")
      // The author's place when written (the search's radius, default 500 km).
      .addColumn("lat", "double precision")
      .addColumn("lon", "double precision")
      .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("published_at", "bigint")
      // When the author last sent it on (pending or post_check): the team's queue is oldest first (ADR 101).
      .addColumn("submitted_at", "bigint")
      .execute();
    await db.schema.createIndex("blogs_search").on("blogs").columns(["state", "category", "published_at"]).execute();
    await db.schema.createIndex("blogs_author").on("blogs").columns(["author_id", "state"]).execute();
    // my_blogs, newest first; the team's queue, oldest first.
    await db.schema.createIndex("blogs_author_created").on("blogs").columns(["author_id", "created_at"]).execute();
    await db.schema.createIndex("blogs_queue").on("blogs").columns(["state", "submitted_at"]).execute();

    await db.schema
      .createTable("blog_comments")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // The comment it answers (one level deep: always a top-level comment), null for a top-level one.
      .addColumn("parent_id", "integer", (c) => c.references("blog_comments.id").onDelete("cascade"))
      // Plain text: shown escaped, never as markup.
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("edited_at", "bigint")
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema.createIndex("blog_comments_blog").on("blog_comments").columns(["blog_id", "parent_id", "id"]).execute();

    await db.schema
      .createTable("blog_likes")
      .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("blog_likes_pk", ["blog_id", "user_id"])
      .execute();
    // A member's likes (the data export, account deletion).
    await db.schema.createIndex("blog_likes_user").on("blog_likes").columns(["user_id"]).execute();
  };
}

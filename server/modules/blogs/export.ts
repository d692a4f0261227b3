/** The comments the member wrote under blog posts, for their data export (GDPR Art. 15/20); deleted ones without text. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export async function ownCommentsForExport(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom("blog_comments")
    .innerJoin("blogs", "blogs.id", "blog_comments.blog_id")
    .select([
      "blogs.slug as post_slug",
      "blogs.title as post_title",
      "blog_comments.id",
      "blog_comments.parent_id",
      "blog_comments.body",
      "blog_comments.created_at",
      "blog_comments.edited_at",
      "blog_comments.deleted_at",
    ])
    .where("blog_comments.author_id", "=", userId)
    .orderBy("blog_comments.id")
    .execute();
  return rows.map((row) => ({ ...row, body: row.deleted_at === null ? row.body : null }));
}

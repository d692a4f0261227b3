/**
 * Likes on blog posts (issue 29 item 4, ADR 103): once per member (the primary key blog_id + user_id). The count on
 * the post changes only when a row was really inserted or deleted, in the same transaction and by an increment in
 * the database, so 50 members liking at once count 50 and the same member twice counts once, on both databases.
 */
import type { ApiDeps } from "../../api/types";
import type { BlogLikeState } from "../../contract/blogs-comments";
import { visiblePost } from "./comments";

/** POST /blogs/{slug}/like: the caller likes a published post they see (a block either way: 404). */
export async function likePost(deps: ApiDeps, userId: number, slug: string): Promise<BlogLikeState> {
  const post = await visiblePost(deps, userId, slug);
  const now = deps.clock.now();
  const likeCount = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("blog_likes")
      .values({ blog_id: post.id, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(["blog_id", "user_id"]).doNothing())
      .returning("user_id")
      .executeTakeFirst();
    const counted = inserted
      ? await trx
          .updateTable("blogs")
          .set((eb) => ({ like_count: eb("like_count", "+", 1) }))
          .where("id", "=", post.id)
          .returning("like_count")
          .executeTakeFirstOrThrow()
      : await trx.selectFrom("blogs").select("like_count").where("id", "=", post.id).executeTakeFirstOrThrow();
    return counted.like_count;
  });
  return { like_count: likeCount, liked: true };
}

/** DELETE /blogs/{slug}/like: the caller takes their like back (nothing to take back changes nothing). */
export async function unlikePost(deps: ApiDeps, userId: number, slug: string): Promise<BlogLikeState> {
  const post = await visiblePost(deps, userId, slug);
  const likeCount = await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("blog_likes")
      .where("blog_id", "=", post.id)
      .where("user_id", "=", userId)
      .returning("user_id")
      .executeTakeFirst();
    const counted = deleted
      ? await trx
          .updateTable("blogs")
          .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
          .where("id", "=", post.id)
          .returning("like_count")
          .executeTakeFirstOrThrow()
      : await trx.selectFrom("blogs").select("like_count").where("id", "=", post.id).executeTakeFirstOrThrow();
    return counted.like_count;
  });
  return { like_count: likeCount, liked: false };
}

/**
 * Comments on blog posts (issue 29 item 4, ADR 103). A post's comments are threads: a top-level comment and its
 * replies, one level deep (a reply to a reply joins the thread of its parent). The list pages threads oldest first,
 * BLOG_COMMENTS_PAGE_SIZE a page, each with all its replies. Comments are plain text (the pages escape them).
 *
 * Who sees what: only published posts (contract/blogs BLOG_STATUS_NAME_OF "published") of active authors have
 * comments, and a block in either direction hides the post (404) or, between commenters, the other's comments and
 * their threads (access kernel's one block rule). A deleted comment with visible replies stays as a placeholder;
 * without, it is gone. `blogs.comment_count` counts comments not deleted and changes in the same transaction as the
 * comment, so the search's sort by comment_amount reads a column.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, ReportedObject } from "../../api/types";
import { BLOG_COMMENTS_PAGE_SIZE, BLOG_STATE, BLOG_STATUS_NAME_OF, type BlogState } from "../../contract/blogs";
import {
  BLOG_COMMENT_ERRORS,
  BLOG_COMMENT_RATE,
  BLOG_SLUG_PARAM_MAX,
  type BlogComment,
  type BlogCommentDeleted,
  type BlogCommentInput,
  type BlogCommentPage,
  type BlogCommentSaved,
  type BlogCommentThread,
  type BlogsCommentsBodies,
} from "../../contract/blogs-comments";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { recordHit } from "../../lib/rate-limit";
import { isBlockedBetween, notBlockedWith } from "../access/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";

/** The states whose status name is "published": the only posts that show, take comments and likes. */
export const PUBLISHED_BLOG_STATES = (Object.keys(BLOG_STATUS_NAME_OF).map(Number) as BlogState[]).filter(
  (state) => BLOG_STATUS_NAME_OF[state] === "published",
);
// Draft, pending and rejected posts never show: checked once here, so a new state cannot slip in unnoticed.
if (PUBLISHED_BLOG_STATES.includes(BLOG_STATE.draft)) throw new Error("a draft cannot be published");

export interface CommentedPost {
  id: number;
  slug: string;
  category: string;
  title: string;
  author_id: number;
  comment_count: number;
  like_count: number;
}

const postNotFound = () => fail.notFound(BLOG_COMMENT_ERRORS.postNotFound);
const commentNotFound = (source?: string) => new ApiError(404, [errorItem(404, BLOG_COMMENT_ERRORS.notFound, source)]);

/**
 * The published post `slug` as `viewerId` may see it (a guest: null), else 404: unknown, not published, its author
 * not active, or a block between the viewer and its author.
 */
export async function visiblePost(deps: ApiDeps, viewerId: number | null, slug: string, db: DB | Transaction<Database> = deps.db) {
  if (slug.length === 0 || slug.length > BLOG_SLUG_PARAM_MAX) throw postNotFound();
  const post = await db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .select(["blogs.id", "blogs.slug", "blogs.category", "blogs.title", "blogs.author_id", "blogs.comment_count", "blogs.like_count"])
    .where("blogs.slug", "=", slug)
    .where("blogs.state", "in", PUBLISHED_BLOG_STATES)
    .where("users.status", "=", "active")
    .executeTakeFirst();
  if (!post) throw postNotFound();
  if (viewerId !== null && viewerId !== post.author_id && (await isBlockedBetween(deps, viewerId, post.author_id))) throw postNotFound();
  return post satisfies CommentedPost;
}

/** Comments the viewer sees: their author is not separated from the viewer by a block (the join names `users`). */
function visibleTo(viewerId: number | null) {
  return (eb: ExpressionBuilder<Database, "blog_comments" | "users">): Expression<SqlBool> =>
    viewerId === null ? sql<SqlBool>`1 = 1` : notBlockedWith(eb, viewerId);
}

/**
 * The threads the viewer sees on a post: top-level comments of unblocked authors, not deleted or with a reply not
 * deleted (the placeholder; its replies' authors are filtered when the replies are read). One expression, for the
 * page, the count and a comment's page number.
 */
function shownThreads(db: DB | Transaction<Database>, blogId: number, viewerId: number | null) {
  return db
    .selectFrom("blog_comments")
    .innerJoin("users", "users.id", "blog_comments.author_id")
    .where("blog_comments.blog_id", "=", blogId)
    .where("blog_comments.parent_id", "is", null)
    .where(visibleTo(viewerId))
    .where((eb) =>
      eb.or([
        eb("blog_comments.deleted_at", "is", null),
        eb.exists(
          eb
            .selectFrom("blog_comments as reply")
            .select(sql<number>`1`.as("one"))
            .whereRef("reply.parent_id", "=", "blog_comments.id")
            .where("reply.deleted_at", "is", null),
        ),
      ]),
    );
}

/** The page of the list that shows thread `threadId` for the viewer (1 when it is not shown). */
async function pageOfThread(db: DB | Transaction<Database>, blogId: number, viewerId: number | null, threadId: number): Promise<number> {
  const row = await shownThreads(db, blogId, viewerId)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("blog_comments.id", "<=", threadId)
    .executeTakeFirst();
  return Math.max(1, Math.ceil(Number(row?.n ?? 0) / BLOG_COMMENTS_PAGE_SIZE));
}

const COMMENT_COLUMNS = [
  "blog_comments.id",
  "blog_comments.parent_id",
  "blog_comments.author_id",
  "blog_comments.body",
  "blog_comments.created_at",
  "blog_comments.edited_at",
  "blog_comments.deleted_at",
  "users.username",
] as const;

type CommentRow = {
  id: number;
  parent_id: number | null;
  author_id: number;
  body: string;
  created_at: number | string;
  edited_at: number | string | null;
  deleted_at: number | string | null;
  username: string;
  display_name: string | null;
};

function commentOf(row: CommentRow, viewerId: number | null, postAuthorId: number): BlogComment {
  const deleted = row.deleted_at !== null;
  const own = viewerId !== null && row.author_id === viewerId;
  return {
    id: row.id,
    parent_id: row.parent_id,
    author: deleted ? null : { user_id: row.author_id, username: row.username, display_name: row.display_name ?? row.username },
    body: deleted ? null : row.body,
    created_at: Number(row.created_at),
    edited_at: deleted || row.edited_at === null ? null : Number(row.edited_at),
    deleted,
    may_edit: !deleted && own,
    may_delete: !deleted && (own || viewerId === postAuthorId),
    may_reply: !deleted && viewerId !== null,
    may_report: !deleted && viewerId !== null && !own,
  };
}

/** GET /blogs/{slug}/comments: one page of threads with their replies, the counts and the viewer's like. */
export async function listComments(deps: ApiDeps, viewerId: number | null, slug: string, page: number): Promise<BlogCommentPage> {
  const { db } = deps;
  const post = await visiblePost(deps, viewerId, slug);
  const size = BLOG_COMMENTS_PAGE_SIZE;
  const [count, threads, liked] = await Promise.all([
    shownThreads(db, post.id, viewerId)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
    shownThreads(db, post.id, viewerId)
      .leftJoin("profiles", "profiles.user_id", "users.id")
      .select([...COMMENT_COLUMNS, "profiles.display_name"])
      .orderBy("blog_comments.id")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    viewerId === null
      ? Promise.resolve(undefined)
      : db.selectFrom("blog_likes").select("user_id").where("blog_id", "=", post.id).where("user_id", "=", viewerId).executeTakeFirst(),
  ]);
  const threadIds = threads.map((row) => row.id);
  const replies =
    threadIds.length === 0
      ? []
      : await db
          .selectFrom("blog_comments")
          .innerJoin("users", "users.id", "blog_comments.author_id")
          .leftJoin("profiles", "profiles.user_id", "users.id")
          .select([...COMMENT_COLUMNS, "profiles.display_name"])
          .where("blog_comments.blog_id", "=", post.id)
          .where("blog_comments.parent_id", "in", threadIds)
          .where("blog_comments.deleted_at", "is", null)
          .where(visibleTo(viewerId))
          .orderBy("blog_comments.id")
          .execute();
  const repliesOf = new Map<number, BlogComment[]>(threadIds.map((id) => [id, []]));
  for (const reply of replies) repliesOf.get(reply.parent_id!)?.push(commentOf(reply, viewerId, post.author_id));
  const items: BlogCommentThread[] = threads.map((row) => ({
    ...commentOf(row, viewerId, post.author_id),
    replies: repliesOf.get(row.id) ?? [],
  }));
  const signedIn = viewerId !== null;
  return {
    post: {
      id: post.id,
      slug: post.slug,
      category: post.category,
      title: post.title,
      comment_count: post.comment_count,
      like_count: post.like_count,
      liked: liked !== undefined,
      may_comment: signedIn,
      may_like: signedIn,
    },
    items,
    page,
    page_size: size,
    total: Number(count?.n ?? 0),
  };
}

/** A comment on a published post the viewer sees, not deleted, whose author no block separates from the viewer; else 404. */
async function visibleComment(deps: ApiDeps, viewerId: number, commentId: number, source?: string) {
  const row = await deps.db
    .selectFrom("blog_comments")
    .innerJoin("blogs", "blogs.id", "blog_comments.blog_id")
    .select([
      "blog_comments.id",
      "blog_comments.blog_id",
      "blog_comments.parent_id",
      "blog_comments.author_id",
      "blog_comments.deleted_at",
      "blogs.slug",
    ])
    .where("blog_comments.id", "=", commentId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) throw commentNotFound(source);
  let post: CommentedPost;
  try {
    post = await visiblePost(deps, viewerId, row.slug);
  } catch {
    throw commentNotFound(source);
  }
  if (row.author_id !== viewerId && (await isBlockedBetween(deps, viewerId, row.author_id))) throw commentNotFound(source);
  return { ...row, post };
}

/**
 * POST /blogs/{slug}/comments: a comment or a reply, counted against the member's rate (BLOG_COMMENT_RATE, counted
 * first so parallel posts cannot all pass). The post's author is told of a new comment, a parent's author of a reply.
 */
export async function addComment(deps: ApiDeps, userId: number, slug: string, input: BlogCommentInput): Promise<BlogCommentSaved> {
  const now = deps.clock.now();
  const window = { bucket: `blog_comments:user:${userId}`, ...BLOG_COMMENT_RATE };
  if ((await recordHit(deps.db, now, window)) > window.limit) throw fail.tooMany(BLOG_COMMENT_ERRORS.tooMany);
  const post = await visiblePost(deps, userId, slug);
  let threadId: number | null = null;
  let parentAuthorId: number | null = null;
  if (input.parent_id !== undefined) {
    const parent = await visibleComment(deps, userId, input.parent_id, "parent_id");
    if (parent.blog_id !== post.id) throw commentNotFound("parent_id");
    // One level deep: a reply to a reply answers the thread's first comment, and tells the reply's author.
    threadId = parent.parent_id ?? parent.id;
    parentAuthorId = parent.author_id;
  }
  const { id, hints, commentCount } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("blog_comments")
      .values({
        blog_id: post.id,
        author_id: userId,
        parent_id: threadId,
        body: input.body,
        created_at: now,
        edited_at: null,
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const counted = await trx
      .updateTable("blogs")
      .set((eb) => ({ comment_count: eb("comment_count", "+", 1) }))
      .where("id", "=", post.id)
      .returning("comment_count")
      .executeTakeFirstOrThrow();
    const hints: NotificationHints = [];
    const url = `blogs/${post.category}/${post.slug}#comment-${row.id}`;
    const subject = { type: "blog_comment", id: row.id };
    if (parentAuthorId !== null && parentAuthorId !== userId)
      hints.push(...(await notify(deps, trx, { userId: parentAuthorId, event: "blog_comment_reply", actorId: userId, subject, url })));
    // The post's author hears of every comment but their own, once (a reply to them is already a reply).
    if (post.author_id !== userId && post.author_id !== parentAuthorId)
      hints.push(...(await notify(deps, trx, { userId: post.author_id, event: "blog_comment", actorId: userId, subject, url })));
    return { id: row.id, hints, commentCount: counted.comment_count };
  });
  await publishNotificationHints(deps, hints);
  return { id, parent_id: threadId, page: await pageOfThread(deps.db, post.id, userId, threadId ?? id), comment_count: commentCount };
}

/** The comment the caller wants to change: visible to them, and theirs (403 when visible but someone else's). */
async function ownComment(deps: ApiDeps, userId: number, commentId: number, alsoPostAuthor: boolean) {
  const comment = await visibleComment(deps, userId, commentId);
  const mayChange = comment.author_id === userId || (alsoPostAuthor && comment.post.author_id === userId);
  if (!mayChange) throw fail.forbidden(BLOG_COMMENT_ERRORS.notYours);
  return comment;
}

/** PUT /blog-comments/{id}: the author changes the text; edited_at says so. */
export async function editComment(deps: ApiDeps, userId: number, commentId: number, body: string): Promise<BlogCommentSaved> {
  const comment = await ownComment(deps, userId, commentId, false);
  const updated = await deps.db
    .updateTable("blog_comments")
    .set({ body, edited_at: deps.clock.now() })
    .where("id", "=", commentId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw commentNotFound();
  return {
    id: commentId,
    parent_id: comment.parent_id,
    page: await pageOfThread(deps.db, comment.blog_id, userId, comment.parent_id ?? commentId),
    comment_count: comment.post.comment_count,
  };
}

/**
 * Soft-deletes a comment and keeps the count right; the conditional update makes a second delete (or one at the same
 * moment) change nothing. Answers whether this call deleted it, and the count after.
 */
async function softDelete(trx: Transaction<Database>, commentId: number, now: number): Promise<{ deleted: boolean; commentCount: number }> {
  const row = await trx
    .updateTable("blog_comments")
    .set({ deleted_at: now })
    .where("id", "=", commentId)
    .where("deleted_at", "is", null)
    .returning("blog_id")
    .executeTakeFirst();
  if (!row) return { deleted: false, commentCount: 0 };
  const counted = await trx
    .updateTable("blogs")
    .set((eb) => ({ comment_count: eb("comment_count", "-", 1) }))
    .where("id", "=", row.blog_id)
    .returning("comment_count")
    .executeTakeFirstOrThrow();
  return { deleted: true, commentCount: counted.comment_count };
}

/** DELETE /blog-comments/{id}: its author, or the post's author on their post. */
export async function deleteComment(deps: ApiDeps, userId: number, commentId: number): Promise<BlogCommentDeleted> {
  await ownComment(deps, userId, commentId, true);
  const result = await deps.db.transaction().execute((trx) => softDelete(trx, commentId, deps.clock.now()));
  if (!result.deleted) throw commentNotFound();
  return { id: commentId, comment_count: result.commentCount };
}

/** The report kind "comment": a comment not deleted on a post the reporter sees (a guest too). */
export async function findReportedComment(deps: ApiDeps, commentId: number, reporterId: number | null): Promise<ReportedObject | null> {
  const row = await deps.db
    .selectFrom("blog_comments")
    .innerJoin("blogs", "blogs.id", "blog_comments.blog_id")
    .select(["blog_comments.author_id", "blog_comments.deleted_at", "blogs.slug"])
    .where("blog_comments.id", "=", commentId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) return null;
  try {
    await visiblePost(deps, reporterId, row.slug);
  } catch {
    return null;
  }
  return { objectId: commentId, targetUserId: row.author_id };
}

/**
 * The team decided a report on a comment "content_removed" (the comments queue or the reports queue): the comment goes
 * in the decision's transaction, and its author is told in the bell (the reports module mails the statement of
 * reasons, DSA Art. 17).
 */
export async function removeReportedComment(deps: ApiDeps, trx: Transaction<Database>, commentId: number) {
  const comment = await trx.selectFrom("blog_comments").select("author_id").where("id", "=", commentId).executeTakeFirst();
  if (!comment) return;
  const { deleted } = await softDelete(trx, commentId, deps.clock.now());
  if (!deleted) return;
  const hints = await notify(deps, trx, {
    userId: comment.author_id,
    event: "blog_comment_removed",
    subject: { type: "blog_comment", id: commentId },
  });
  return () => publishNotificationHints(deps, hints);
}

/** The response names this file answers with (kept next to the rules that build them). */
export type CommentBodies = Pick<BlogsCommentsBodies, "BlogCommentPage" | "BlogCommentSaved" | "BlogCommentDeleted">;

/** An appeal reversed the removal of a reported comment (ADR 112): it is shown and counted again. */
export async function restoreReportedComment(_deps: ApiDeps, trx: Transaction<Database>, commentId: number): Promise<void> {
  const row = await trx
    .updateTable("blog_comments")
    .set({ deleted_at: null })
    .where("id", "=", commentId)
    .where("deleted_at", "is not", null)
    .returning("blog_id")
    .executeTakeFirst();
  if (row)
    await trx
      .updateTable("blogs")
      .set((eb) => ({ comment_count: eb("comment_count", "+", 1) }))
      .where("id", "=", row.blog_id)
      .execute();
}

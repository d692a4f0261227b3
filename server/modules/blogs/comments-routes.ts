/** HTTP of blog comments and likes (issue 29 item 4 and 7, ADR 103; spec section 7 "blogs and comments"). */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { BLOG_COMMENT_ERRORS } from "../../contract/blogs-comments";
import { blogsCommentsOps } from "../../contract/operations/blogs-comments";
import { addComment, deleteComment, editComment, listComments } from "./comments";
import { commentQueue, decideReportedComment } from "./comments-queue";
import { likePost, unlikePost } from "./likes";

const PRIVATE = "private, no-store";
const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";
const POST_NOTE =
  "404 for an unknown post, one not published, one whose author is not active, or one whose author and the caller are separated by a block.";
const COMMENT_NOTE = "404 for a comment that is deleted or that the caller cannot see (its post, or a block with its author).";

/** A path id that is no row id names nothing: 404, like a missing comment. */
const idOf = (raw: string | undefined) => rowIdParam(raw, BLOG_COMMENT_ERRORS.notFound);
const slugOf = (raw: string | undefined) => raw ?? "";

export function registerBlogComments({ v2 }: ModuleContext): void {
  v2.add(
    blogsCommentsOps.list,
    {
      tag: "blogs",
      auth: "optional",
      summary: `A post's comments: threads (top-level comments, oldest first, 20 a page) each with all its replies (one level deep); a deleted comment with replies as a placeholder; comments of members separated from the caller by a block left out. With the post's counts, the caller's like and what the caller may do. ${POST_NOTE}`,
      statuses: [400, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listComments(c.get("deps"), user?.id ?? null, slugOf(c.req.param("slug")), query.page));
    },
  );
  v2.add(
    blogsCommentsOps.add,
    {
      tag: "blogs",
      auth: "required",
      summary: `Comments on a published post, or replies (parent_id; a reply to a reply joins its parent's thread). Plain text, 1–2000 characters, under the rules of profile texts (400 at body); 404 at parent_id for a parent not on this post, deleted or of a blocked member; 429 after 10 comments in 10 minutes. Tells the post's author and the parent's author in the bell. Answers the page of the list that shows it. ${POST_NOTE}`,
      statuses: [400, 401, 404, 429],
    },
    async (c, { user, body }) => ok(c, await addComment(c.get("deps"), user!.id, slugOf(c.req.param("slug")), body)),
  );
  v2.add(
    blogsCommentsOps.edit,
    {
      tag: "blogs",
      auth: "required",
      summary: `Changes the text of the caller's own comment (edited_at). 403 for someone else's. ${COMMENT_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await editComment(c.get("deps"), user!.id, idOf(c.req.param("id")), body.body)),
  );
  v2.add(
    blogsCommentsOps.remove,
    {
      tag: "blogs",
      auth: "required",
      summary: `Deletes a comment: the caller's own, or any on the caller's post. Soft: while it has replies it stays as a placeholder without author and text. 403 for anyone else. ${COMMENT_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => ok(c, await deleteComment(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    blogsCommentsOps.like,
    {
      tag: "blogs",
      auth: "required",
      summary: `Likes a post, once per member (a second like changes nothing). ${POST_NOTE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await likePost(c.get("deps"), user!.id, slugOf(c.req.param("slug")))),
  );
  v2.add(
    blogsCommentsOps.unlike,
    {
      tag: "blogs",
      auth: "required",
      summary: `Takes the caller's like back (none to take back changes nothing). ${POST_NOTE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await unlikePost(c.get("deps"), user!.id, slugOf(c.req.param("slug")))),
  );
  v2.add(
    blogsCommentsOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Reported comments (open reports of kind comment), the oldest report first, 20 a page, with the reports' types and texts. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await commentQueue(c.get("deps"), user!.id, query.page));
    },
  );
  for (const [op, outcome, what] of [
    [blogsCommentsOps.removeReported, "content_removed", "Removes the reported comment (soft, the author is told in the bell)"],
    [blogsCommentsOps.dismissReports, "no_action", "Dismisses the reports on a comment (it stays)"],
  ] as const)
    v2.add(
      op,
      {
        tag: "backoffice",
        auth: "required",
        staff: "queues.decide",
        summary: `${what}: every open report on it is decided with the statement of reasons (20–2000 characters), mailed to each reporter and, on removal, to the author. 404 when the comment has no open report. ${STAFF_NOTE}`,
        statuses: [400, 401, 403, 404],
        claim: { queue: "blog_comments", param: "id" },
      },
      async (c, { user, body }) =>
        ok(c, await decideReportedComment(c.get("deps"), user!.id, idOf(c.req.param("id")), outcome, body.statement)),
    );
}

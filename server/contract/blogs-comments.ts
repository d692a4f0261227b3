/**
 * Comments and likes on blog posts (issue 29 item 4 and the comment parts of 7, ADR 103): the text rule, the limits,
 * the error keys and the response bodies both tiers share. Page size and reply depth are contract/blogs'
 * (BLOG_COMMENTS_PAGE_SIZE, BLOG_COMMENT_MAX_DEPTH).
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { REPORT_LIMITS, type ReportType } from "./reports";
import { MAX_ROW_ID } from "./row-id";

/** A comment's length (the spec names none: a short answer, shorter than a profile's description). */
export const BLOG_COMMENT_MAX = 2000;

/**
 * Comment posting per member (not in the spec; ADR 103): 10 in 10 minutes is more than a conversation needs and
 * stops a script from flooding a post. Edits and deletes are not counted.
 */
export const BLOG_COMMENT_RATE = { windowMs: 10 * 60 * 1000, limit: 10 } as const;

/** A slug in a path: longer ones name no post (404 before any query). */
export const BLOG_SLUG_PARAM_MAX = 200;

export const BLOG_COMMENT_ERRORS = {
  /** The post does not exist, is not published, or a block separates the caller from its author. */
  postNotFound: "exception.blogs_comments.post_not_found",
  /** The comment does not exist, is deleted, or is not visible to the caller. */
  notFound: "exception.blogs_comments.not_found",
  /** Edit or delete of a comment that is not the caller's (delete: nor on the caller's post). */
  notYours: "exception.blogs_comments.not_yours",
  /** More than BLOG_COMMENT_RATE comments. */
  tooMany: "exception.blogs_comments.too_many",
  /** The comments queue: the comment has no open report (decided meanwhile). */
  notReported: "exception.blogs_comments.not_reported",
} as const;

const TEXT_LENGTH = `validation.blogs_comments.body_length?max=${BLOG_COMMENT_MAX}`;

/** Control characters other than line breaks and tabs never belong in plain text (they can disguise a text). */
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A comment's text: plain text, stored as written (markup is text, shown inert: the pages escape it), trimmed, line
 * breaks as \n, and under the rules of profile texts (ProstSchG §32, the same check and message, ADR 030).
 */
export const blogCommentBodySchema = v.pipe(
  v.string(TEXT_LENGTH),
  v.transform((s) => s.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "")),
  v.trim(),
  v.minLength(1, TEXT_LENGTH),
  v.maxLength(BLOG_COMMENT_MAX, TEXT_LENGTH),
  v.check(
    (input: string) => findProstSchGTerm(input) === null,
    (issue) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
  ),
);

/** POST /blogs/{slug}/comments: a comment, or a reply to `parent_id` (a reply to a reply answers its parent). */
export const blogCommentInputSchema = v.object(
  {
    body: blogCommentBodySchema,
    parent_id: v.optional(
      v.pipe(
        v.number(BLOG_COMMENT_ERRORS.notFound),
        v.integer(BLOG_COMMENT_ERRORS.notFound),
        v.minValue(1, BLOG_COMMENT_ERRORS.notFound),
        v.maxValue(MAX_ROW_ID, BLOG_COMMENT_ERRORS.notFound),
      ),
    ),
  },
  "validation.required",
);
export type BlogCommentInput = v.InferOutput<typeof blogCommentInputSchema>;

/** PUT /blog-comments/{id}: the new text. */
export const blogCommentEditSchema = v.object({ body: blogCommentBodySchema }, "validation.required");

/** GET /blogs/{slug}/comments and the back office's queue: page=1…. */
export const blogCommentsQuerySchema = v.object({ page: pageQueryParam });

/**
 * POST /backoffice/blog-comments/{id}/remove and …/dismiss: the statement of reasons (DSA Art. 17) the reporters
 * and, on removal, the comment's author read — the reports queue's bounds.
 */
export const blogCommentDecisionSchema = v.object(
  {
    statement: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.minLength(REPORT_LIMITS.statementMin, "validation.reports.statement_too_short"),
      v.maxLength(REPORT_LIMITS.statementMax, "validation.reports.statement_too_long"),
    ),
  },
  "validation.required",
);

/** The web page of a post (`/{lang}/blogs/{category}/{slug}`) and the anchor of one comment on it. */
export const blogPostPath = (lang: string, category: string, slug: string) =>
  `/${lang}/blogs/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`;
export const blogCommentAnchor = (commentId: number) => `comment-${commentId}`;
/** The comments section's own anchor (the "more" links land on it). */
export const BLOG_COMMENTS_ANCHOR = "comments";
/** The query parameter of the post page that pages its comments (the post page owns the other parameters). */
export const BLOG_COMMENTS_PAGE_PARAM = "comments_page";
/** The back office's comments queue. */
export const blogCommentQueuePath = (lang: string) => `/${lang}/backoffice/blog-comments`;

// ── response bodies ───────────────────────────────────────────────────────────────────────────────────────────

export interface BlogCommentAuthor {
  user_id: number;
  username: string;
  display_name: string;
}

/** One comment as the viewer reads it; a deleted one with replies stays as a placeholder (no author, no text). */
export interface BlogComment {
  id: number;
  parent_id: number | null;
  author: BlogCommentAuthor | null;
  body: string | null;
  created_at: number;
  edited_at: number | null;
  deleted: boolean;
  /** The viewer's own comment, not deleted. */
  may_edit: boolean;
  /** Own comment, or any comment on the viewer's post; not deleted. */
  may_delete: boolean;
  /** Signed in and not deleted (a reply attaches to the thread's first comment). */
  may_reply: boolean;
  /** Signed in, someone else's, not deleted. */
  may_report: boolean;
}

export interface BlogCommentThread extends BlogComment {
  replies: BlogComment[];
}

/** The post as its comments section needs it: counts, the viewer's like and what the viewer may do. */
export interface BlogCommentsPost {
  id: number;
  slug: string;
  category: string;
  title: string;
  comment_count: number;
  like_count: number;
  liked: boolean;
  may_comment: boolean;
  may_like: boolean;
}

/** GET /blogs/{slug}/comments: one page of threads (top-level comments, oldest first, each with all its replies). */
export interface BlogCommentPage {
  post: BlogCommentsPost;
  items: BlogCommentThread[];
  page: number;
  page_size: number;
  /** Threads the viewer sees. */
  total: number;
}

/** A comment saved (added or edited): its id and the page of the list that shows it. */
export interface BlogCommentSaved {
  id: number;
  parent_id: number | null;
  page: number;
  comment_count: number;
}

/** A comment deleted (soft: a placeholder while it has replies). */
export interface BlogCommentDeleted {
  id: number;
  comment_count: number;
}

/** POST and DELETE /blogs/{slug}/like: the count after the change and the viewer's state. */
export interface BlogLikeState {
  like_count: number;
  liked: boolean;
}

/** One reported comment in the back office's queue (open reports only, oldest report first). */
export interface QueuedBlogComment {
  comment_id: number;
  body: string;
  author: BlogCommentAuthor | null;
  post: { slug: string; category: string; title: string };
  created_at: number;
  /** The open reports on it: how many, since when, their types and the reporters' explanations. */
  reports: number;
  first_reported_at: number;
  types: ReportType[];
  texts: string[];
}

export interface BlogCommentQueue {
  items: QueuedBlogComment[];
  page: number;
  page_size: number;
  total: number;
}

/** The team's decision on a reported comment. */
export interface BlogCommentDecision {
  comment_id: number;
  outcome: "content_removed" | "no_action";
  /** Open reports the decision closed. */
  reports: number;
}

export interface BlogsCommentsBodies {
  BlogCommentPage: BlogCommentPage;
  BlogCommentSaved: BlogCommentSaved;
  BlogCommentDeleted: BlogCommentDeleted;
  BlogLikeState: BlogLikeState;
  BlogCommentQueue: BlogCommentQueue;
  BlogCommentDecision: BlogCommentDecision;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends BlogsCommentsBodies {}
}

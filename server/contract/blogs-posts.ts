/**
 * Blog posts (issue 29 item 3, ADR 101, 102): the request schemas and answers both tiers share. The codes, lists and
 * limits are in contract/blogs.ts, the body's blocks and markup in contract/blogs-editor.ts, written once.
 */
import * as v from "valibot";
import {
  BLOG_CATEGORIES,
  BLOG_STATUS_NAMES,
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  MY_BLOGS_FILTERS,
  type BlogCategory,
  type BlogState,
  type BlogStatusName,
} from "./blogs";
import { blogBodySchema, blogPlainText, type BlogBlock } from "./blogs-editor";
import type { MediaImage } from "./media";
import { REJECTION_REASONS, type RejectionReason } from "./moderation";
import { pageQueryParam } from "./paging";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { MAX_ROW_ID } from "./row-id";

/** The error keys of the blog answers (translated in the common namespace, as every error key). */
export const BLOG_ERRORS = {
  title: `validation.blogs.title?min=${BLOG_TITLE_MIN}&max=${BLOG_TITLE_MAX}`,
  category: "validation.blogs.category",
  /** The cover or an image of the body is no accepted, public photo of the author's own gallery. */
  image: "validation.blogs.image",
  notFound: "exception.blogs.not_found",
  /** Staff accounts moderate posts; members (clients, escorts, businesses) write them. */
  membersOnly: "exception.blogs.members_only",
} as const;

const invalid = "validation.invalid";

/** ProstSchG §32 and the text rules of profile texts (ADR 030) apply to a post's title and text. */
const lawful = (text: string) => findProstSchGTerm(text) === null;
const lawfulMessage = (text: string) => prostSchGMessage(findProstSchGTerm(text) ?? "");

export const blogTitleSchema = v.pipe(
  v.string(BLOG_ERRORS.title),
  v.trim(),
  v.minLength(BLOG_TITLE_MIN, BLOG_ERRORS.title),
  v.maxLength(BLOG_TITLE_MAX, BLOG_ERRORS.title),
  v.check(lawful, (issue) => lawfulMessage(String(issue.input))),
);

/** The body (markup or blocks, contract/blogs-editor), under the same text rules as the title. */
export const blogLawfulBodySchema = v.pipe(
  blogBodySchema,
  v.check(
    (blocks) => lawful(blogPlainText(blocks as BlogBlock[])),
    (issue) => lawfulMessage(blogPlainText(issue.input as BlogBlock[])),
  ),
);

/** An optional media id (a form's empty choice is none). */
const optionalMediaId = v.optional(
  v.pipe(
    v.union(
      [v.number(BLOG_ERRORS.image), v.pipe(v.string(BLOG_ERRORS.image), v.trim(), v.regex(/^(|[1-9]\d{0,9})$/, BLOG_ERRORS.image))],
      BLOG_ERRORS.image,
    ),
    v.transform((value) => (value === "" ? null : Number(value))),
    v.nullable(
      v.pipe(v.number(), v.integer(BLOG_ERRORS.image), v.minValue(1, BLOG_ERRORS.image), v.maxValue(MAX_ROW_ID, BLOG_ERRORS.image)),
    ),
  ),
);

/**
 * POST /blogs and PUT /blogs/{id}: the whole post. `submit` false keeps it a draft; true sends it on — to the team's
 * queue (pending) while the author is within their first posts, else published at once and checked after (ADR 101).
 */
export const blogInputSchema = v.object(
  {
    title: blogTitleSchema,
    category: v.picklist(BLOG_CATEGORIES, BLOG_ERRORS.category),
    body: blogLawfulBodySchema,
    cover_media_id: v.optional(v.nullable(optionalMediaId), null),
    submit: v.optional(v.boolean(invalid), true),
  },
  invalid,
);
export type BlogInput = v.InferInput<typeof blogInputSchema>;
export type BlogInputOutput = v.InferOutput<typeof blogInputSchema>;

/** GET /blogs/my: the manager's filters (spec section 3: all, category, status) and the page. */
export const myBlogsQuerySchema = v.object({
  filter: v.optional(v.picklist(MY_BLOGS_FILTERS, invalid), "all"),
  category: v.optional(v.picklist(BLOG_CATEGORIES, invalid)),
  status: v.optional(v.picklist(BLOG_STATUS_NAMES, invalid)),
  page: pageQueryParam,
});
export type MyBlogsQuery = v.InferOutput<typeof myBlogsQuerySchema>;

export const blogQueueQuerySchema = v.object({ page: pageQueryParam });

/** POST /backoffice/blogs/{id}/reject: one reason of the moderation list (the author reads it in their language). */
export const blogRejectSchema = v.object(
  { reason: v.picklist(REJECTION_REASONS, "validation.backoffice.reason_required") },
  "validation.backoffice.reason_required",
);

// ── answers ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface BlogAuthor {
  user_id: number;
  username: string;
  display_name: string;
}

/** A gallery photo a body or cover shows, by the id the blocks name. */
export interface BlogImage {
  id: number;
  image: MediaImage;
}

/** A post as its author's list shows it (my_blogs). */
export interface BlogSummary {
  id: number;
  category: BlogCategory;
  slug: string;
  title: string;
  excerpt: string;
  state: BlogState;
  status_name: BlogStatusName;
  /** Why the team rejected it (the moderation's list, translated by the page); null otherwise. */
  rejection_reason: RejectionReason | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  comment_count: number;
  like_count: number;
}

/** A post as its author edits it: the blocks, and the same body as the edit form's markup. */
export interface OwnBlog extends BlogSummary {
  body: BlogBlock[];
  markup: string;
  cover_media_id: number | null;
}

/** GET /blogs/my. */
export interface MyBlogList {
  items: BlogSummary[];
  page: number;
  page_size: number;
  total: number;
}

/** GET /blogs/my/media: the photos a post may show (the author's accepted, public, open photos). */
export interface BlogSelectableMedia {
  items: BlogImage[];
}

/** GET /blogs/detail/{category}/{slug}: the post for this viewer. */
export interface BlogPost {
  id: number;
  category: BlogCategory;
  slug: string;
  title: string;
  excerpt: string;
  body: BlogBlock[];
  /** The photos the body names that are still shown (deleted or hidden ones are left out). */
  images: BlogImage[];
  cover: MediaImage | null;
  author: BlogAuthor;
  state: BlogState;
  status_name: BlogStatusName;
  /** Guests and other members see only public states; the author and staff every state (then the page says so). */
  is_public: boolean;
  is_own: boolean;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  comment_count: number;
  like_count: number;
}

/** One post in the back office's queue. */
export interface BlogQueueItem {
  id: number;
  category: BlogCategory;
  slug: string;
  title: string;
  body: BlogBlock[];
  images: BlogImage[];
  state: BlogState;
  author: BlogAuthor;
  /** When it was sent to the team (the queue's order, oldest first). */
  submitted_at: number;
}

/** GET /backoffice/blogs. */
export interface BlogQueue {
  items: BlogQueueItem[];
  page: number;
  page_size: number;
  total: number;
}

/** POST /backoffice/blogs/{id}/approve|reject. */
export interface BlogDecision {
  id: number;
  state: BlogState;
  reason: RejectionReason | null;
}

export interface BlogsBodies {
  OwnBlog: OwnBlog;
  MyBlogList: MyBlogList;
  BlogSelectableMedia: BlogSelectableMedia;
  BlogPost: BlogPost;
  BlogQueue: BlogQueue;
  BlogDecision: BlogDecision;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends BlogsBodies {}
}

/**
 * Blogs, comments and likes (issue 29 items 3-6; spec sections 2 "Blogs", 3 "Blog", blog sorts, 9 page sizes, tiles
 * per row, blog radius default 500). Every code, list and limit of blogs is here; the API and the web tier read them
 * from here only.
 */

/**
 * Spec section 3: a post's states. A member's first posts wait for the team (pending) before they are published;
 * later ones are published at once and checked after (post_check) — the rule's numbers are BLOG_PRECHECKED_POSTS.
 */
export const BLOG_STATE = { pending: 0, approved: 1, rejected: 2, draft: 3, post_check: 4, published: 10 } as const;
export type BlogState = (typeof BLOG_STATE)[keyof typeof BLOG_STATE];

/** Spec section 3: the status names a post's author sees (several states share one name). */
export const BLOG_STATUS_NAMES = ["pending", "published", "rejected", "draft"] as const;
export type BlogStatusName = (typeof BLOG_STATUS_NAMES)[number];
export const BLOG_STATUS_NAME_OF: Record<BlogState, BlogStatusName> = {
  [BLOG_STATE.pending]: "pending",
  [BLOG_STATE.approved]: "published",
  [BLOG_STATE.rejected]: "rejected",
  [BLOG_STATE.draft]: "draft",
  [BLOG_STATE.post_check]: "published",
  [BLOG_STATE.published]: "published",
};

/**
 * How many of a member's posts the team checks before publication (the spec says first posts are checked; how many
 * is not shown: three, ADR of issue 29). After that a post is published at once and checked after (post_check).
 */
export const BLOG_PRECHECKED_POSTS = 3;

/**
 * The categories (spec section 3 names only the default, everyday-life; the rest is ours, docs/spec-departures.md):
 * URL words of `blogs/{category}/…`.
 */
export const BLOG_CATEGORIES = ["everyday-life", "experiences", "advice", "health", "travel", "news"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const DEFAULT_BLOG_CATEGORY: BlogCategory = "everyday-life";

/** Spec section 3: the manager's filters (`my_blogs`) and the search's. */
export const MY_BLOGS_FILTERS = ["all", "category", "status"] as const;
export type MyBlogsFilter = (typeof MY_BLOGS_FILTERS)[number];
export const BLOG_SEARCH_FILTERS = ["category", "userType", "onlyShow", "datePublished"] as const;

/** Spec section 4: blog sorts, default_sort the default. */
export const BLOG_SORTS = ["default_sort", "published_at", "comment_amount", "likes"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const DEFAULT_BLOG_SORT: BlogSort = "default_sort";

/** Spec section 9: page sizes, tiles per row (wide, medium, narrow) and the search's default radius in km. */
export const BLOG_LIST_PAGE_SIZE = 10;
export const BLOG_TILE_PAGE_SIZE = 10;
export const BLOG_COMMENTS_PAGE_SIZE = 20;
export const BLOG_TILES_PER_ROW = [3, 2, 1] as const;
export const BLOG_DEFAULT_RADIUS_KM = 500;

/** Issue 29 item 4: replies are one level deep (a reply to a reply answers its parent). */
export const BLOG_COMMENT_MAX_DEPTH = 1;

// ── Posts (issue 29 item 3, ADR 101): the limits and web paths the blogs module and its pages share ──────────────

/** A post's title (the spec names no lengths: a headline, not a paragraph). */
export const BLOG_TITLE_MIN = 3;
export const BLOG_TITLE_MAX = 120;
/** A slug: the title's words in ASCII, this long at most (a number is added when the title was taken). */
export const BLOG_SLUG_MAX = 80;
/** The back office's blog queue: oldest first, this many a page. */
export const BLOG_QUEUE_PAGE_SIZE = 20;
/** `my_blogs` pages like the list of the search (spec section 9, blog list 10). */
export const MY_BLOGS_PAGE_SIZE = BLOG_LIST_PAGE_SIZE;

/** The states in which a post is public (guests read it): the team approved it, or it awaits the check after. */
export const BLOG_PUBLIC_STATES = [BLOG_STATE.approved, BLOG_STATE.post_check, BLOG_STATE.published] as const;
/** The states the team's queue lists: before publication (pending) and after it (post_check). */
export const BLOG_QUEUE_STATES = [BLOG_STATE.pending, BLOG_STATE.post_check] as const;

/** The web pages of blogs (spec section 2), written once. */
export const blogPaths = {
  post: (lang: string, category: string, slug: string) => `/${lang}/blogs/${category}/${encodeURIComponent(slug)}`,
  edit: (lang: string, category: string, slug: string) => `/${lang}/blogs/${category}/${encodeURIComponent(slug)}/edit`,
  add: (lang: string) => `/${lang}/blogs/add`,
  mine: (lang: string) => `/${lang}/my_blogs`,
  backoffice: (lang: string) => `/${lang}/backoffice/blogs`,
} as const;

export const isBlogCategory = (value: unknown): value is BlogCategory => (BLOG_CATEGORIES as readonly unknown[]).includes(value);

/** The blogs module (issue 29; see server/contract/blogs.ts): posts, the safe editor, the team's queue (ADR 101, 102). */
import { findReportedComment, removeReportedComment, restoreReportedComment } from "./comments";
import { sql, type Kysely } from "kysely";
import { BLOG_QUEUE_STATES } from "../../contract/blogs";
import type { Database } from "../../db/schema";
import { defineFeature, type OpenQueueItems } from "../manifest";
import { registerBlogComments } from "./comments-routes";
import * as m0085 from "./migrations/0085_blogs";
import { registerBlogs } from "./routes";
import { findReportedBlog, removeReportedBlog, restoreReportedBlog } from "./service";

export { ownBlogsForExport } from "./service";
export { ownCommentsForExport } from "./export";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");

const openBlogs = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .where("blogs.state", "in", [...BLOG_QUEUE_STATES])
    .where("users.status", "=", "active")
    .select(["blogs.id", sql<number>`coalesce(blogs.submitted_at, blogs.updated_at)`.as("since"), scope("blogs")]);

/** Reported blog comments: each once, waiting since its first open report (the comments queue's order). */
const openBlogComments = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("reports")
    .innerJoin("blog_comments", "blog_comments.id", "reports.object_id")
    .where("reports.object_kind", "=", "comment")
    .where("reports.state", "=", "open")
    .select((eb) => ["blog_comments.id", eb.fn.min<number>("reports.created_at").as("since"), scope("blog_comments")])
    .groupBy("blog_comments.id");

export const manifest = defineFeature({
  name: "blogs",
  // The posts (ADR 101, 102), then comments and likes (ADR 103).
  routes: [registerBlogs, registerBlogComments],
  migrations: { "0085_blogs": m0085 },
  reportTypes: {
    /** A post the reporter may read (ADR 038's report types for blogs). */
    blog: { queue: "reports", find: findReportedBlog, removeContent: removeReportedBlog, restoreContent: restoreReportedBlog },
    /** A comment not deleted on a post the reporter sees; removing it is the comments queue's (or the reports queue's) decision. */
    comment: {
      queue: "blog_comments",
      find: findReportedComment,
      removeContent: removeReportedComment,
      restoreContent: restoreReportedComment,
    },
  },
  moderationQueues: {
    /** Posts before publication (pending) and after it (post_check), ADR 101. */
    blogs: { api: "/backoffice/blogs", title: "blog.backoffice.title", open: openBlogs },
    /** Reported blog comments, oldest report first (ADR 103). */
    blog_comments: {
      api: "/backoffice/blog-comments",
      title: "blogs_comments.backoffice.title",
      namespace: "blogs-comments",
      page: "backoffice/blog-comments",
      open: openBlogComments,
    },
  },
  notifications: {
    blog_comment: {
      kind: "favorites",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat deinen Blogbeitrag kommentiert",
        en: "{actor} commented on your blog post",
        es: "{actor} ha comentado tu entrada de blog",
        pl: "{actor} skomentował(a) twój wpis na blogu",
      },
    },
    blog_comment_reply: {
      kind: "favorites",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat auf deinen Kommentar geantwortet",
        en: "{actor} replied to your comment",
        es: "{actor} ha respondido a tu comentario",
        pl: "{actor} odpowiedział(a) na twój komentarz",
      },
    },
    blog_comment_removed: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Dein Kommentar wurde vom Team entfernt",
        en: "Your comment was removed by the team",
        es: "El equipo ha eliminado tu comentario",
        pl: "Twój komentarz został usunięty przez zespół",
      },
      // The reports module mails the statement of reasons (DSA Art. 17) with the decision.
      ownMail: true,
    },
  },
});

/** The blogs module (issue 29; see server/contract/blogs.ts): posts, the safe editor, the team's queue (ADR 101, 102). */
import { defineFeature } from "../manifest";
import * as m0085 from "./migrations/0085_blogs";
import { registerBlogs } from "./routes";
import { findReportedBlog } from "./service";

export { ownBlogsForExport } from "./service";

export const manifest = defineFeature({
  name: "blogs",
  routes: registerBlogs,
  migrations: { "0085_blogs": m0085 },
  reportTypes: {
    /** A post the reporter may read (ADR 038's report types for blogs). */
    blog: { queue: "reports", find: findReportedBlog },
  },
  moderationQueues: {
    /** Posts before publication (pending) and after it (post_check), ADR 101. */
    blogs: { api: "/backoffice/blogs", title: "blog.backoffice.title" },
  },
});

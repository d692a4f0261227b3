/** Blog posts' operations (issue 29 item 3, ADR 062, 101): the author's posts, the post page, the team's queue. */
import { defineOperation } from "../operation";
import { blogInputSchema, blogQueueQuerySchema, blogRejectSchema, myBlogsQuerySchema } from "../blogs-posts";

export const blogsOps = {
  mine: defineOperation({ method: "get", path: "/api/v2/blogs/my", query: myBlogsQuerySchema, response: "MyBlogList" }),
  selectableMedia: defineOperation({ method: "get", path: "/api/v2/blogs/my/media", response: "BlogSelectableMedia" }),
  create: defineOperation({ method: "post", path: "/api/v2/blogs", body: blogInputSchema, response: "OwnBlog" }),
  own: defineOperation({ method: "get", path: "/api/v2/blogs/:id/own", response: "OwnBlog" }),
  update: defineOperation({ method: "put", path: "/api/v2/blogs/:id", body: blogInputSchema, response: "OwnBlog" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/blogs/:id", response: "BlogDecision" }),
  detail: defineOperation({ method: "get", path: "/api/v2/blogs/detail/:category/:slug", response: "BlogPost" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/blogs", query: blogQueueQuerySchema, response: "BlogQueue" }),
  approve: defineOperation({ method: "post", path: "/api/v2/backoffice/blogs/:id/approve", response: "BlogDecision" }),
  reject: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/blogs/:id/reject",
    body: blogRejectSchema,
    response: "BlogDecision",
  }),
};

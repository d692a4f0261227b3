/** Blog comments' and likes' operations (issue 29 item 4, ADR 062, 103): the list, writing, likes and the team's queue. */
import { defineOperation } from "../operation";
import { blogCommentDecisionSchema, blogCommentEditSchema, blogCommentInputSchema, blogCommentsQuerySchema } from "../blogs-comments";

export const blogsCommentsOps = {
  list: defineOperation({
    method: "get",
    path: "/api/v2/blogs/:slug/comments",
    query: blogCommentsQuerySchema,
    response: "BlogCommentPage",
  }),
  add: defineOperation({
    method: "post",
    path: "/api/v2/blogs/:slug/comments",
    body: blogCommentInputSchema,
    response: "BlogCommentSaved",
  }),
  edit: defineOperation({ method: "put", path: "/api/v2/blog-comments/:id", body: blogCommentEditSchema, response: "BlogCommentSaved" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/blog-comments/:id", response: "BlogCommentDeleted" }),
  like: defineOperation({ method: "post", path: "/api/v2/blogs/:slug/like", response: "BlogLikeState" }),
  unlike: defineOperation({ method: "delete", path: "/api/v2/blogs/:slug/like", response: "BlogLikeState" }),
  queue: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/blog-comments",
    query: blogCommentsQuerySchema,
    response: "BlogCommentQueue",
  }),
  removeReported: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/blog-comments/:id/remove",
    body: blogCommentDecisionSchema,
    response: "BlogCommentDecision",
  }),
  dismissReports: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/blog-comments/:id/dismiss",
    body: blogCommentDecisionSchema,
    response: "BlogCommentDecision",
  }),
};

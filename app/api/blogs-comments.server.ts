/** Blog comments' and likes' endpoints (issue 29 item 4, ADR 103), as the web tier calls them. */
import { blogsCommentsOps } from "#server/contract/operations/blogs-comments";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type BlogCommentPageData = DataOf<typeof blogsCommentsOps.list>;
export type BlogCommentSavedData = DataOf<typeof blogsCommentsOps.add>;
export type BlogLikeStateData = DataOf<typeof blogsCommentsOps.like>;
export type BlogCommentQueueData = DataOf<typeof blogsCommentsOps.queue>;

export function fetchBlogComments(api: ApiClient, slug: string, page: number): Promise<ApiResult<BlogCommentPageData>> {
  return api.op(blogsCommentsOps.list, { params: { slug }, query: { page: String(page) }, handleErrors: true });
}

export function addBlogComment(api: ApiClient, slug: string, body: string, parentId?: number): Promise<ApiResult<BlogCommentSavedData>> {
  return api.op(blogsCommentsOps.add, {
    params: { slug },
    body: parentId === undefined ? { body } : { body, parent_id: parentId },
    handleErrors: true,
  });
}

export function editBlogComment(api: ApiClient, id: number, body: string): Promise<ApiResult<BlogCommentSavedData>> {
  return api.op(blogsCommentsOps.edit, { params: { id }, body: { body }, handleErrors: true });
}

export function deleteBlogComment(api: ApiClient, id: number): Promise<ApiResult<DataOf<typeof blogsCommentsOps.remove>>> {
  return api.op(blogsCommentsOps.remove, { params: { id }, handleErrors: true });
}

/** Like (true) or take the like back (false). */
export function setBlogLike(api: ApiClient, slug: string, liked: boolean): Promise<ApiResult<BlogLikeStateData>> {
  return api.op(liked ? blogsCommentsOps.like : blogsCommentsOps.unlike, { params: { slug }, handleErrors: true });
}

export function fetchBlogCommentQueue(api: ApiClient, page: number): Promise<ApiResult<BlogCommentQueueData>> {
  return api.op(blogsCommentsOps.queue, { query: { page: String(page) }, handleErrors: true });
}

/** The team removes a reported comment or dismisses its reports, with the statement of reasons. */
export function decideReportedBlogComment(
  api: ApiClient,
  id: number,
  remove: boolean,
  statement: string,
): Promise<ApiResult<DataOf<typeof blogsCommentsOps.removeReported>>> {
  return api.op(remove ? blogsCommentsOps.removeReported : blogsCommentsOps.dismissReports, {
    params: { id },
    body: { statement },
    handleErrors: true,
  });
}

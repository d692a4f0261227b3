/** The blogs group's post endpoints (issue 29 item 3, ADR 101), as the web tier calls them. */
import type { BlogInput, MyBlogsQuery } from "#server/contract/blogs-posts";
import type { RejectionReason } from "#server/contract/moderation";
import { blogsOps } from "#server/contract/operations/blogs";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type MyBlogListData = DataOf<typeof blogsOps.mine>;
export type OwnBlogData = DataOf<typeof blogsOps.own>;
export type BlogSelectableMediaData = DataOf<typeof blogsOps.selectableMedia>;
export type BlogPostData = DataOf<typeof blogsOps.detail>;
export type BlogQueueData = DataOf<typeof blogsOps.queue>;

export function fetchMyBlogs(api: ApiClient, query: Omit<MyBlogsQuery, "page"> & { page: number }): Promise<ApiResult<MyBlogListData>> {
  const { filter, category, status, page } = query;
  return api.op(blogsOps.mine, {
    query: { filter, page: String(page), ...(category ? { category } : {}), ...(status ? { status } : {}) },
    handleErrors: true,
  });
}

export function fetchOwnBlog(api: ApiClient, id: number): Promise<ApiResult<OwnBlogData>> {
  return api.op(blogsOps.own, { params: { id }, handleErrors: true });
}

export function fetchBlogMedia(api: ApiClient): Promise<ApiResult<BlogSelectableMediaData>> {
  return api.op(blogsOps.selectableMedia, { handleErrors: true });
}

export function fetchBlogPost(api: ApiClient, category: string, slug: string): Promise<ApiResult<BlogPostData>> {
  return api.op(blogsOps.detail, { params: { category, slug }, handleErrors: true });
}

/** Create (no id) or save (an id) the whole post. */
export function saveBlog(api: ApiClient, id: number | null, body: BlogInput): Promise<ApiResult<OwnBlogData>> {
  return id === null
    ? api.op(blogsOps.create, { body, handleErrors: true })
    : api.op(blogsOps.update, { params: { id }, body, handleErrors: true });
}

export function deleteBlog(api: ApiClient, id: number) {
  return api.op(blogsOps.remove, { params: { id }, handleErrors: true });
}

export function fetchBlogQueue(api: ApiClient, page: number): Promise<ApiResult<BlogQueueData>> {
  return api.op(blogsOps.queue, { query: { page: String(page) }, handleErrors: true });
}

export function decideBlog(api: ApiClient, id: number, reason: RejectionReason | null) {
  return reason === null
    ? api.op(blogsOps.approve, { params: { id }, handleErrors: true })
    : api.op(blogsOps.reject, { params: { id }, body: { reason }, handleErrors: true });
}

/** Finding events and blog posts (issue 29, ADR 104), as the web tier calls it. */
import { communityOps } from "#server/contract/operations/community";
import type { QueryInput } from "#server/contract/operation";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type EventSearchData = DataOf<typeof communityOps.eventSearch>;
export type BlogSearchData = DataOf<typeof communityOps.blogSearch>;
export type UserEventsData = DataOf<typeof communityOps.userEvents>;
export type UserBlogsData = DataOf<typeof communityOps.userBlogs>;
export type EventDetailData = DataOf<typeof communityOps.eventDetail>;
export type BlogDetailData = DataOf<typeof communityOps.blogDetail>;
export type CityEventsData = DataOf<typeof communityOps.cityEvents>;
export type EventTileData = EventSearchData["items"][number];
export type BlogTileData = BlogSearchData["items"][number];

export function searchEvents(api: ApiClient, query: QueryInput<typeof communityOps.eventSearch>): Promise<ApiResult<EventSearchData>> {
  return api.op(communityOps.eventSearch, { query, handleErrors: true });
}

export function searchBlogs(api: ApiClient, query: QueryInput<typeof communityOps.blogSearch>): Promise<ApiResult<BlogSearchData>> {
  return api.op(communityOps.blogSearch, { query, handleErrors: true });
}

export function fetchUserEvents(api: ApiClient, username: string): Promise<ApiResult<UserEventsData>> {
  return api.op(communityOps.userEvents, { params: { username }, handleErrors: true });
}

export function fetchUserBlogs(api: ApiClient, username: string, page: number): Promise<ApiResult<UserBlogsData>> {
  return api.op(communityOps.userBlogs, { params: { username }, query: { page }, handleErrors: true });
}

export function fetchEventDetail(api: ApiClient, slug: string): Promise<ApiResult<EventDetailData>> {
  return api.op(communityOps.eventDetail, { params: { slug }, handleErrors: true });
}

export function fetchBlogDetail(api: ApiClient, slug: string): Promise<ApiResult<BlogDetailData>> {
  return api.op(communityOps.blogDetail, { params: { slug }, handleErrors: true });
}

export function fetchCityEvents(api: ApiClient, country: string, city: string): Promise<ApiResult<CityEventsData>> {
  return api.op(communityOps.cityEvents, { params: { country, city }, handleErrors: true });
}

/** The newsfeed's endpoint (ADR 095), as the web tier calls it. */
import type { NewsfeedTab } from "#server/contract/newsfeed";
import { newsfeedOps } from "#server/contract/operations/newsfeed";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type NewsfeedData = DataOf<typeof newsfeedOps.page>;

/** GET /newsfeed: one page of a tab, after `cursor` when given. */
export function fetchNewsfeed(api: ApiClient, tab: NewsfeedTab, cursor: string | null): Promise<ApiResult<NewsfeedData>> {
  return api.op(newsfeedOps.page, { query: cursor ? { tab, cursor } : { tab }, handleErrors: true });
}

/** The platform's reviews page's endpoint (ADR 067), as the web tier calls it. */
import { latestReviewsOps } from "#server/contract/operations/latest-reviews";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type LatestReviewsData = DataOf<typeof latestReviewsOps.list>;

/** GET /reviews: one page of the newest published reviews across the platform. */
export function fetchLatestReviews(api: ApiClient, page: number): Promise<ApiResult<LatestReviewsData>> {
  return api.op(latestReviewsOps.list, { query: { page }, handleErrors: true });
}

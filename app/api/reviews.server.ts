/** The reviews group's endpoints (spec section 7 "reviews"; ADR 047), as the web tier calls them. */
import type {
  DateReviews,
  LinkedEscortReviewList,
  ReviewCommentInput,
  ReviewInput,
  ReviewList,
  ReviewUnlockInfo,
} from "#server/contract/reviews";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type DateReviewsData = Camelize<DateReviews>;
export type ReviewListData = Camelize<ReviewList>;
export type LinkedEscortReviewListData = Camelize<LinkedEscortReviewList>;
export type ReviewUnlockData = Camelize<ReviewUnlockInfo>;
export type ReviewItemData = DateReviewsData["mine"] & {};

/** GET /reviews/{date_id}: the date's reviews as one of its two members sees them. */
export function fetchDateReviews(api: ApiClient, dateId: number): Promise<ApiResult<DateReviewsData>> {
  return api.call<DateReviewsData>(`/api/v2/reviews/${dateId}`, { handleErrors: true });
}

/** POST /reviews/{date_id}: the member's one review. */
export function postReview(api: ApiClient, dateId: number, body: ReviewInput): Promise<ApiResult<DateReviewsData>> {
  return api.call<DateReviewsData>(`/api/v2/reviews/${dateId}`, { method: "POST", body, handleErrors: true });
}

/** POST /reviews/{review_id}/comment: the reviewed member's one answer. */
export function postReviewComment(api: ApiClient, reviewId: number, body: ReviewCommentInput): Promise<ApiResult<DateReviewsData>> {
  return api.call<DateReviewsData>(`/api/v2/reviews/${reviewId}/comment`, { method: "POST", body, handleErrors: true });
}

/** GET /reviews/user/{username}: the published reviews a member received, with the averages. */
export function fetchReceivedReviews(api: ApiClient, username: string, page: number): Promise<ApiResult<ReviewListData>> {
  return api.call<ReviewListData>(`/api/v2/reviews/user/${encodeURIComponent(username)}`, { params: { page }, handleErrors: true });
}

/** GET /reviews/user/{username}/escorts: a business's tab of the reviews of the escorts it lists. */
export function fetchLinkedEscortReviews(api: ApiClient, username: string, page: number): Promise<ApiResult<LinkedEscortReviewListData>> {
  return api.call<LinkedEscortReviewListData>(`/api/v2/reviews/user/${encodeURIComponent(username)}/escorts`, {
    params: { page },
    handleErrors: true,
  });
}

/** GET /reviews/{date_id}/unlock: what reading the date's review texts costs. */
export function fetchUnlockInfo(api: ApiClient, dateId: number): Promise<ApiResult<ReviewUnlockData>> {
  return api.call<ReviewUnlockData>(`/api/v2/reviews/${dateId}/unlock`, { handleErrors: true });
}

/** POST /reviews/{date_id}/unlock: 402 until the wallet exists. */
export function postUnlock(api: ApiClient, dateId: number): Promise<ApiResult<ReviewUnlockData>> {
  return api.call<ReviewUnlockData>(`/api/v2/reviews/${dateId}/unlock`, { method: "POST", handleErrors: true });
}

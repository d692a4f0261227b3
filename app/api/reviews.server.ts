/** The reviews group's endpoints (spec section 7 "reviews"; ADR 047), as the web tier calls them. */
import { reviewsOps } from "#server/contract/operations/reviews";
import type { ReviewCommentInput, ReviewInput } from "#server/contract/reviews";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type DateReviewsData = DataOf<typeof reviewsOps.ofDate>;
export type ReviewListData = DataOf<typeof reviewsOps.received>;
export type LinkedEscortReviewListData = DataOf<typeof reviewsOps.linkedEscorts>;
export type ReviewUnlockData = DataOf<typeof reviewsOps.unlockInfo>;
export type ReviewItemData = DateReviewsData["mine"] & {};

/** GET /reviews/{date_id}: the date's reviews as one of its two members sees them. */
export function fetchDateReviews(api: ApiClient, dateId: number): Promise<ApiResult<DateReviewsData>> {
  return api.op(reviewsOps.ofDate, { params: { date_id: dateId }, handleErrors: true });
}

/** POST /reviews/{date_id}: the member's one review. */
export function postReview(api: ApiClient, dateId: number, body: ReviewInput): Promise<ApiResult<DateReviewsData>> {
  return api.op(reviewsOps.post, { params: { date_id: dateId }, body, handleErrors: true });
}

/** POST /reviews/{review_id}/comment: the reviewed member's one answer. */
export function postReviewComment(api: ApiClient, reviewId: number, body: ReviewCommentInput): Promise<ApiResult<DateReviewsData>> {
  return api.op(reviewsOps.comment, { params: { review_id: reviewId }, body, handleErrors: true });
}

/** GET /reviews/user/{username}: the published reviews a member received, with the averages. */
export function fetchReceivedReviews(api: ApiClient, username: string, page: number): Promise<ApiResult<ReviewListData>> {
  return api.op(reviewsOps.received, { params: { username }, query: { page }, handleErrors: true });
}

/** GET /reviews/user/{username}/escorts: a business's tab of the reviews of the escorts it lists. */
export function fetchLinkedEscortReviews(api: ApiClient, username: string, page: number): Promise<ApiResult<LinkedEscortReviewListData>> {
  return api.op(reviewsOps.linkedEscorts, { params: { username }, query: { page }, handleErrors: true });
}

/** GET /reviews/{date_id}/unlock: what reading the date's review texts costs. */
export function fetchUnlockInfo(api: ApiClient, dateId: number): Promise<ApiResult<ReviewUnlockData>> {
  return api.op(reviewsOps.unlockInfo, { params: { date_id: dateId }, handleErrors: true });
}

/** POST /reviews/{date_id}/unlock (ADR 083): pays the unlock under the page's money key. */
export function postUnlock(api: ApiClient, dateId: number, key: string): Promise<ApiResult<DataOf<typeof reviewsOps.unlock>>> {
  return api.op(reviewsOps.unlock, { params: { date_id: dateId }, body: { key }, handleErrors: true });
}

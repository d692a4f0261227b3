/**
 * The platform's reviews page (spec section 2 "Others: … reviews"; ADR 067): the newest published date reviews of
 * every member whose own reviews tab would show them to the reader, REVIEW_LIST_PAGE_SIZE a page (the spec's default
 * page size, 10, as every review list), each naming the reviewed member.
 */
import type { ReviewItem, ReviewMember, ReviewUnlockPrice } from "./reviews";

export { REVIEW_LIST_MAX_PAGE as LATEST_REVIEWS_MAX_PAGE, REVIEW_LIST_PAGE_SIZE as LATEST_REVIEWS_PAGE_SIZE } from "./reviews";

export interface LatestReviewItem extends ReviewItem {
  /** The reviewed member, linked to their profile. */
  subject: ReviewMember;
}

/** GET /reviews: one page of the newest published reviews across the platform. */
export interface LatestReviews {
  items: LatestReviewItem[];
  page: number;
  page_size: number;
  total: number;
  /** What unlocking a date's texts costs this reader; null for plus members. */
  unlock: ReviewUnlockPrice | null;
}

/** This feature's declared success bodies (ADR 041); they join ResponseBodies by declaration merging (ADR 067). */
export interface LatestReviewsBodies {
  LatestReviews: LatestReviews;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends LatestReviewsBodies {}
}

/**
 * Reviews of a business (spec section 7 profiles "business reviews"; ADR 039): the published date reviews the
 * business received (ADR 047), in the shape the profile tab had before they existed.
 */
import * as v from "valibot";
import { pageQueryParamUpTo } from "./paging";
import { BUSINESS_REVIEW_CRITERIA, type BusinessReviewCriterion } from "./reviews";

/** Spec section 9: "default 10" (no page size is given for business reviews). */
export const BUSINESS_REVIEWS_PAGE_SIZE = 10;
/** Deep pages are not served (10,000 reviews); a number above it is a 400 like any malformed page. */
export const BUSINESS_REVIEWS_MAX_PAGE = 1000;

/** The criteria of spec section 3 that concern a house, rated 1–5 (terrible … excellent): written once in contract/reviews. */
export const BUSINESS_REVIEW_ASPECTS = BUSINESS_REVIEW_CRITERIA;
export type BusinessReviewAspect = BusinessReviewCriterion;

/** 404: the profile is not a business's. */
export const BUSINESS_REVIEWS_NOT_A_BUSINESS = "exception.business_reviews.not_a_business";

export const businessReviewsQuerySchema = v.strictObject(
  {
    page: pageQueryParamUpTo(BUSINESS_REVIEWS_MAX_PAGE),
  },
  "validation.invalid",
);

export interface BusinessReview {
  id: number;
  /** The reviewer as the viewer may see them; null when that account is gone or hidden from the viewer. */
  author: { username: string; display_name: string } | null;
  /** 1–5, the mean of the aspects rounded to one decimal. */
  rating: number;
  aspects: Partial<Record<BusinessReviewAspect, number>>;
  /** null while locked for this reader (contract/reviews REVIEW_UNLOCK). */
  text: string | null;
  created_at: number;
}

/** GET /profiles/{username}/business-reviews: newest first. */
export interface BusinessReviewsPage {
  items: BusinessReview[];
  total: number;
  page: number;
  page_size: number;
  /** Mean rating over all reviews (null without any). */
  average: number | null;
}

/**
 * Reviews of a business (spec section 7 profiles "business reviews"; ADR 039). Guests and members review a
 * house after a visit; the reviews themselves arrive with the dates-and-reviews issue. Until then the list is
 * real and empty, already in its final shape, so the profile tab and its pagination do not change later.
 */
import * as v from "valibot";

/** Spec section 9: "default 10" (no page size is given for business reviews). */
export const BUSINESS_REVIEWS_PAGE_SIZE = 10;
/** Deep pages are not served (10,000 reviews); a number above it is a 400 like any malformed page. */
export const BUSINESS_REVIEWS_MAX_PAGE = 1000;

/** The aspects of spec section 3's review criteria that concern a house, rated 1–5 (terrible … excellent). */
export const BUSINESS_REVIEW_ASPECTS = ["interior", "location", "cleanliness", "staff", "value_for_money"] as const;
export type BusinessReviewAspect = (typeof BUSINESS_REVIEW_ASPECTS)[number];

/** 404: the profile is not a business's. */
export const BUSINESS_REVIEWS_NOT_A_BUSINESS = "exception.business_reviews.not_a_business";

export const businessReviewsQuerySchema = v.strictObject(
  {
    page: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.regex(/^[1-9]\d{0,3}$/, "validation.invalid"),
        v.transform(Number),
        v.maxValue(BUSINESS_REVIEWS_MAX_PAGE, "validation.invalid"),
      ),
      "1",
    ),
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

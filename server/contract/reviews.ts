/**
 * Date reviews (issue 13 items 3–6; spec sections 2 "Dating reviews", 3 "Date request" review criteria, 5 "date
 * review allowed for 7 days", 7 "reviews"; ADR 047).
 *
 * After an accepted date has ended, each of its two members may review the other once, within 7 days. Neither sees
 * the other's review before both wrote theirs or the window closed; then both are published at once (the blind
 * reveal). The reviewed member may answer a published review once. Every number and list of these rules is here;
 * the API and the web tier read them from here only.
 */
import * as v from "valibot";
import { pageQueryParamUpTo } from "./paging";
import type { PaymentOffer } from "./prices";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { USER_TYPE } from "./users";

/** Spec section 3: the rating words of 1 … 5. */
export const REVIEW_RATING_WORDS = ["terrible", "poor", "average", "very_good", "excellent"] as const;
export type ReviewRatingWord = (typeof REVIEW_RATING_WORDS)[number];
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

/** The word of a rating 1–5 (a stored rating is always an integer in range). */
export function ratingWord(rating: number): ReviewRatingWord {
  return REVIEW_RATING_WORDS[Math.min(REVIEW_RATING_MAX, Math.max(REVIEW_RATING_MIN, Math.round(rating))) - 1]!;
}

/**
 * Who is reviewed decides the criteria: an escort or a client is a person, an agency or club a business. Written
 * once here (spec section 3's list split by what each criterion is about). None of them rates a body or looks:
 * a review judges how the date was arranged and kept, never the person's body (ADR 047).
 */
export const PERSON_REVIEW_CRITERIA = [
  "date_arrangement_process",
  "reliability_punctuality",
  "communication",
  "discrete_behavior",
  "respectful_behavior",
  "body_hygiene",
] as const;
export const BUSINESS_REVIEW_CRITERIA = ["interior", "location", "value_for_money", "smooth_payment", "cleanliness", "staff"] as const;
export type PersonReviewCriterion = (typeof PERSON_REVIEW_CRITERIA)[number];
export type BusinessReviewCriterion = (typeof BUSINESS_REVIEW_CRITERIA)[number];
export type ReviewCriterion = PersonReviewCriterion | BusinessReviewCriterion;
export type ReviewedParty = "person" | "business";
export const REVIEW_CRITERIA: Record<ReviewedParty, readonly ReviewCriterion[]> = {
  person: PERSON_REVIEW_CRITERIA,
  business: BUSINESS_REVIEW_CRITERIA,
};
export const REVIEW_CRITERION_KEYS: readonly ReviewCriterion[] = [...PERSON_REVIEW_CRITERIA, ...BUSINESS_REVIEW_CRITERIA];

/** The party a member of this user type is reviewed as. */
export function reviewedPartyOf(userType: number): ReviewedParty {
  return userType === USER_TYPE.business ? "business" : "person";
}

/** Spec section 3: the yes/no questions every review answers. */
export const REVIEW_QUESTIONS = ["would_you_recommend_this_user", "profile_match_reality", "would_you_come_again"] as const;
export type ReviewQuestion = (typeof REVIEW_QUESTIONS)[number];
export const REVIEW_ANSWERS = ["yes", "no"] as const;
export type ReviewAnswer = (typeof REVIEW_ANSWERS)[number];

/** Spec section 3: how punctual the reviewed member was. */
export const REVIEW_PUNCTUALITY = ["on_time", "too_early", "little_late", "no_show"] as const;
export type ReviewPunctuality = (typeof REVIEW_PUNCTUALITY)[number];

/** The review's text: long enough to say something, short enough to read on a phone. */
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
/** The reviewed member's one answer. */
export const REVIEW_COMMENT_MIN = 2;
export const REVIEW_COMMENT_MAX = 1000;

/** Spec section 5: "date review allowed for 7 days" after the date's end. */
export const REVIEW_WINDOW_DAYS = 7;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Reviews received, per page of a profile's tab (spec section 9: default 10). */
export const REVIEW_LIST_PAGE_SIZE = 10;
export const REVIEW_LIST_MAX_PAGE = 1000;

/**
 * Item 5: the text of a published review is the part worth paying for. On a profile's reviews tab everybody sees
 * the ratings, answers and punctuality; the text (and the reviewed member's answer) is open to the two members of
 * the date, to plus members (the benefit review_texts), and to a member who unlocked that date's reviews. The reader
 * pays the product review_unlock (contract/prices: 1 dollar) per date, once, shared by the two reviews of the date.
 * Guests sign in first. Until the wallet exists an unlock answers the one "payment required" outcome (402, ADR 061).
 */
export const REVIEW_UNLOCK = {
  /** Its price: contract/prices PRICES.review_unlock. */
  product: "review_unlock",
  payer: "reader",
  /** Who reads without paying. */
  free_for: ["participants", "plus_members"],
} as const;

export const REVIEW_ERRORS = {
  /** Unknown date or review, or one the member is not part of: the same 404 for all (nothing to probe). */
  notFound: "exception.reviews.not_found",
  /** The date was not accepted (requests, rejections, cancellations have no review). */
  notAccepted: "exception.reviews.not_accepted",
  /** The date has not ended yet. */
  notYet: "exception.reviews.not_yet",
  /** More than 7 days after the date's end. */
  windowClosed: "exception.reviews.window_closed",
  /** One review per member and date. */
  alreadyReviewed: "exception.reviews.already_reviewed",
  /** Only the reviewed member answers, once, and only a published review. */
  commentNotAllowed: "exception.reviews.comment_not_allowed",
  alreadyCommented: "exception.reviews.already_commented",
  /** A profile whose received reviews are not shown (date_review_display, or a client's page). */
  hidden: "exception.reviews.hidden",
  /** Nothing to unlock: no published review, or the reader already reads it for free. */
  unlockNotNeeded: "exception.reviews.unlock_not_needed",
} as const;

/** ProstSchG §32 (DESIGN §8): a review offering or praising sex without a condom is refused at its field. */
const lawfulText = v.check(
  (input: string) => findProstSchGTerm(input) === null,
  (issue: v.CheckIssue<string>) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
);

/** One criterion's rating, 1 to 5. */
export const reviewRatingSchema = v.pipe(
  v.number("validation.reviews.rating_required"),
  v.integer("validation.reviews.rating_required"),
  v.minValue(REVIEW_RATING_MIN, "validation.reviews.rating_required"),
  v.maxValue(REVIEW_RATING_MAX, "validation.reviews.rating_required"),
);

/**
 * POST /reviews/{date_id}: one rating per criterion of the reviewed party (others are refused by the service, which
 * knows the party), the three answers, punctuality and the text.
 */
export const reviewInputSchema = v.strictObject(
  {
    ratings: v.record(v.picklist(REVIEW_CRITERION_KEYS, "validation.invalid"), reviewRatingSchema, "validation.reviews.rating_required"),
    would_you_recommend_this_user: v.picklist(REVIEW_ANSWERS, "validation.reviews.answer_required"),
    profile_match_reality: v.picklist(REVIEW_ANSWERS, "validation.reviews.answer_required"),
    would_you_come_again: v.picklist(REVIEW_ANSWERS, "validation.reviews.answer_required"),
    punctuality: v.picklist(REVIEW_PUNCTUALITY, "validation.reviews.punctuality_required"),
    text: v.pipe(
      // Also a missing text says its bounds (the message with its numbers, as the length checks give it).
      v.string(`validation.reviews.text_length?min=${REVIEW_TEXT_MIN}&max=${REVIEW_TEXT_MAX}`),
      v.trim(),
      v.minLength(REVIEW_TEXT_MIN, `validation.reviews.text_length?min=${REVIEW_TEXT_MIN}&max=${REVIEW_TEXT_MAX}`),
      v.maxLength(REVIEW_TEXT_MAX, `validation.reviews.text_length?min=${REVIEW_TEXT_MIN}&max=${REVIEW_TEXT_MAX}`),
      lawfulText,
    ),
  },
  "validation.invalid",
);
export type ReviewInput = v.InferOutput<typeof reviewInputSchema>;

/** POST /reviews/{review_id}/comment. */
export const reviewCommentSchema = v.strictObject(
  {
    comment: v.pipe(
      v.string(`validation.reviews.comment_length?min=${REVIEW_COMMENT_MIN}&max=${REVIEW_COMMENT_MAX}`),
      v.trim(),
      v.minLength(REVIEW_COMMENT_MIN, `validation.reviews.comment_length?min=${REVIEW_COMMENT_MIN}&max=${REVIEW_COMMENT_MAX}`),
      v.maxLength(REVIEW_COMMENT_MAX, `validation.reviews.comment_length?min=${REVIEW_COMMENT_MIN}&max=${REVIEW_COMMENT_MAX}`),
      lawfulText,
    ),
  },
  "validation.invalid",
);
export type ReviewCommentInput = v.InferOutput<typeof reviewCommentSchema>;

export const reviewListQuerySchema = v.strictObject(
  {
    page: pageQueryParamUpTo(REVIEW_LIST_MAX_PAGE),
  },
  "validation.invalid",
);

/** A member as a reader may see them; null when the account is gone or hidden from the reader. */
export interface ReviewMember {
  username: string;
  display_name: string;
}

/** One review as a reader sees it. */
export interface ReviewItem {
  id: number;
  date_id: number;
  /** The author; null when gone or hidden from the reader (a block). */
  author: ReviewMember | null;
  /** Which criteria apply: the reviewed member's party. */
  party: ReviewedParty;
  /** 1–5 per criterion of the party. */
  ratings: Partial<Record<ReviewCriterion, number>>;
  /** The mean of the ratings, one decimal. */
  rating: number;
  answers: Record<ReviewQuestion, ReviewAnswer>;
  punctuality: ReviewPunctuality;
  /** null while locked for this reader (REVIEW_UNLOCK). */
  text: string | null;
  /** The reviewed member's answer; null when there is none or it is locked. */
  comment: string | null;
  text_locked: boolean;
  created_at: number;
  /** When both reviews of the date became visible; null while blind. */
  published_at: number | null;
}

/** The averages over a member's published reviews. */
export interface ReviewAverages {
  count: number;
  /** Mean of the reviews' ratings, one decimal; null without reviews. */
  average: number | null;
  /** Per criterion of the member's party (null where no review rated it). */
  criteria: Array<{ criterion: ReviewCriterion; average: number | null }>;
  /** Share of yes answers per question, 0–100 (null without reviews). */
  questions: Array<{ question: ReviewQuestion; yes_percent: number | null }>;
}

/** GET /reviews/user/{username}: the published reviews a member received, newest first. */
export interface ReviewList {
  username: string;
  party: ReviewedParty;
  summary: ReviewAverages;
  items: ReviewItem[];
  page: number;
  page_size: number;
  total: number;
  /** What unlocking a date's texts costs this reader (null when they read every text for free). */
  unlock: ReviewUnlockPrice | null;
}

/** A review of an escort a business lists, naming her (GET /reviews/user/{username}/escorts). */
export interface LinkedEscortReviewItem extends ReviewItem {
  /** The reviewed escort, linked to her profile. */
  escort: ReviewMember;
}

/**
 * GET /reviews/user/{username}/escorts: a business's "reviews" tab, the published reviews of the escorts who
 * accepted its link, newest first, each escort's shown as her own tab shows them (no averages across escorts).
 */
export interface LinkedEscortReviewList {
  username: string;
  items: LinkedEscortReviewItem[];
  page: number;
  page_size: number;
  total: number;
  unlock: ReviewUnlockPrice | null;
}

/** The unlock's price in the list (contract/prices PRICES.review_unlock, in its currency's unit). */
export type ReviewUnlockPrice = Pick<PaymentOffer, "price" | "currency">;

/** GET /reviews/{date_id}: the date's reviews as one of its two members sees them. */
export interface DateReviews {
  date_id: number;
  /** The other member of the date. */
  other: ReviewMember;
  starts_at: number;
  ends_at: number;
  /** The window: from the end of the date, 7 days. */
  window_opens_at: number;
  window_closes_at: number;
  window: "not_yet" | "open" | "closed";
  /** The party the other member is reviewed as, and the criteria of the form. */
  party: ReviewedParty;
  criteria: ReviewCriterion[];
  mine: ReviewItem | null;
  /** The other's review of me: only once published (blind reveal); until then `theirs_written` says whether it exists. */
  theirs: ReviewItem | null;
  theirs_written: boolean;
  can_review: boolean;
  /** I may answer their published review (once). */
  can_comment: boolean;
}

/** POST /reviews/{date_id} and /reviews/{review_id}/comment: the date's reviews after the change. */
export type DateReviewsAnswer = DateReviews;

/** GET /reviews/{date_id}/unlock: what reading a date's reviews costs the reader (item 5). */
export interface ReviewUnlockInfo extends PaymentOffer {
  date_id: number;
  payer: typeof REVIEW_UNLOCK.payer;
  /** The reader already reads these texts (participant, plus member, or paid before). */
  unlocked: boolean;
}

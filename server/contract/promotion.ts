/**
 * Rise-up and profile promotion (issue 27 item 3, ADR 084): what the promotion page reads and the rise-up purchase
 * ("rise_up and buy", spec section 7) sends and answers. The numbers and statuses are in contract/wallet.ts, the
 * prices in contract/prices.ts. Times epoch ms, amounts whole dollars.
 */
import * as v from "valibot";
import type { MediaImage } from "./media";
import type { PromotedProfile } from "./promoted";
import type { Price } from "./prices";
import { pageQueryParam } from "./paging";
import { MAX_ROW_ID } from "./row-id";
import type { PromotionCode, PromotionRejectedCode, PromotionStatus, PromotionType, RiseUpBand, TokenOperationAnswer } from "./wallet";
import { moneyKeySchema } from "./wallet";

export const PROMOTION_ERRORS = {
  /** Only escorts and businesses have a profile to promote. */
  providersOnly: "exception.promotion.providers_only",
  /** The chosen photo is none of the member's accepted public photos (or another member's). */
  photoNotFound: "exception.promotion.photo_not_found",
  /** The team's decision about a promotion nobody may decide (unknown id, or not a promotion profile). */
  notFound: "exception.promotion.not_found",
  /** A second decision about a promotion the team decided already (a double click, two staff at once). */
  alreadyDecided: "exception.promotion.already_decided",
} as const;

/** POST /promotions/rise-up: the idempotency key the page rendered (a retry sends it again). */
export const riseUpBuySchema = v.object({ key: moneyKeySchema });
export type RiseUpBuyInput = v.InferOutput<typeof riseUpBuySchema>;

// ── The promotion profile (ADR 084, 090) ───────────────────────────────────────────────────────────────────────

/** The promotion profile's headline: short, shown beside the chosen photo in the promoted slot. */
export const PROMOTION_TEXT_MIN = 10;
export const PROMOTION_TEXT_MAX = 120;

/**
 * The reasons the team may give when it refuses a promotion profile (a subset of contract/wallet
 * PROMOTION_REJECTED_CODES; the other two are decided at the purchase): `content` — the headline or the photo may not
 * be shown (adult content on a public page, contact data, offers the law forbids); `not_listed` — the profile is not in
 * search any more (paused, hidden, incomplete), so the promotion would show nothing. Either way the dollars go back.
 */
export const PROMOTION_REVIEW_REJECT_CODES = ["content", "not_listed"] as const satisfies readonly PromotionRejectedCode[];
export type PromotionReviewRejectCode = (typeof PROMOTION_REVIEW_REJECT_CODES)[number];

/**
 * The promoted slot above a city's directory page and the search's first page (docs/search-ranking.md): at most this
 * many running promotion profiles; with more candidates they take turns, each window of PROMOTED_ROTATION_MINUTES
 * moving the start of the round by one, so over a round every candidate shows equally often.
 */
export const PROMOTED_SLOTS = 3;
export type { PromotedProfile };
export const PROMOTED_ROTATION_MINUTES = 10;

/** POST /promotions/profile: the page's idempotency key, the headline and one of the member's public photos. */
export const profilePromotionBuySchema = v.object(
  {
    key: moneyKeySchema,
    text: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.minLength(PROMOTION_TEXT_MIN, `validation.steps.too_short?min=${PROMOTION_TEXT_MIN}`),
      v.maxLength(PROMOTION_TEXT_MAX, `validation.steps.too_long?max=${PROMOTION_TEXT_MAX}`),
    ),
    media_id: v.pipe(
      v.number("validation.promotion.photo_required"),
      v.integer(PROMOTION_ERRORS.photoNotFound),
      v.minValue(1, PROMOTION_ERRORS.photoNotFound),
      v.maxValue(MAX_ROW_ID, PROMOTION_ERRORS.photoNotFound),
    ),
  },
  "validation.required",
);
export type ProfilePromotionBuyInput = v.InferOutput<typeof profilePromotionBuySchema>;

/** POST /backoffice/promotions/:id: the team accepts, or rejects with one of its reason codes (then the dollars go back). */
export const promotionDecisionSchema = v.variant(
  "decision",
  [
    v.object({ decision: v.literal("accept") }),
    v.object({
      decision: v.literal("reject"),
      reason: v.picklist(PROMOTION_REVIEW_REJECT_CODES, "validation.promotion.reason_required"),
    }),
  ],
  "validation.invalid",
);
export type PromotionDecisionInput = v.InferOutput<typeof promotionDecisionSchema>;

/** One of the member's photos a promotion profile may show (accepted and public: the slot is on public pages). */
export interface PromotionPhoto {
  id: number;
  image: MediaImage;
}

/** What a promotion profile shows, as its owner and the team read it. */
export interface PromotionProfileContent {
  text: string;
  photo: PromotionPhoto | null;
}

/** One promotion profile waiting for the team (GET /backoffice/promotions). */
export interface PromotionReviewItem {
  id: number;
  member: { id: number; username: string; display_name: string; user_type: number; listed: boolean };
  content: PromotionProfileContent;
  price: number;
  created_at: number;
}

/** GET /backoffice/promotions: the pending promotion profiles, oldest first. */
export interface PromotionReviewQueue {
  items: PromotionReviewItem[];
  total: number;
  page: number;
  page_size: number;
}
export const PROMOTION_REVIEW_PAGE_SIZE = 20;
export const promotionReviewQuerySchema = v.strictObject({ page: pageQueryParam }, "validation.invalid");

/** POST /backoffice/promotions/:id: the decided promotion and, for a rejection, the refund's ledger operation. */
export interface PromotionDecisionAnswer {
  promotion: PromotionItem;
  refund_operation_id: number | null;
}

/** One promotion of the member's, as the history and a purchase's answer show it. */
export interface PromotionItem {
  id: number;
  type: PromotionType;
  status: PromotionStatus;
  /** Why it was accepted or rejected (contract/wallet PROMOTION_*_CODES); null while pending. */
  code: PromotionCode | null;
  /** Dollars paid (0 for a free one and for a refusal). */
  price: number;
  /** When it runs (null unless accepted). */
  starts_at: number | null;
  ends_at: number | null;
  /** Accepted and running at this moment. */
  running: boolean;
  created_at: number;
  /** A promotion profile's headline and photo (null for a rise-up). */
  content: PromotionProfileContent | null;
  /** The dollars a rejection gave back (a promotion profile the team refused), else 0. */
  refunded: number;
}

/** GET /promotions: the promotion page of the signed-in member. */
export interface PromotionOverview {
  /** Escorts and businesses may buy; a client reads what promotion is. */
  can_buy: boolean;
  /** The profile is listed in search (a promotion of an unlisted profile would show nothing). */
  listed: boolean;
  rise_up: {
    price: Price;
    hours: number;
    /** The member's running plus brings free rise-ups (escorts and businesses). */
    plus_free: boolean;
    /** Free rise-ups a running plus brings a calendar month, and how many of them are left this month. */
    free_per_month: number;
    free_left: number;
    /** The running rise-up, if any. */
    running: PromotionItem | null;
    /** When the profile last rose and its band (contract/wallet RISE_UP_BANDS); null when it never did. */
    risen_at: number | null;
    band: RiseUpBand | null;
  };
  /** The promotion profile (ADR 090): price, days, the photos it may show, the one waiting or running. */
  profile: {
    price: Price;
    days: number;
    text_max: number;
    photos: PromotionPhoto[];
    /** The member's promotion profile waiting for the team, or running now (one at a time). */
    pending: PromotionItem | null;
    running: PromotionItem | null;
  };
  /** The spendable dollars now. */
  balance: number;
  /** The member's latest promotions, newest first (at most PROMOTION_HISTORY_SIZE). */
  history: PromotionItem[];
}

/** The history's length on the promotion page. */
export const PROMOTION_HISTORY_SIZE = 20;

/** POST /promotions/rise-up: the promotion as recorded and its token operation; the same on every retry with the key. */
export interface RiseUpAnswer {
  promotion: PromotionItem;
  operation: TokenOperationAnswer;
}

/** POST /promotions/profile: the promotion as recorded (pending: the team reviews it) and its token operation. */
export type ProfilePromotionAnswer = RiseUpAnswer;

/** This feature's declared success bodies (ADR 041, 067). */
export interface PromotionBodies {
  PromotionOverview: PromotionOverview;
  PromotionItem: PromotionItem;
  RiseUpAnswer: RiseUpAnswer;
  ProfilePromotionAnswer: ProfilePromotionAnswer;
  PromotionReviewQueue: PromotionReviewQueue;
  PromotionDecisionAnswer: PromotionDecisionAnswer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PromotionBodies {}
}

/**
 * Rise-up and profile promotion (issue 27 item 3, ADR 084): what the promotion page reads and the rise-up purchase
 * ("rise_up and buy", spec section 7) sends and answers. The numbers and statuses are in contract/wallet.ts, the
 * prices in contract/prices.ts. Times epoch ms, amounts whole dollars.
 */
import * as v from "valibot";
import type { Price } from "./prices";
import type { PromotionCode, PromotionStatus, PromotionType, RiseUpBand, TokenOperationAnswer } from "./wallet";
import { moneyKeySchema } from "./wallet";

export const PROMOTION_ERRORS = {
  /** Only escorts and businesses have a profile to promote. */
  providersOnly: "exception.promotion.providers_only",
} as const;

/** POST /promotions/rise-up: the idempotency key the page rendered (a retry sends it again). */
export const riseUpBuySchema = v.object({ key: moneyKeySchema });
export type RiseUpBuyInput = v.InferOutput<typeof riseUpBuySchema>;

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

/** This feature's declared success bodies (ADR 041, 067). */
export interface PromotionBodies {
  PromotionOverview: PromotionOverview;
  PromotionItem: PromotionItem;
  RiseUpAnswer: RiseUpAnswer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PromotionBodies {}
}

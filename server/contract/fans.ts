/**
 * Fan subscriptions (issue 28 item 3, ADR 094): the request bodies, answers and error keys of the fans group. The
 * codes and limits (FAN_SUBSCRIPTION_STATUS, FAN_TIERS_MAX, FAN_PRICE_*, FAN_PERIOD_MONTHS) are in contract/creators.ts,
 * written once; this file adds what only the fans pages and API need.
 */
import * as v from "valibot";
import { FAN_PRICE_MAX, FAN_PRICE_MIN, FAN_SUBSCRIPTION_STATUS, type FanSubscriptionStatus } from "./creators";
import { DOLLAR_PACKAGES, type TokenOperationAnswer } from "./wallet";

const invalid = "validation.invalid";

/** A tier's name: short, shown as a heading on the offer. */
export const FAN_TIER_NAME_MAX = 60;
/** What the creator promises in a tier, in their words. */
export const FAN_BENEFITS_MAX = 1000;

/** The error keys of the fans answers (translated in the `fans` namespace of the web tier). */
export const FAN_ERRORS = {
  /** A tier name empty or longer than FAN_TIER_NAME_MAX. */
  name: "exception.fans.tier_name",
  /** A price that is no whole number of dollars in FAN_PRICE_MIN..FAN_PRICE_MAX. */
  price: "exception.fans.price",
  /** Benefits longer than FAN_BENEFITS_MAX. */
  benefits: "exception.fans.benefits",
  /** The creator has FAN_TIERS_MAX tiers already (params max). */
  tiersFull: "exception.fans.tiers_full",
  /** Only escorts and businesses offer fan subscriptions (and only they can be subscribed to). */
  notCreator: "exception.fans.not_creator",
  /** Subscribing to oneself. */
  self: "exception.fans.self",
  /** Staff accounts do not subscribe. */
  staff: "exception.fans.staff",
  /** Unknown, not the caller's, not visible to the caller, inactive or separated by a block: answered alike. */
  notFound: "exception.fans.not_found",
  /** The caller holds a live subscription to this creator already (another tier, or cancelled: undo instead). */
  alreadySubscribed: "exception.fans.already_subscribed",
  /** Cancel of a subscription that is not running. */
  notRunning: "exception.fans.not_running",
  /** Undo of a subscription that is not cancelled, or whose paid period is over. */
  notCancelled: "exception.fans.not_cancelled",
} as const;

/** "dollars" from the wallet, "card" through the checkout's fans good (fan_subscriptions.method). */
export const FAN_PAYMENT_METHODS = ["dollars", "card"] as const;
export type FanPaymentMethod = (typeof FAN_PAYMENT_METHODS)[number];

/** The status codes by name, for pages and tests (the API answers both). */
export const fanStatusName = (status: number): keyof typeof FAN_SUBSCRIPTION_STATUS =>
  status === FAN_SUBSCRIPTION_STATUS.cancel ? "cancel" : "running";

/** An id as a path, body or form carries it. */
const idSchema = v.pipe(
  v.union([v.number(invalid), v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number))], invalid),
  v.integer(invalid),
  v.minValue(1, invalid),
);

/** A monthly price in whole dollars; a form gives digits ("2.5", "-5" are refused, never rounded). */
const priceSchema = v.pipe(
  v.union([v.number(FAN_ERRORS.price), v.pipe(v.string(FAN_ERRORS.price), v.regex(/^\d{1,7}$/, FAN_ERRORS.price), v.transform(Number))]),
  v.integer(FAN_ERRORS.price),
  v.minValue(FAN_PRICE_MIN, FAN_ERRORS.price),
  v.maxValue(FAN_PRICE_MAX, FAN_ERRORS.price),
);

/** POST /fans/tiers and PUT /fans/tiers/{id}: a tier as the creator writes it. */
export const fanTierSchema = v.object({
  name: v.pipe(v.string(FAN_ERRORS.name), v.trim(), v.minLength(1, FAN_ERRORS.name), v.maxLength(FAN_TIER_NAME_MAX, FAN_ERRORS.name)),
  price: priceSchema,
  benefits: v.optional(v.pipe(v.string(FAN_ERRORS.benefits), v.trim(), v.maxLength(FAN_BENEFITS_MAX, FAN_ERRORS.benefits)), ""),
  /** false hides the tier from new subscribers; its running subscriptions go on. */
  is_active: v.optional(
    v.union([
      v.boolean(invalid),
      v.pipe(
        v.picklist(["0", "1"], invalid),
        v.transform((s) => s === "1"),
      ),
    ]),
    true,
  ),
});
export type FanTierInput = v.InferInput<typeof fanTierSchema>;

/** POST /fans/subscriptions: subscribe to a tier with dollars (card goes through the checkout's fans good). */
export const fanSubscribeSchema = v.object({ tier_id: idSchema });

/** The creator a tier or subscription belongs to, as pages show them. */
export interface FanCreator {
  user_id: number;
  username: string;
  display_name: string;
}

export interface FanTier {
  id: number;
  /** 1..FAN_TIERS_MAX, the order shown. */
  position: number;
  name: string;
  /** Whole dollars a month. */
  price: number;
  benefits: string;
  is_active: boolean;
}

export interface FanSubscriptionItem {
  id: number;
  creator: FanCreator;
  tier_id: number;
  tier_name: string;
  /** The monthly price this subscription renews at (the tier's price when it started). */
  price: number;
  status: FanSubscriptionStatus;
  status_name: keyof typeof FAN_SUBSCRIPTION_STATUS;
  method: FanPaymentMethod;
  period_start: number;
  /** The fans-only media open until here; a running subscription renews here. */
  paid_until: number;
  periods_paid: number;
  created_at: number;
  cancelled_at: number | null;
  ended_at: number | null;
  /** Paid for now (not ended, paid_until in the future): what opens the creator's fans-only media. */
  active: boolean;
  /**
   * The next month is charged by itself unless cancelled: dollars from the wallet, or a card with the stored payment of
   * its last order. A card month without one (bought before card renewals existed) ends at paid_until.
   */
  renews: boolean;
}

/** GET /fans/offer/{username}: a creator's tiers and the viewer's live subscription to them. */
export interface FanOffer {
  creator: FanCreator;
  /** The active tiers in their order (empty: the creator offers none). */
  tiers: FanTier[];
  /** The viewer's live subscription to this creator, or null (guests: null). */
  subscription: FanSubscriptionItem | null;
  /** Whether the viewer may subscribe now (signed in, not the creator, not staff, no live subscription). */
  may_subscribe: boolean;
  /** Whether the viewer is the creator (the page links to the tier settings instead). */
  own: boolean;
  /** The viewer's spendable dollars (0 for guests): the page says whether they cover a tier. */
  balance: number;
  period_months: number;
}

/** POST /fans/subscriptions: the subscription and what the first period moved. */
export interface FanSubscribeAnswer {
  subscription: FanSubscriptionItem;
  operation: TokenOperationAnswer;
}

/** GET /fans/subscriptions: the caller's subscriptions, live ones first, then the ended ones (newest first). */
export interface FanSubscriptionList {
  items: FanSubscriptionItem[];
}

/** GET /fans/tiers and its changes: the creator's own tiers, inactive ones too. */
export interface FanTierList {
  tiers: FanTier[];
  max: number;
  price_min: number;
  price_max: number;
}

export interface FanSubscriber {
  subscription_id: number;
  username: string;
  display_name: string;
  tier_name: string;
  price: number;
  status: FanSubscriptionStatus;
  status_name: keyof typeof FAN_SUBSCRIPTION_STATUS;
  created_at: number;
  paid_until: number;
}

/** A calendar month's (operator's zone) fan earnings: the periods paid and the dollars. */
export interface FanEarningsMonth {
  month: string;
  periods: number;
  amount: number;
}

/** GET /fans/subscribers: the creator's live subscribers and the earnings per month (newest first). */
export interface FanSubscribers {
  subscribers: FanSubscriber[];
  running: number;
  cancelled: number;
  earnings: FanEarningsMonth[];
}

/** The ledger key and reference of one paid period: the renewal job may run twice, the period is charged once. */
export const fanPeriodKey = (subscriptionId: number, period: number) => `fans:${subscriptionId}:${period}`;

// ── Paying by card: the checkout's fans good (ADR 094) ─────────────────────────────────────────────────────────

/** The rate a fan month by card is priced at: the smallest dollar package's, so a card costs what buying the dollars would. */
const CARD_RATE = DOLLAR_PACKAGES[0];
/** A tier's month by card, in euro cents including VAT (10 dollars: 1.90 €). */
export const fanCardCents = (dollars: number) => Math.round((dollars * CARD_RATE.priceCents) / CARD_RATE.dollars);
/** The dollars a paid card order bought: they pass through the fan's wallet to the creator's pending earnings. */
export const fanCardDollars = (cents: number) => Math.floor((cents * CARD_RATE.dollars) / CARD_RATE.priceCents);
/** The checkout's sku of a tier's month by card. */
export const fanCardSku = (tierId: number) => `fans-tier-${tierId}`;
/** The translation key of a fan month on the checkout's pages, its renewals' orders and the invoice (namespace checkout). */
export const FAN_CARD_TITLE_KEY = "checkout.fans_month";
export function parseFanCardSku(sku: string): number | null {
  const match = /^fans-tier-([1-9]\d{0,9})$/.exec(sku);
  return match ? Number(match[1]) : null;
}

/** POST /fans/card-choice: the tier the member wants to pay by card; the checkout's fans good offers it next. */
export const fanCardChoiceSchema = v.object({ tier_id: idSchema });

/** POST /fans/card-choice: the checkout's sku of the chosen tier (the page goes on to the checkout with it). */
export interface FanCardChoice {
  sku: string;
  gross_cents: number;
}

export interface FansBodies {
  FanCardChoice: FanCardChoice;
  FanOffer: FanOffer;
  FanSubscribeAnswer: FanSubscribeAnswer;
  FanSubscriptionItem: FanSubscriptionItem;
  FanSubscriptionList: FanSubscriptionList;
  FanTierList: FanTierList;
  FanSubscribers: FanSubscribers;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends FansBodies {}
}

/**
 * Gifts, token rewards and the share page (issue 27 item 4, ADR 085): the numbers, request schemas and answers both
 * tiers share. The dollars' general vocabulary (idempotency keys, TokenOperationAnswer, web paths) is in
 * contract/wallet.ts; this file adds only what belongs to gifts and rewards.
 *
 * Units: whole dollars.
 */
import * as v from "valibot";
import type { TokenOperationAnswer } from "./wallet";
import { moneyKeySchema } from "./wallet";
import { pageQueryParam } from "./paging";
import { usernameSchema } from "./validation";

// ── Gifts of dollars ───────────────────────────────────────────────────────────────────────────────────────────

/** The smallest and largest gift of dollars (a gift larger than the biggest package is more likely a mistake or fraud). */
export const GIFT_MIN = 1;
export const GIFT_MAX = 1000;
/** The optional short message shown to the receiver. */
export const GIFT_MESSAGE_MAX = 140;
/** The gift lists' page size (sent and received each). */
export const GIFT_PAGE_SIZE = 20;
/**
 * A received gift can be sent back (RESUME_GIFT) for this many days, while the wallet still covers it: gifts arrive
 * at once (no escrow), so "resume gift" is the receiver's refusal, not a job (ADR 085).
 */
export const GIFT_RETURN_DAYS = 14;

/** A gift's state: recorded before the ledger moves (`pending`), then what the ledger answered; `returned` after RESUME_GIFT. */
export const GIFT_STATUSES = ["pending", "succeeded", "insufficient", "returned"] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

const amountField = v.pipe(
  v.union([v.number("validation.gifts.amount"), v.string("validation.gifts.amount")], "validation.gifts.amount"),
  v.transform((value) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
  v.number("validation.gifts.amount"),
  v.integer("validation.gifts.amount"),
  v.minValue(GIFT_MIN, "validation.gifts.amount"),
  v.maxValue(GIFT_MAX, "validation.gifts.amount"),
);

/** POST /gifts: a gift of dollars to a member by username, confirmed once, under the client's idempotency key. */
export const sendGiftSchema = v.object(
  {
    username: usernameSchema,
    amount: amountField,
    message: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.trim(),
        v.maxLength(GIFT_MESSAGE_MAX, `validation.gifts.message_too_long?max=${GIFT_MESSAGE_MAX}`),
      ),
      "",
    ),
    key: moneyKeySchema,
  },
  "validation.required",
);
export type SendGiftInput = v.InferInput<typeof sendGiftSchema>;

/** GET /gifts?direction=&page=: one page of the viewer's sent or received gifts. */
export const GIFT_DIRECTIONS = ["sent", "received"] as const;
export type GiftDirection = (typeof GIFT_DIRECTIONS)[number];
export const giftListQuerySchema = v.object({
  direction: v.optional(v.picklist(GIFT_DIRECTIONS, "validation.invalid"), "received"),
  page: pageQueryParam,
});

/** The other member of a gift as the viewer sees them (null: the account is gone). */
export interface GiftMember {
  username: string;
  display_name: string;
}

export interface GiftItem {
  id: number;
  direction: GiftDirection;
  /** The sender for a received gift, the receiver for a sent one. */
  other: GiftMember | null;
  amount: number;
  message: string;
  status: GiftStatus;
  created_at: number;
  /** Until when the receiver may send it back; null when no longer (returned, too old, or a sent gift). */
  returnable_until: number | null;
}

export interface GiftList {
  items: GiftItem[];
  direction: GiftDirection;
  page: number;
  page_size: number;
  total: number;
  /** The viewer's spendable dollars now (the send form shows the balance before and after). */
  balance: number;
}

/** POST /gifts answers the token operation (contract/wallet) and the gift it recorded. */
export interface GiftSent extends TokenOperationAnswer {
  gift_id: number;
}

// ── Gift membership (checkout goods "gift") ────────────────────────────────────────────────────────────────────

/**
 * A gift membership's sku: the one-off plus package and the recipient's user id, so the order keeps the recipient
 * (orders.sku) and the quote validates both again: `plus_client_3m_once@1234`. Only one-off packages: a gifted
 * membership never renews.
 */
export const GIFT_SKU_SEPARATOR = "@";
export const giftMembershipSku = (packageId: string, recipientId: number) => `${packageId}${GIFT_SKU_SEPARATOR}${recipientId}`;
export function parseGiftMembershipSku(sku: string): { packageId: string; recipientId: number } | null {
  const match = /^([a-z0-9_]{1,40})@([1-9]\d{0,9})$/.exec(sku);
  return match ? { packageId: match[1]!, recipientId: Number(match[2]) } : null;
}

/** POST /gifts/membership-recipient: who the next gift membership is for (the checkout's goods step offers their packages). */
export const giftRecipientSchema = v.object({ username: usernameSchema }, "validation.required");
export type GiftRecipientInput = v.InferInput<typeof giftRecipientSchema>;

export interface GiftRecipient {
  username: string;
  display_name: string;
  /** The first package's sku, for the checkout link (the goods step lists them all). */
  sku: string;
}

// ── Token rewards ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The rewards (REWARD) the platform grants once per member for real actions, with their dollars (ADR 085):
 * - `email_verified`: the member confirmed their e-mail address;
 * - `first_review`: the member wrote their first date review;
 * - `invite_verified`: a member who signed up with the member's invite link confirmed their e-mail address.
 */
export const TOKEN_REWARDS = [
  { kind: "email_verified", dollars: 5 },
  { kind: "first_review", dollars: 10 },
  { kind: "invite_verified", dollars: 20 },
] as const;
export type TokenRewardKind = (typeof TOKEN_REWARDS)[number]["kind"];
/** The ledger key of a reward: once per member and kind, whoever asks how often. */
export const rewardKey = (kind: TokenRewardKind, memberId: number) => `reward:${kind}:${memberId}`;

export interface TokenRewardItem {
  kind: TokenRewardKind;
  dollars: number;
  /** When it was granted; null while not granted. */
  granted_at: number | null;
  /**
   * Earned (the database shows the action) but not granted yet: an action from before rewards existed or completed
   * where no hook grants it. The page offers to claim it (POST /wallets/rewards/claim); a GET never grants.
   */
  claimable: boolean;
}

export interface TokenRewardList {
  items: TokenRewardItem[];
  /** Dollars earned by rewards so far. */
  earned: number;
}

// ── Share page ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface ShareState {
  /** The member's personal invitation code (the link is /{lang}/invitation-code/{code}). */
  code: string;
  /** Members who signed up with it, and how many of them confirmed their e-mail address. */
  signed_up: number;
  verified: number;
  /** Dollars the invite reward brought (0 until an invited member verified). */
  earned: number;
}

/** This feature's declared success bodies; they join ResponseBodies by declaration merging (ADR 067). */
export interface GiftsBodies {
  GiftSent: GiftSent;
  GiftList: GiftList;
  GiftItem: GiftItem;
  GiftRecipient: GiftRecipient;
  TokenRewardList: TokenRewardList;
  ShareState: ShareState;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends GiftsBodies {}
}

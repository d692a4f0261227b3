/**
 * Tips (issue 27 item 3, ADR 082): the request bodies and answers of the wallets group's tip, tip-amount and
 * can-tip-media (spec section 7 "wallets"). The numbers (amounts, minimum, monthly limit, timings) are in
 * contract/wallet.ts, written once.
 */
import * as v from "valibot";
import { TIP_MIN, moneyKeySchema, type TipTarget, type TokenOperationAnswer } from "./wallet";

const invalid = "validation.invalid";

/** The error keys the tip answers carry (translated in the `tips` namespace of the web tier). */
export const TIP_ERRORS = {
  /** Not a whole number of dollars, or below TIP_MIN. */
  amount: "exception.tips.amount_invalid",
  /** Above what is left of the payer's monthly limit: params `remaining` and `limit`. */
  overLimit: "exception.tips.monthly_limit",
  /** The payer is the receiver. */
  self: "exception.tips.self",
  /** The receiver is not an escort or business, or may not receive now (paused, deleted, banned). */
  cannotReceive: "exception.tips.cannot_receive",
  /** Staff accounts do not tip. */
  staff: "exception.tips.staff",
  /** Unknown, unlisted, not visible to the payer or separated by a block: answered alike. */
  notFound: "exception.tips.not_found",
  /** The idempotency key was used for another tip (another amount, receiver or payer). */
  keyReused: "exception.tips.key_reused",
} as const;

/** What a member can tip from the API: a profile or a medium (live streams call the service from their own issue). */
export const API_TIP_TARGETS = ["profile", "medium"] as const satisfies readonly TipTarget[];
export type ApiTipTarget = (typeof API_TIP_TARGETS)[number];

/**
 * A tip's amount: a whole number of dollars, at least TIP_MIN. JSON gives a number; a form or a query string gives
 * digits, which are read as the number they spell ("2.5", "abc", "-5" are refused, never rounded).
 */
export const tipAmountSchema = v.pipe(
  v.union(
    [v.number(TIP_ERRORS.amount), v.pipe(v.string(TIP_ERRORS.amount), v.regex(/^\d{1,7}$/, TIP_ERRORS.amount), v.transform(Number))],
    TIP_ERRORS.amount,
  ),
  v.integer(TIP_ERRORS.amount),
  v.minValue(TIP_MIN, TIP_ERRORS.amount),
);

/** The receiver's id as the path or body carries it: a profile's owner's user id, or a medium's id. */
const targetIdSchema = v.pipe(
  v.union([v.number(invalid), v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number))], invalid),
  v.integer(invalid),
  v.minValue(1, invalid),
);

/** POST /wallets/tip: what is tipped, how much, under the client's idempotency key (a retry answers the first result). */
export const tipSchema = v.object({
  target: v.picklist(API_TIP_TARGETS, invalid),
  id: targetIdSchema,
  amount: tipAmountSchema,
  key: moneyKeySchema,
});
export type TipInput = v.InferInput<typeof tipSchema>;

/** GET /wallets/tip-amount: the amounts and the viewer's monthly limit; with a target (and amount) also the quote. */
export const tipAmountQuerySchema = v.object({
  target: v.optional(v.picklist(API_TIP_TARGETS, invalid)),
  id: v.optional(targetIdSchema),
  amount: v.optional(tipAmountSchema),
});

/** Who receives a tip, as the confirmation shows them. */
export interface TipReceiver {
  user_id: number;
  username: string;
  display_name: string;
}

/**
 * GET /wallets/tip-amount: the buttons, the minimum, the viewer's monthly limit and what is left of it, the balance;
 * with `target` and `id` the receiver, with `amount` too the checked quote (the balance after; 409 over the limit).
 */
export interface TipAmount {
  amounts: number[];
  min: number;
  monthly_limit: number;
  /** Tipped this calendar month (Europe/Berlin). */
  used: number;
  remaining: number;
  /** The viewer's spendable dollars now. */
  balance: number;
  receiver: TipReceiver | null;
  amount: number | null;
  /** The balance after this tip, or null when the balance does not cover it (then the page offers buying dollars). */
  balance_after: number | null;
}

/** GET /wallets/can-tip-media/{id}: whether the viewer may tip this medium (logged in, not the owner, visible, owner can receive). */
export interface CanTipMedia {
  medium_id: number;
  can_tip: boolean;
}

/** POST /wallets/tip and GET /wallets/tip/{key}: the token operation (contract/wallet), with the tip's receiver. */
export interface TipAnswer extends TokenOperationAnswer {
  /** The client's key as it sent it (without the ledger's `tip:` prefix). */
  key: string;
  receiver: TipReceiver | null;
}

/** The key under which the ledger stores a tip's operation: one key never pays for two different things. */
export const tipLedgerKey = (clientKey: string) => `tip:${clientKey}`;

// The numbers a page needs before it asks the API: in ./tip-amounts (free of valibot, read in the browser).
export { TIP_FORM } from "./tip-amounts";

export interface TipsBodies {
  TipAnswer: TipAnswer;
  TipAmount: TipAmount;
  CanTipMedia: CanTipMedia;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends TipsBodies {}
}

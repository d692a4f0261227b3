/**
 * Earnings and payouts (issue 27 items 5–7, ADR 086): the bodies of the payout pages and the back office's payout
 * batches, their schemas and error keys. The spec's numbers (PAYOUT_MIN, PAYOUT_MAX_ONGOING, the secure code's length
 * and tries, the IBAN block, the statuses) are in contract/wallet.ts; this file only uses them.
 */
import * as v from "valibot";
import type { KycState } from "./kyc";
import { BIC_MAX_LENGTH, HOLDER_MAX_LENGTH, IBAN_MAX_LENGTH } from "./bank";
import { moneyKeySchema, PAYOUT_MIN, SECURE_CODE_LENGTH, type PayoutStatus } from "./wallet";

export const PAYOUT_ERRORS = {
  /** Only escorts and businesses earn, so only they are paid out (403). */
  notEarner: "exception.payouts.not_earner",
  secureCodeMissing: "exception.payouts.secure_code_missing",
  secureCodeSet: "exception.payouts.secure_code_set",
  secureCodeLocked: "exception.payouts.secure_code_locked",
  /** Field secure_code. */
  secureCodeWrong: "validation.payouts.secure_code_wrong",
  secureCodeFormat: "validation.payouts.secure_code_format",
  secureCodeMismatch: "validation.payouts.secure_code_mismatch",
  resetInvalid: "exception.payouts.reset_invalid",
  bankMissing: "exception.payouts.bank_missing",
  ibanBlocked: "exception.payouts.iban_blocked",
  /** Field amount. */
  belowMinimum: "validation.payouts.below_minimum",
  insufficient: "exception.payouts.insufficient",
  tooManyOngoing: "exception.payouts.too_many_ongoing",
  notConfirmable: "exception.payouts.not_confirmable",
  nothingToApprove: "exception.payouts.nothing_to_approve",
  batchSent: "exception.payouts.batch_sent",
  notReturnable: "exception.payouts.not_returnable",
} as const;

/** The secure code's digits, exactly SECURE_CODE_LENGTH of them. */
export const SECURE_CODE_PATTERN = new RegExp(`^\\d{${SECURE_CODE_LENGTH}}$`);
const secureCode = v.pipe(v.string(PAYOUT_ERRORS.secureCodeFormat), v.regex(SECURE_CODE_PATTERN, PAYOUT_ERRORS.secureCodeFormat));
/** What a confirmation sends: any text of sane length (a wrong code is judged, and counted, by the service). */
const secureCodeEntry = v.pipe(v.string(PAYOUT_ERRORS.secureCodeWrong), v.maxLength(32, PAYOUT_ERRORS.secureCodeWrong));

/** POST /payouts/secure-code: the member chooses the code once (typed twice). */
export const secureCodeInitSchema = v.pipe(
  v.object({ code: secureCode, code_confirm: v.string(PAYOUT_ERRORS.secureCodeMismatch) }, "validation.required"),
  v.forward(
    v.check((input) => input.code === input.code_confirm, PAYOUT_ERRORS.secureCodeMismatch),
    ["code_confirm"],
  ),
);

/** POST /payouts/secure-code/reset: the e-mailed link's token and the new code. */
export const secureCodeResetSchema = v.pipe(
  v.object(
    {
      token: v.pipe(v.string(PAYOUT_ERRORS.resetInvalid), v.regex(/^[A-Za-z0-9_-]{20,100}$/, PAYOUT_ERRORS.resetInvalid)),
      code: secureCode,
      code_confirm: v.string(PAYOUT_ERRORS.secureCodeMismatch),
    },
    "validation.required",
  ),
  v.forward(
    v.check((input) => input.code === input.code_confirm, PAYOUT_ERRORS.secureCodeMismatch),
    ["code_confirm"],
  ),
);

/** PUT /payouts/bank-account: the account payouts go to, confirmed by the secure code. IBAN, BIC, holder judged by contract/bank. */
export const payoutBankAccountSchema = v.object(
  {
    iban: v.pipe(v.string("validation.bank.iban_required"), v.maxLength(IBAN_MAX_LENGTH * 2, "validation.bank.iban_format")),
    holder: v.pipe(v.string("validation.bank.holder_required"), v.maxLength(HOLDER_MAX_LENGTH * 2, "validation.bank.holder_format")),
    bic: v.optional(v.pipe(v.string("validation.bank.bic_format"), v.maxLength(BIC_MAX_LENGTH * 2, "validation.bank.bic_format")), ""),
    secure_code: secureCodeEntry,
  },
  "validation.required",
);
export type PayoutBankAccountInput = v.InferOutput<typeof payoutBankAccountSchema>;

/** The largest amount one payout may carry (dollars): far above any real balance, it keeps the number sane. */
export const PAYOUT_AMOUNT_MAX = 10_000_000;

/** POST /payouts: a payout of `amount` dollars (at least PAYOUT_MIN) under the page's idempotency key. */
export const payoutRequestSchema = v.object(
  {
    amount: v.pipe(
      v.number("validation.invalid"),
      v.integer("validation.invalid"),
      v.minValue(PAYOUT_MIN, PAYOUT_ERRORS.belowMinimum),
      v.maxValue(PAYOUT_AMOUNT_MAX, "validation.invalid"),
    ),
    secure_code: secureCodeEntry,
    key: moneyKeySchema,
  },
  "validation.required",
);
export type PayoutRequestInput = v.InferOutput<typeof payoutRequestSchema>;

/** POST /backoffice/payouts/batches: the waiting payouts approved into one pain.001 file. */
export const payoutBatchSchema = v.object(
  {
    payout_ids: v.pipe(
      v.array(v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(1, "validation.invalid"))),
      v.minLength(1, PAYOUT_ERRORS.nothingToApprove),
      v.maxLength(500, "validation.invalid"),
    ),
  },
  "validation.required",
);

/** POST /backoffice/payouts/{id}/returned and /rejected: why (kept in the audit trail). */
export const payoutReturnSchema = v.object(
  { reason: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(500, "validation.invalid")) },
  "validation.required",
);

/** The status's name, for pages and tests (contract/wallet PAYOUT_STATUSES has the spec's numbers). */
export type PayoutStatusName = "ongoing" | "succeeded" | "failed" | "confirmed";

/** One payout as its member and the back office see it. */
export interface PayoutItem {
  id: number;
  /** Dollars paid out. */
  amount: number;
  /** What reaches the bank account, in euro cents (amount × PAYOUT_CENTS_PER_DOLLAR). */
  amount_cents: number;
  status: PayoutStatus;
  /** For a confirmed payout: whether it had succeeded or failed before the member saw it. */
  outcome: "succeeded" | "failed" | null;
  /** The back office approved it into a batch (a file was built); false: waiting for approval. */
  approved: boolean;
  /** The IBAN it goes to, masked but for its country and last four characters. */
  iban_masked: string;
  created_at: number;
  /** When it succeeded or failed. */
  settled_at: number | null;
}

/** An earning still in probation and when it becomes available. */
export interface PendingEarning {
  amount: number;
  earned_at: number;
  frees_at: number;
}

/** GET /payouts/overview: everything the payout pages decide their step from. */
export interface PayoutOverview {
  /** Escorts and businesses earn and are paid out; others see an explanation. */
  earner: boolean;
  available: number;
  pending: number;
  in_payout: number;
  /** The earnings still in probation, soonest free first (at most 50). */
  pending_earnings: PendingEarning[];
  minimum: number;
  ongoing: number;
  max_ongoing: number;
  secure_code: { set: boolean; locked: boolean; tries_left: number };
  bank_account: { iban_masked: string; holder: string; bic: string | null; blocked_until: number | null } | null;
  /** The member's KYC for payouts (ADR 109): a payout needs it complete; the page links to user/kyc otherwise. */
  kyc_state: KycState;
  /** Whether a payout may be requested now (earner, KYC complete, code set and not locked, account not blocked, enough, room). */
  can_request: boolean;
}

export interface PayoutList {
  items: PayoutItem[];
}

/** A payout request's answer, the first time and on every retry with its key. */
export interface PayoutRequestAnswer {
  payout: PayoutItem;
  replayed: boolean;
}

export interface SecureCodeState {
  set: true;
}

export interface SecureCodeResetSent {
  sent: true;
}

/** The account payouts go to, as the member sees it after saving. */
export interface PayoutBankAccount {
  iban_masked: string;
  holder: string;
  bic: string | null;
  blocked_until: number | null;
}

/** A waiting or approved payout in the back office's queue. */
export interface QueuedPayout extends PayoutItem {
  user_id: number;
  username: string;
  holder: string;
  batch_id: number | null;
}

export interface PayoutBatchSummary {
  id: number;
  message_id: string;
  due_date: string;
  transactions: number;
  control_sum_cents: number;
  sent: boolean;
  created_at: number;
}

/** GET /backoffice/payouts: payouts waiting for approval, approved ones not yet settled, recent batches. */
export interface PayoutQueue {
  waiting: QueuedPayout[];
  approved: QueuedPayout[];
  succeeded: QueuedPayout[];
  batches: PayoutBatchSummary[];
}

export interface PayoutBatchSent {
  batch: PayoutBatchSummary;
  succeeded: number;
}

/** This feature's declared success bodies (ADR 041, 067). */
export interface PayoutBodies {
  PayoutOverview: PayoutOverview;
  PayoutList: PayoutList;
  PayoutItem: PayoutItem;
  PayoutRequestAnswer: PayoutRequestAnswer;
  SecureCodeState: SecureCodeState;
  SecureCodeResetSent: SecureCodeResetSent;
  PayoutBankAccount: PayoutBankAccount;
  PayoutQueue: PayoutQueue;
  PayoutBatchSummary: PayoutBatchSummary;
  PayoutBatchSent: PayoutBatchSent;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PayoutBodies {}
}

/** An IBAN as pages show it: country and check digits, then only the last four ("DE89 •••• 3000"). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

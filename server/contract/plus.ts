/**
 * The member's plus contract (issue 26 items 1 and 6, ADR 076): its state as user/membership shows it, the member's
 * own cancel (at the period's end, with the optional survey and the cancellation offer), undo cancel, preempt, and
 * the statutory declarations without login: the § 312k BGB cancellation button and the EU withdrawal function
 * (Directive 2023/2673). Dates epoch ms, money euro cents.
 */
import * as v from "valibot";
import type { PlusAudience } from "./plus-packages";

export const PLUS_ERRORS = {
  noContract: "exception.plus.no_contract",
  notCancellable: "exception.plus.not_cancellable",
  notCancelled: "exception.plus.not_cancelled",
  noPreempt: "exception.plus.no_preempt",
  reasonRequired: "validation.plus.reason_required",
  endDate: "validation.plus.end_date",
  /** The withdrawal's confirmation link is unknown, used or expired (ADR 088). */
  withdrawLinkGone: "exception.plus.withdraw_link_gone",
} as const;

/** The survey's reasons (spec "cancellation survey"), in display order. */
export const CANCELLATION_REASONS = [
  "too_expensive",
  "not_using",
  "found_someone",
  "missing_features",
  "technical_problems",
  "privacy",
  "other",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const SURVEY_COMMENT_MAX = 1000;
export const DECLARATION_TEXT_MAX = 1000;

const text = (max: number) => v.pipe(v.string("validation.required"), v.trim(), v.maxLength(max, `validation.plus.too_long?max=${max}`));
const required = (max: number) => v.pipe(text(max), v.nonEmpty("validation.required"));

/** POST /membership/cancellation-survey: reasons (any of them) and a free text, both optional. */
export const cancellationSurveySchema = v.object({
  reasons: v.optional(v.array(v.picklist(CANCELLATION_REASONS, "validation.required")), []),
  comment: v.optional(text(SURVEY_COMMENT_MAX), ""),
});
export type CancellationSurveyInput = v.InferOutput<typeof cancellationSurveySchema>;

export const DECLARATION_KINDS = ["ordinary", "extraordinary"] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];

const isoDate = v.pipe(v.string(PLUS_ERRORS.endDate), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, PLUS_ERRORS.endDate));

/**
 * POST /contracts/cancel (§ 312k BGB): ordinary or extraordinary (then a reason), who (name, e-mail or username),
 * the contract (the plus membership, the only one), when ("earliest" or a date). No login needed.
 */
export const contractCancelSchema = v.pipe(
  v.object({
    kind: v.picklist(DECLARATION_KINDS, "validation.required"),
    reason: v.optional(text(DECLARATION_TEXT_MAX), ""),
    name: required(120),
    identifier: required(254),
    contract: v.optional(v.literal("plus"), "plus"),
    end: v.optional(v.picklist(["earliest", "date"] as const), "earliest"),
    end_date: v.optional(v.union([v.literal(""), isoDate]), ""),
  }),
  v.forward(
    v.check((input) => input.kind !== "extraordinary" || input.reason.length > 0, PLUS_ERRORS.reasonRequired),
    ["reason"],
  ),
  v.forward(
    v.check((input) => input.end !== "date" || input.end_date !== "", PLUS_ERRORS.endDate),
    ["end_date"],
  ),
);
export type ContractCancelInput = v.InferOutput<typeof contractCancelSchema>;

/** POST /contracts/withdraw (EU withdrawal function): who, and the contract. No login needed. */
export const contractWithdrawSchema = v.object({
  name: required(120),
  identifier: required(254),
  contract: v.optional(v.literal("plus"), "plus"),
});
export type ContractWithdrawInput = v.InferOutput<typeof contractWithdrawSchema>;

/** How long the link confirming a withdrawal sent without login works (ADR 088). */
export const WITHDRAWAL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The link's token: 32 random bytes, base64url. */
export const WITHDRAWAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /contracts/withdraw/confirm: the token of the mailed link. */
export const withdrawalConfirmSchema = v.object({
  token: v.pipe(v.string(), v.regex(WITHDRAWAL_TOKEN_PATTERN, PLUS_ERRORS.withdrawLinkGone)),
});
export type WithdrawalConfirmInput = v.InferOutput<typeof withdrawalConfirmSchema>;

/** GET /membership/contract: the signed-in member's contract and what they may do with it. */
export interface PlusContractState {
  audience: PlusAudience | null;
  plus_member: boolean;
  member_until: number | null;
  contract: PlusContract | null;
}

export interface PlusContract {
  id: number;
  package_id: string;
  status: "running" | "cancelled" | "past_due" | "ended" | "charged_back" | "withdrawn";
  renewable: boolean;
  months: number;
  price_cents: number;
  started_at: number;
  first_term_end: number;
  period_end: number;
  /** When plus ends if nothing is renewed (a cancelled or one-off contract), else null. */
  ends_at: number | null;
  /** The next renewal charge, for a renewing contract that is not cancelled. */
  next_renewal: { at: number; gross_cents: number; months: number } | null;
  /** The earliest end an ordinary cancellation may have today (§ 309 Nr. 9 BGB after the first term). */
  earliest_end: number;
  can_cancel: boolean;
  can_undo_cancel: boolean;
  /** The sku the checkout takes to buy the next period early; null when there is none. */
  preempt_sku: string | null;
  /** Within the 14 days: until when, and what a withdrawal now refunds (pro rata). */
  withdrawal: { until: number; refund_cents: number } | null;
}

/** A cancellation or withdrawal as received: the saveable confirmation (§ 312k(4) BGB). */
export interface ContractReceipt {
  id: string;
  action: "cancel" | "withdraw";
  kind: string;
  reason: string | null;
  name: string;
  identifier: string;
  contract: "plus";
  requested_end: string;
  received_at: number;
  /**
   * When the contract ends: only for the signed-in owner (a sender without login learns it by e-mail, so the page
   * never tells whether an address has an account).
   */
  effective_end: number | null;
  refund_cents: number | null;
  /**
   * A withdrawal sent without login waits for the link mailed to the contract owner ("pending"), whether or not an
   * account matched (the page never tells); "confirmed" once opened; null for every other declaration (ADR 088).
   */
  confirmation: "pending" | "confirmed" | null;
}

/** GET /membership/preempt: the running contract's next period, bought early through the checkout. */
export interface PlusPreemptOffer {
  sku: string;
  months: number;
  gross_cents: number;
  starts_at: number;
}

export interface PlusSurveySaved {
  saved: true;
}

/** This feature's declared success bodies (ADR 041, 067). */
export interface PlusBodies {
  PlusContractState: PlusContractState;
  ContractReceipt: ContractReceipt;
  PlusSurveySaved: PlusSurveySaved;
  PlusPreemptOffer: PlusPreemptOffer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PlusBodies {}
}

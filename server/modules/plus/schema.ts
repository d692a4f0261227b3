/** The plus module's table (migration 0063, issue 26). Times epoch ms, money in euro cents. */
import type { Generated } from "kysely";
import type { PaymentMethod, RebillGroup } from "../../contract/billing";

/**
 * `running`: paid and in its period (renewing or not); `cancelled`: runs to `ends_at`, then ends (undo possible until
 * then); `past_due`: the renewal charge failed, dunning runs (entitlements end at period_end all the same); `ended`,
 * `charged_back`, `withdrawn`: over.
 */
export const MEMBERSHIP_STATUSES = ["running", "cancelled", "past_due", "ended", "charged_back", "withdrawn"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  /** contract/plus-packages package id. */
  package_id: string;
  status: MembershipStatus;
  renewable: number;
  /** The package's term in months. */
  months: number;
  /** What one term costs (gross cents) as bought: a renewal charges this, not a later list price. */
  price_cents: number;
  started_at: number;
  /** The end of the first term: after it a consumer may cancel with at most one month's notice (§ 309 Nr. 9 BGB). */
  first_term_end: number;
  period_start: number;
  /** The paid period's end: plus ends at this second unless a renewal was paid (users.member_until follows it). */
  period_end: number;
  cancel_requested_at: number | null;
  /** When a cancelled or withdrawn contract ends (null: it renews). */
  ends_at: number | null;
  rebill_group: RebillGroup;
  /** How renewals are charged: the method and the provider's token for it (card token, SEPA mandate reference). */
  payment_method: PaymentMethod | null;
  payment_token: string | null;
  last_order_id: number | null;
  created_at: number;
  updated_at: number;
}

/** The span one paid order bought in a contract (its refund or withdrawal takes back exactly this). */
export interface MembershipPeriodsTable {
  id: Generated<number>;
  membership_id: number;
  order_id: number;
  user_id: number;
  starts_at: number;
  ends_at: number;
  gross_cents: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  created_at: number;
}

export const DECLARATION_ACTIONS = ["cancel", "withdraw"] as const;
export type DeclarationAction = (typeof DECLARATION_ACTIONS)[number];

/**
 * A cancellation or withdrawal as received: `outcome` applied (a contract was found and changed), no_contract (none
 * found for the identification: the sender is told "received" all the same), already (it was already cancelled,
 * withdrawn or over), not_eligible (withdrawal after its 14 days).
 */
export interface ContractDeclarationsTable {
  id: Generated<number>;
  public_id: string;
  action: DeclarationAction;
  /** cancel: ordinary | extraordinary; withdraw: withdrawal. */
  kind: string;
  reason: string | null;
  name: string;
  identifier: string;
  /** "earliest" or the date asked for (YYYY-MM-DD). */
  requested_end: string;
  /** button (the § 312k page), account (the member's own cancel on user/membership). */
  source: string;
  language: string;
  user_id: number | null;
  membership_id: number | null;
  outcome: string;
  effective_end: number | null;
  refund_cents: number | null;
  refund_order_id: number | null;
  /** The pro-rata refund's fate: requested, failed (the back office refunds by hand), null: none owed. */
  refund_status: string | null;
  received_at: number;
  /** A withdrawal sent without login: "pending" until the owner opens the mailed link, then "confirmed" (ADR 088). */
  confirmation: "pending" | "confirmed" | null;
  /** sha256 of the mailed link's token; the link works until confirm_expires_at, once. */
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  /** When the withdrawal took effect (the declaration's time stays received_at, the submission: § 355(1) BGB). */
  confirmed_at: number | null;
}

export interface CancellationSurveysTable {
  id: Generated<number>;
  user_id: number;
  membership_id: number | null;
  /** JSON array of contract/plus CANCELLATION_REASONS. */
  reasons: string;
  comment: string | null;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    memberships: MembershipsTable;
    membership_periods: MembershipPeriodsTable;
    contract_declarations: ContractDeclarationsTable;
    cancellation_surveys: CancellationSurveysTable;
  }
}

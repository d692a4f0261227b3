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

declare module "../../db/schema/index" {
  interface Database {
    memberships: MembershipsTable;
  }
}

/** The promotion module's table (migrations 0071 and 0077, issue 27 item 3, ADR 084, 090). Times epoch ms, amounts whole dollars. */
import type { Generated } from "kysely";
import type { PromotionCode, PromotionStatus, PromotionType } from "../../contract/wallet";

/**
 * One promotion a member asked for, under the page's idempotency key (unique per member): accepted with the span it
 * runs, or rejected with its code — a retry with the key answers this row. A paid one's ledger operation commits in
 * the same transaction as the row and the profile's `rise_up_until`, so a rise-up never runs unpaid nor is paid
 * without running.
 */
export interface PromotionsTable {
  id: Generated<number>;
  user_id: number;
  type: PromotionType;
  /** The client's idempotency key as given (contract/wallet MONEY_KEY_PATTERN). */
  request_key: string;
  status: PromotionStatus;
  code: PromotionCode | null;
  /** Dollars paid: 0 for a plus member's free rise-up and for a refusal. */
  price: number;
  /** The ledger operation that paid it (null when free or refused). */
  operation_id: number | null;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
  /** A promotion profile's headline and chosen photo (migration 0077, ADR 090); null for a rise-up. */
  text: string | null;
  media_id: number | null;
  /** The staff member who accepted or refused a promotion profile, and when. */
  decided_by: number | null;
  decided_at: number | null;
  /** The ledger operation that gave a refused promotion profile's dollars back (REFUND), once. */
  refund_operation_id: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    promotions: PromotionsTable;
  }
}

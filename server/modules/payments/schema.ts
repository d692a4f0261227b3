/** The payments module's table (migration 0068, issue 26). Times epoch ms, money in euro cents. */
import type { Generated } from "kysely";
import type { PaymentFlagKind } from "../../contract/payments";

/**
 * What settlement set aside for the back office (ADR 075): a payment that granted nothing (mismatched amount, second
 * payment), a late success, a refund beyond the order, and accounts whose payment was charged back. Written in the
 * settlement's transaction; staff resolve a flag (resolved_at, resolved_by), nobody deletes one.
 */
export interface PaymentFlagsTable {
  id: Generated<number>;
  kind: PaymentFlagKind;
  user_id: number;
  order_id: number;
  /** The payment_transactions row that raised it. */
  transaction_id: number | null;
  amount_cents: number;
  /** A short machine-readable note (JSON): what was expected and what came. */
  detail: string | null;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    payment_flags: PaymentFlagsTable;
  }
}

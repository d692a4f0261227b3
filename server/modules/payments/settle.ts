/**
 * The one path money takes into the product (issue 26): a verified provider message or a matched bank line becomes a
 * payment transaction (once per provider, transaction id and outcome), moves its order's state by a conditional
 * update, delivers or takes back the good through its handler (deps.features.goods), writes the invoice or credit
 * note, and posts the euros to the ledger — all in one transaction.
 *
 * SKELETON (lead, session 16): signatures the other modules build against; the payments helper implements them.
 */
import type { ApiDeps } from "../../api/types";
import type { OrderStatus } from "../../contract/billing";
import type { PaymentEvent } from "../../integrations/payments/port";

export interface SettleResult {
  /** False when this message was already taken (a replay) or did not change the order. */
  applied: boolean;
  orderStatus: OrderStatus;
}

export async function settlePaymentEvent(_deps: ApiDeps, _event: PaymentEvent): Promise<SettleResult> {
  throw new Error("checkout: settlePaymentEvent is not built yet");
}

export interface RefundRequest {
  orderId: number;
  /** Cents to refund; the order's whole remaining amount when equal to it. */
  amountCents: number;
  reason: string;
  /** The staff member who refunds (audit trail), or null for a withdrawal the member made. */
  staffId: number | null;
}

/** Refunds all or part of a paid order: the provider's refund, a credit note, the good taken back, the ledger. */
export async function refundOrder(_deps: ApiDeps, _request: RefundRequest): Promise<{ creditNoteId: number }> {
  throw new Error("checkout: refundOrder is not built yet");
}

/** Creates the order a membership's renewal charges (kind renewal, the membership's price and method). */
export async function createRenewalOrder(_deps: ApiDeps, _membershipId: number): Promise<{ orderId: number; orderRef: string }> {
  throw new Error("checkout: createRenewalOrder is not built yet");
}

/**
 * Payments (issue 26, ADR 075): the providers' postbacks (verified, taken once), the in-app fake provider's hosted page
 * (server/integrations/payments/fake.ts, mounted by the API app where it is enabled), and the one settlement path — a
 * paid order's delivery, invoice and ledger entries in one transaction — with refunds, chargebacks and the orders
 * renewals charge. Its own table is payment_flags (what the back office must look at); orders and
 * payment_transactions are the checkout's.
 */
import { defineFeature } from "../manifest";
import * as m0068 from "./migrations/0068_payments";
import { registerPayments } from "./routes";

export const manifest = defineFeature({ name: "payments", routes: registerPayments, migrations: { "0068_payments": m0068 } });
export {
  settlePaymentEvent,
  refundOrder,
  createRenewalOrder,
  createFollowUpOrder,
  createSettlement,
  bindSettlementParts,
  onChargeback,
  type SettleResult,
  type RefundRequest,
  type ChargebackHook,
  type ChargebackNotice,
  type SettlementParts,
} from "./settle";
export { paymentDestinations } from "./destinations";
export { chargeStoredPayment, chargeOutcomeOf, orderChargeOutcome, paymentRequestFor, type StoredChargeOutcome } from "./stored-charge";

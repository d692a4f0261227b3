/**
 * Payments (issue 26): the providers' postbacks (verified, taken once), the in-app fake provider's hosted page, and
 * the one settlement path — a paid order's delivery, invoice and ledger entries in one transaction — with refunds and
 * the orders renewals charge. Its tables are the checkout's (orders, payment_transactions).
 */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "payments" });
export { settlePaymentEvent, refundOrder, createRenewalOrder, type SettleResult, type RefundRequest } from "./settle";

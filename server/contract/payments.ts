/**
 * Payments (issue 26, ADR 075): what a provider's postback is answered, and the flags settlement raises for the back
 * office. The postback itself is the provider's format (its adapter reads the raw body); the answer is ours.
 */

/** POST /payment/postback/{provider}: the message was verified and taken (or had been taken before: a replay). */
export interface PaymentPostbackReceived {
  received: true;
  /** False for a replay or a message that changed nothing (an order in another state, a mismatched amount). */
  applied: boolean;
}

/**
 * Why settlement set a payment or an account aside for the back office:
 * - `amount_mismatch`: a success whose amount was not the order's gross: nothing was granted;
 * - `duplicate_payment`: a second success for an order already paid: the money waits in unapplied payments;
 * - `late_success`: a success after the order had failed or was cancelled (granted; its promo code had been freed);
 * - `refund_exceeds`: a refund beyond what the order still held: recorded, not booked;
 * - `chargeback`: the account's payment was charged back (the account is flagged).
 */
export const PAYMENT_FLAG_KINDS = ["amount_mismatch", "duplicate_payment", "late_success", "refund_exceeds", "chargeback"] as const;
export type PaymentFlagKind = (typeof PAYMENT_FLAG_KINDS)[number];

/** This feature's declared success bodies (ADR 041); they join ResponseBodies by declaration merging (ADR 067). */
export interface PaymentsBodies {
  PaymentPostbackReceived: PaymentPostbackReceived;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PaymentsBodies {}
}

/**
 * Charging an order the platform made without the member at the checkout (a plus renewal, a fan subscription's card
 * month) with the payment the member stored: the provider's charge with the rebill token, its immediate answer settled
 * like a postback (the goods handler delivers in the settlement's transaction). A provider answers a second charge
 * under the same order reference with the first one, so charging an order again after a crash charges nothing more.
 */
import type { ApiDeps } from "../../api/types";
import { BILLING_CURRENCY, type PaymentMethod } from "../../contract/billing";
import type { PaymentProvider, PaymentRequest } from "../../integrations/payments/port";
import { providerFor } from "../../integrations/payments/registry";
import { settlePaymentEvent } from "./settle";

/** What became of a stored-payment charge: paid (delivered), failed (no message will follow), or paying (a postback will). */
export type StoredChargeOutcome = "paid" | "failed" | "paying";

/** An order's status as the outcome of its charge (a paid order stays "paid" when it is refunded later). */
export function chargeOutcomeOf(status: string): StoredChargeOutcome {
  if (status === "paid" || status === "refunded" || status === "partially_refunded" || status === "charged_back") return "paid";
  if (status === "failed" || status === "cancelled") return "failed";
  return "paying";
}

/** The outcome of an order's charge as the order's state tells it (an unknown order counts as failed). */
export async function orderChargeOutcome(deps: ApiDeps, orderId: number): Promise<StoredChargeOutcome> {
  const order = await deps.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  return order ? chargeOutcomeOf(order.status) : "failed";
}

/** The provider request of an order; `returnPath` is where a member who looks at it later lands (after the language). */
export async function paymentRequestFor(
  deps: ApiDeps,
  orderId: number,
  provider: PaymentProvider,
  method: PaymentMethod,
  returnPath: string,
): Promise<PaymentRequest> {
  const order = await deps.db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select(["orders.public_id", "orders.gross_cents", "orders.language", "orders.customer", "users.username", "users.email"])
    .where("orders.id", "=", orderId)
    .executeTakeFirstOrThrow();
  const customer = order.customer ? (JSON.parse(order.customer) as { name?: string; country?: string; email?: string }) : {};
  const base = deps.config.publicUrl;
  return {
    orderRef: order.public_id,
    amountCents: Number(order.gross_cents),
    currency: BILLING_CURRENCY,
    method,
    description: `Velora ${order.public_id}`,
    language: order.language,
    returnUrl: `${base}/${order.language}/${returnPath}`,
    notifyUrl: `${base}/api/v2/payment/postback/${provider.name}`,
    customer: { name: customer.name ?? order.username, email: customer.email ?? order.email, country: customer.country ?? "DE" },
  };
}

/** Charges the order with the stored payment and settles the provider's immediate answer. */
export async function chargeStoredPayment(
  deps: ApiDeps,
  charge: { orderId: number; method: PaymentMethod | null; token: string | null; returnPath: string },
): Promise<StoredChargeOutcome> {
  const provider = charge.method && charge.token ? providerFor(deps, charge.method) : null;
  if (!provider || !charge.method || !charge.token) return "failed";
  const request = await paymentRequestFor(deps, charge.orderId, provider, charge.method, charge.returnPath);
  let result: Awaited<ReturnType<PaymentProvider["charge"]>>;
  try {
    result = await provider.charge({ ...request, token: charge.token });
  } catch (err) {
    deps.log.warn({ orderId: charge.orderId, err }, "stored payment: the provider did not answer");
    return "failed";
  }
  // The settlement answers the order's state; only an answer without a message needs a look at the order.
  const settled = result.event ? await settlePaymentEvent(deps, result.event) : null;
  const outcome = settled ? chargeOutcomeOf(settled.orderStatus) : await orderChargeOutcome(deps, charge.orderId);
  // Refused outright and no message will follow.
  return outcome === "paying" && !result.accepted ? "failed" : outcome;
}

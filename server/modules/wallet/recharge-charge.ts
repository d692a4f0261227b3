/**
 * The payment of one auto recharge (ADR 081): an order of goods "dollar" (kind normal) for the package, with the
 * buyer's VAT decision, customer data and evidence taken from the order that stored the payment (as a renewal's
 * order takes them), charged with the stored token through the payments port, settled by the one settlement path
 * (which delivers the dollars with the order's invoice in its transaction). The member consented to the immediate
 * delivery of digital content when opting in (the setting's text says so); the order records that consent.
 */
import type { ApiDeps } from "../../api/types";
import { BILLING_CURRENCY, INVOICE_ITEM_TYPES, type PaymentMethod } from "../../contract/billing";
import type { AutoRechargeOutcome } from "../../contract/wallet";
import { providerFor } from "../../integrations/payments/registry";
import { createFollowUpOrder, settlePaymentEvent } from "../payments/index";
import { dollarPackageOf, dollarPackageTitleKey } from "./goods";

/** A member's stored payment: the plus contract whose provider token renewals charge (./recharge.ts finds it). */
export interface StoredPayment {
  membershipId: number;
  method: PaymentMethod;
  token: string;
}

type ChargeResult = { orderId: number | null; outcome: Extract<AutoRechargeOutcome, "charged" | "pending" | "charge_failed"> };

export async function chargeDollarRecharge(
  deps: ApiDeps,
  request: { payer: number; sku: string; stored: StoredPayment },
): Promise<ChargeResult> {
  const pkg = dollarPackageOf(request.sku);
  const provider = providerFor(deps, request.stored.method);
  if (!pkg || !provider) return { orderId: null, outcome: "charge_failed" };
  // The order that stored the payment: its buyer data and VAT decision (a recharge asks the member nothing).
  const source = await deps.db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.vat_rate_bp",
      "orders.vat_country",
      "orders.reverse_charge",
      "orders.customer",
      "orders.evidence",
      "orders.language",
      "users.username",
      "users.email",
    ])
    .where("orders.membership_id", "=", request.stored.membershipId)
    .where("orders.user_id", "=", request.payer)
    .where("orders.status", "in", ["paid", "partially_refunded"])
    .orderBy("orders.id", "desc")
    .executeTakeFirst();
  if (!source) return { orderId: null, outcome: "charge_failed" };
  const gross = pkg.priceCents;
  const order = await createFollowUpOrder(deps, source, {
    userId: request.payer,
    kind: "normal",
    goods: "dollar",
    sku: pkg.sku,
    titleKey: dollarPackageTitleKey(pkg),
    itemType: INVOICE_ITEM_TYPES.dollars,
    months: 0,
    renewable: 0,
    grossCents: gross,
    method: request.stored.method,
    membershipId: null,
    provider: provider.name,
    // Opting in was the express consent to the immediate delivery of digital content.
    digitalConsentAt: deps.clock.now(),
  });
  const orderRef = order.orderRef;
  const customer = source.customer ? (JSON.parse(source.customer) as { name?: string; country?: string; email?: string }) : {};
  const base = deps.config.publicUrl;
  let result: Awaited<ReturnType<typeof provider.charge>>;
  try {
    result = await provider.charge({
      orderRef,
      amountCents: gross,
      currency: BILLING_CURRENCY,
      method: request.stored.method,
      description: `Velora ${orderRef}`,
      language: source.language,
      returnUrl: `${base}/${source.language}/user/dollar`,
      notifyUrl: `${base}/api/v2/payment/postback/${provider.name}`,
      customer: { name: customer.name ?? source.username, email: customer.email ?? source.email, country: customer.country ?? "DE" },
      token: request.stored.token,
    });
  } catch (err) {
    deps.log.warn({ orderId: order.orderId, err }, "auto recharge: the provider did not answer");
    return { orderId: order.orderId, outcome: "charge_failed" };
  }
  const settled = result.event ? await settlePaymentEvent(deps, result.event) : null;
  if (settled?.orderStatus === "paid") return { orderId: order.orderId, outcome: "charged" };
  // Refused outright: no message will follow. Otherwise the provider answers later by postback.
  if (!result.accepted || settled?.orderStatus === "failed") return { orderId: order.orderId, outcome: "charge_failed" };
  return { orderId: order.orderId, outcome: "pending" };
}

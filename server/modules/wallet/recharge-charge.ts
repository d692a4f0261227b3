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
import { randomToken } from "../../lib/crypto";
import { settlePaymentEvent } from "../payments/index";
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
  const rate = source.reverse_charge ? 0 : Number(source.vat_rate_bp);
  // VAT inside a gross price: gross × rate / (1 + rate), rounded to the cent; the rest is net.
  const vat = Math.round((gross * rate) / (10_000 + rate));
  const now = deps.clock.now();
  const orderRef = randomToken(16);
  const order = await deps.db
    .insertInto("orders")
    .values({
      public_id: orderRef,
      user_id: request.payer,
      kind: "normal",
      status: "paying",
      paying_code: 2,
      step: "vat",
      goods: "dollar",
      sku: pkg.sku,
      title_key: dollarPackageTitleKey(pkg),
      digital_content: 1,
      item_type: INVOICE_ITEM_TYPES.dollars,
      months: 0,
      renewable: 0,
      method: request.stored.method,
      currency: BILLING_CURRENCY,
      list_gross_cents: gross,
      discount_cents: 0,
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: rate,
      vat_country: source.vat_country,
      reverse_charge: source.reverse_charge,
      promo_code_id: null,
      customer: source.customer,
      evidence: source.evidence,
      vat_id: null,
      bank_iban: null,
      bank_holder: null,
      language: source.language,
      digital_consent_at: now,
      membership_id: null,
      provider: provider.name,
      provider_reference: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
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
    deps.log.warn({ orderId: order.id, err }, "auto recharge: the provider did not answer");
    return { orderId: order.id, outcome: "charge_failed" };
  }
  const settled = result.event ? await settlePaymentEvent(deps, result.event) : null;
  if (settled?.orderStatus === "paid") return { orderId: order.id, outcome: "charged" };
  // Refused outright: no message will follow. Otherwise the provider answers later by postback.
  if (!result.accepted || settled?.orderStatus === "failed") return { orderId: order.id, outcome: "charge_failed" };
  return { orderId: order.id, outcome: "pending" };
}

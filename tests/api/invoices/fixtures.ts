/** Orders as the checkout writes them, inserted directly: the invoices module's tests need paid orders, not the checkout. */
import { randomBytes } from "node:crypto";
import type { BillingCustomer } from "#server/contract/billing";
import { splitGross } from "#server/contract/vat";
import type { TestRuntime } from "../../helpers/runtime";

export const BERLIN_BUYER: BillingCustomer = {
  name: "Anna Beispiel",
  company: null,
  street: "Torstraße 5",
  postal_code: "10119",
  city: "Berlin",
  country: "DE",
  email: "anna@example.test",
  vat_id: null,
};

export async function paidOrder(
  rt: TestRuntime,
  userId: number,
  overrides: Partial<{
    gross: number;
    rateBp: number;
    country: string;
    reverseCharge: boolean;
    customer: BillingCustomer;
    language: string;
    months: number;
    renewable: boolean;
    kind: "normal" | "renewal";
    method: "DD" | "CC" | "TR" | "CT" | "OB";
    status: "paid" | "paying";
  }> = {},
): Promise<{ id: number; publicId: string }> {
  const now = rt.clock.now();
  const gross = overrides.gross ?? 2999;
  const rate = overrides.rateBp ?? 1900;
  const { net_cents, vat_cents } = splitGross(gross, rate);
  const publicId = randomBytes(9).toString("base64url");
  const renewable = overrides.renewable ?? true;
  const row = await rt.deps.db
    .insertInto("orders")
    .values({
      public_id: publicId,
      user_id: userId,
      kind: overrides.kind ?? "normal",
      status: overrides.status ?? "paid",
      paying_code: 1,
      step: "vat",
      goods: "membership",
      sku: "plus_client_3m",
      item_type: renewable ? 1 : 2,
      months: overrides.months ?? 3,
      renewable: renewable ? 1 : 0,
      method: overrides.method ?? "CC",
      currency: "EUR",
      list_gross_cents: gross,
      discount_cents: 0,
      net_cents,
      vat_cents,
      gross_cents: gross,
      vat_rate_bp: rate,
      vat_country: overrides.country ?? "DE",
      reverse_charge: overrides.reverseCharge ? 1 : 0,
      promo_code_id: null,
      customer: JSON.stringify(overrides.customer ?? BERLIN_BUYER),
      evidence: JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: null }),
      language: overrides.language ?? "de",
      digital_consent_at: null,
      membership_id: null,
      provider: "fake",
      provider_reference: null,
      created_at: now,
      updated_at: now,
      paid_at: overrides.status === "paying" ? null : now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), publicId };
}

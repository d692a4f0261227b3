/** Orders as the checkout leaves them for the bank (status paying, provider and reference set), written directly. */
import { randomBytes } from "node:crypto";
import type { PaymentMethod } from "#server/contract/billing";
import type { TestRuntime } from "../../helpers/runtime";

export async function payingOrder(
  rt: TestRuntime,
  input: {
    userId: number;
    grossCents: number;
    method: PaymentMethod;
    provider: string;
    reference?: (publicId: string) => Promise<string> | string;
  },
) {
  const publicId = randomBytes(18).toString("base64url");
  const now = rt.clock.now();
  const net = Math.round(input.grossCents / 1.19);
  const providerReference = input.reference ? await input.reference(publicId) : null;
  const row = await rt.deps.db
    .insertInto("orders")
    .values({
      public_id: publicId,
      user_id: input.userId,
      kind: "normal",
      status: "paying",
      paying_code: 2,
      step: "vat",
      goods: "membership",
      sku: "plus_client_1m",
      item_type: 1,
      months: 1,
      renewable: 1,
      method: input.method,
      currency: "EUR",
      list_gross_cents: input.grossCents,
      discount_cents: 0,
      net_cents: net,
      vat_cents: input.grossCents - net,
      gross_cents: input.grossCents,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      promo_code_id: null,
      customer: JSON.stringify({ name: "Max Mustermann", email: "max@example.test", country: "DE" }),
      evidence: null,
      language: "de",
      digital_consent_at: null,
      membership_id: null,
      provider: input.provider,
      provider_reference: providerReference,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, publicId, providerReference };
}

/**
 * A member with a running plus contract, as a paid first order leaves them (the plus module's fulfil writes the same
 * rows): the users row's is_member/member_until, the paid order and the memberships row. Inserted directly, so the
 * renewal tests start from any period end without buying through the checkout first.
 */
import { randomBytes } from "node:crypto";
import { USER_TYPE } from "#server/contract/users";
import type { PaymentMethod } from "#server/contract/billing";
import { createUser, signIn, type TestRuntime } from "../../helpers/runtime";

export const DAY = 24 * 60 * 60 * 1000;

export interface ContractOptions {
  /** When the paid period ends, from now. */
  endsIn?: number;
  months?: number;
  priceCents?: number;
  userType?: number;
  status?: "running" | "cancelled" | "past_due";
  renewable?: boolean;
  /** The first term ended already (the period is a later one). */
  afterFirstTerm?: boolean;
  rebillGroup?: number;
  method?: PaymentMethod | null;
  /** The stored token the provider charges (the fake provider's outcome may depend on it). */
  token?: string | null;
}

export async function contract(rt: TestRuntime, options: ContractOptions = {}) {
  const user = await signIn(rt, await createUser(rt, { userType: options.userType ?? USER_TYPE.client }));
  const now = rt.clock.now();
  const months = options.months ?? 1;
  const priceCents = options.priceCents ?? 2990;
  const periodEnd = now + (options.endsIn ?? 12 * 60 * 60 * 1000);
  const periodStart = periodEnd - months * 30 * DAY;
  const firstTermEnd = options.afterFirstTerm ? periodStart : periodEnd;
  const sku = `plus_client_${months}m`;
  await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: periodEnd }).where("id", "=", user.id).execute();
  const order = await rt.deps.db
    .insertInto("orders")
    .values({
      public_id: `ord_${randomBytes(8).toString("hex")}`,
      user_id: user.id,
      kind: "normal",
      status: "paid",
      paying_code: 1,
      step: "vat",
      goods: "membership",
      sku,
      item_type: 1,
      months,
      renewable: options.renewable === false ? 0 : 1,
      method: options.method === undefined ? "CC" : options.method,
      currency: "EUR",
      list_gross_cents: priceCents,
      discount_cents: 0,
      net_cents: Math.round(priceCents / 1.19),
      vat_cents: priceCents - Math.round(priceCents / 1.19),
      gross_cents: priceCents,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      promo_code_id: null,
      customer: JSON.stringify({
        name: user.username,
        company: null,
        street: "Hauptstr. 1",
        postal_code: "10115",
        city: "Berlin",
        country: "DE",
        email: user.email,
        vat_id: null,
      }),
      evidence: JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: "DE" }),
      language: "de",
      digital_consent_at: null,
      membership_id: null,
      provider: "fake",
      provider_reference: `ref_${randomBytes(6).toString("hex")}`,
      created_at: periodStart,
      updated_at: periodStart,
      paid_at: periodStart,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const membership = await rt.deps.db
    .insertInto("memberships")
    .values({
      user_id: user.id,
      package_id: sku,
      status: options.status ?? "running",
      renewable: options.renewable === false ? 0 : 1,
      months,
      price_cents: priceCents,
      started_at: options.afterFirstTerm ? periodStart - months * 30 * DAY : periodStart,
      first_term_end: firstTermEnd,
      period_start: periodStart,
      period_end: periodEnd,
      cancel_requested_at: options.status === "cancelled" ? now : null,
      ends_at: options.status === "cancelled" ? periodEnd : null,
      rebill_group: (options.rebillGroup ?? 0) as 0,
      payment_method: options.method === undefined ? "CC" : options.method,
      payment_token: options.token === undefined ? `tok_${randomBytes(6).toString("hex")}` : options.token,
      last_order_id: order.id,
      created_at: periodStart,
      updated_at: periodStart,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await rt.deps.db.updateTable("orders").set({ membership_id: membership.id }).where("id", "=", order.id).execute();
  return { user, membershipId: membership.id, orderId: order.id, periodEnd, periodStart };
}

/** The renewals rows of a membership. */
export function renewalsOf(rt: TestRuntime, membershipId: number) {
  return rt.deps.db.selectFrom("renewals").selectAll().where("membership_id", "=", membershipId).orderBy("id").execute();
}

export function membershipRow(rt: TestRuntime, membershipId: number) {
  return rt.deps.db.selectFrom("memberships").selectAll().where("id", "=", membershipId).executeTakeFirstOrThrow();
}

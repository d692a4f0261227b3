/**
 * Payments tests' helpers (issue 26, ADR 075): orders as the checkout writes them, postbacks signed as the fake
 * provider signs them, and — while the goods handler (plus), the invoices and the audit trail are being built in
 * parallel — doubles bound to one test runtime's deps. The doubles write real rows (invoices with numbers taken from
 * the counter row in the settlement's transaction), so what the settlement commits can be counted.
 */
import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { GoodsHandler } from "#server/api/types";
import type { OrderStatus, RevocationReason } from "#server/contract/billing";
import type { Database } from "#server/db/schema";
import { signFakePostback, type FakePostbackBody } from "#server/integrations/payments/fake";
import { featureRegistry } from "#server/modules/index";
import { bindSettlementParts } from "#server/modules/payments/index";
import type { TestRuntime } from "./runtime";

export interface OrderInput {
  status: OrderStatus;
  gross: number;
  vat: number;
  promoCodeId: number | null;
  provider: string;
}

export async function createOrder(rt: TestRuntime, userId: number, input: Partial<OrderInput> = {}) {
  const gross = input.gross ?? 1999;
  const vat = input.vat ?? 319;
  const now = rt.clock.now();
  const publicId = randomBytes(12).toString("base64url");
  const row = await rt.deps.db
    .insertInto("orders")
    .values({
      public_id: publicId,
      user_id: userId,
      kind: "normal",
      status: input.status ?? "paying",
      paying_code: 2,
      step: "vat",
      goods: "membership",
      sku: "plus_client_1m",
      item_type: 1,
      months: 1,
      renewable: 1,
      method: "CC",
      currency: "EUR",
      list_gross_cents: gross,
      discount_cents: 0,
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      promo_code_id: input.promoCodeId ?? null,
      customer: JSON.stringify({ name: "Test Buyer", country: "DE" }),
      evidence: null,
      language: "de",
      digital_consent_at: null,
      membership_id: null,
      provider: input.provider ?? "fake",
      provider_reference: `fk_${randomBytes(6).toString("hex")}`,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ref: publicId, gross, vat };
}

export function postbackBody(ref: string, outcome: FakePostbackBody["outcome"], amount: number, txnId = `fk_${ref}`): FakePostbackBody {
  return {
    txn_id: txnId,
    order_ref: ref,
    outcome,
    amount_cents: amount,
    currency: "EUR",
    method: "CC",
    payment_country: "DE",
    rebill_token: null,
  };
}

/** Posts a body to the fake provider's postback URL, signed now (or with the headers given). */
export async function sendPostback(rt: TestRuntime, body: FakePostbackBody | string, headers?: Record<string, string>) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return await rt.request("/api/v2/payment/postback/fake", {
    method: "POST",
    headers: headers ?? signFakePostback(rt.deps.config, text, rt.clock.now()),
    body: text,
  });
}

export interface Doubles {
  fulfilled: number[];
  revoked: Array<[number, RevocationReason]>;
  promoReleased: number[];
  invoiceStatuses: Array<[number, string]>;
  audits: string[];
}

async function nextNumber(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto("invoice_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

async function writeDocument(
  trx: Transaction<Database>,
  now: number,
  orderId: number,
  document: "invoice" | "credit_note",
  gross: number,
  corrects: number | null,
) {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const year = new Date(now).getUTCFullYear();
  const sequence = await nextNumber(trx, year);
  const vat = Math.round((gross * Number(order.vat_cents)) / Math.max(1, Number(order.gross_cents)));
  const number = `${year}-${String(sequence).padStart(6, "0")}`;
  const row = await trx
    .insertInto("invoices")
    .values({
      number,
      year,
      sequence,
      document,
      corrects_invoice_id: corrects,
      order_id: orderId,
      user_id: order.user_id,
      item_type: order.item_type,
      invoice_type: 1,
      status: "subscribed",
      description: order.sku,
      currency: "EUR",
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: order.vat_rate_bp,
      vat_country: order.vat_country,
      reverse_charge: order.reverse_charge,
      buyer: order.customer ?? "{}",
      service_start: null,
      service_end: null,
      payment_method: order.method,
      payment_reference: order.public_id,
      language: order.language,
      reason: null,
      issued_at: now,
      retain_until: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { invoiceId: row.id, number };
}

/** Binds the doubles to this runtime (its goods registry and its settlement parts) and answers what they saw. */
export function bindDoubles(rt: TestRuntime): Doubles {
  const seen: Doubles = { fulfilled: [], revoked: [], promoReleased: [], invoiceStatuses: [], audits: [] };
  const membership: GoodsHandler = {
    catalogue: async () => [],
    quote: async () => null,
    fulfil: async (_trx, _deps, order) => {
      seen.fulfilled.push(order.id);
    },
    revoke: async (_trx, _deps, order, reason) => {
      seen.revoked.push([order.id, reason]);
    },
  };
  const registry = featureRegistry();
  (rt.deps as { features: typeof registry }).features = { ...registry, goods: new Map([["membership", membership]]) };
  bindSettlementParts(rt.deps, {
    issueInvoice: async (trx, deps, orderId) =>
      await writeDocument(trx, deps.clock.now(), orderId, "invoice", await grossOf(trx, orderId), null),
    issueCreditNote: async (trx, deps, request) => {
      const invoice = await trx.selectFrom("invoices").select("order_id").where("id", "=", request.invoiceId).executeTakeFirstOrThrow();
      return await writeDocument(trx, deps.clock.now(), invoice.order_id, "credit_note", request.grossCents, request.invoiceId);
    },
    setInvoiceStatus: async (_trx, orderId, status) => {
      seen.invoiceStatuses.push([orderId, status]);
    },
    releasePromoReservation: async (_trx, orderId) => {
      seen.promoReleased.push(orderId);
    },
    recordAudit: async (_trx, entry) => {
      seen.audits.push(entry.action);
    },
  });
  return seen;
}

async function grossOf(trx: Transaction<Database>, orderId: number): Promise<number> {
  const row = await trx.selectFrom("orders").select("gross_cents").where("id", "=", orderId).executeTakeFirstOrThrow();
  return Number(row.gross_cents);
}

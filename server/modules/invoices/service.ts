/**
 * Invoices and credit notes (issue 26 item 4; ADR 077): VAT by the buyer's country from the dated rate table
 * (contract/vat), gapless numbers per year taken in the settlement's transaction, the fields § 14 UStG requires
 * (seller, buyer, date, number, description, service period, net, rate, VAT, gross, the reverse-charge or
 * not-taxable note), credit notes for refunds, chargebacks, withdrawals and VAT corrections.
 */
import { checkVAT, countries } from "jsvat";
import { sql, type Insertable, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { INVOICE_TYPES, type BillingCustomer, type InvoiceStatus, type VatDecision } from "../../contract/billing";
import { isLanguage, type Language } from "../../contract/locales";
import { SELLER_COUNTRY, invoiceDay, isEuCountry, splitGross, vatIdCountry, vatRateAt } from "../../contract/vat";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import type { InvoicesTable } from "./schema";
import { INVOICE_TEXTS } from "./texts";

export interface VatQuestion {
  /** The buyer's country (ISO alpha-2) after the location evidence was weighed. */
  country: string;
  /** A business buyer with a VAT ID whose format holds (jsvat); VIES may confirm it later. */
  vatId: string | null;
  /** The invoice date (ms): the rate valid on that day. */
  at: number;
  /**
   * VIES has confirmed this very ID (billing_infos.vat_id_status "valid", `vatIdConfirmedFor`). Until it has, the
   * buyer pays VAT like a consumer and a confirmation later brings a credit note and a reverse-charge invoice (ADR 077).
   */
  vatIdConfirmed?: boolean;
}

/** A VAT ID as members type it, without spaces, dots and dashes, upper case. */
export function normalizeVatId(vatId: string): string {
  return vatId.replace(/[\s.\-/]/g, "").toUpperCase();
}

/** Whether a VAT ID has the format (and check digits) of an EU member state's (jsvat); its country when it has. */
export function checkVatIdFormat(vatId: string): { ok: boolean; country: string | null; value: string } {
  const value = normalizeVatId(vatId);
  const result = checkVAT(value, countries);
  const country = result.isValid ? vatIdCountry(value) : null;
  return { ok: country !== null && isEuCountry(country), country: country && isEuCountry(country) ? country : null, value };
}

/**
 * The VAT an order is charged. Consumers in the EU pay their country's rate (one-stop shop, § 3a Abs. 5 UStG);
 * businesses in Germany pay German VAT; a business of another member state whose VAT ID is well-formed, of that
 * state and confirmed by VIES is invoiced under reverse charge. An ID not yet confirmed is charged VAT first (the
 * checkout never waits for VIES; the queued check corrects the invoice when it confirms, ADR 077). Buyers outside
 * the EU pay none (the service is not taxable in Germany, § 3a Abs. 2 UStG).
 */
export function decideVat(question: VatQuestion): VatDecision {
  const country = question.country.trim().toUpperCase();
  if (!isEuCountry(country)) return { country, rate_bp: 0, reverse_charge: false };
  const rate = vatRateAt(country, question.at) ?? 0;
  if (question.vatId && country !== SELLER_COUNTRY) {
    const format = checkVatIdFormat(question.vatId);
    // The ID must belong to the country the buyer is in: a German ID abroad, or another state's, is not reverse charge.
    if (format.ok && format.country === country && question.vatIdConfirmed) return { country, rate_bp: 0, reverse_charge: true };
  }
  return { country, rate_bp: rate, reverse_charge: false };
}

/** The year of an invoice's number: the German calendar year of its date. */
export function invoiceYear(at: number): number {
  return Number(invoiceDay(at).slice(0, 4));
}

/**
 * The end of the retention period (§ 147 Abs. 3 AO, § 14b UStG: 8 years for invoices since 2025), counted from the
 * end of the calendar year the invoice was issued in: the first moment of the year after.
 */
export function retentionEnd(at: number): number {
  return Date.UTC(invoiceYear(at) + 9, 0, 1);
}

/** What a bank transfer for an order must name (TR): fixed from the order, known before its invoice exists. */
export function paymentReference(orderPublicId: string): string {
  return `VLR-${orderPublicId
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 24)}`;
}

/**
 * What a transfer paying this order must name, printed on its invoice and its payment page: the reference the
 * provider gave a bank-transfer (TR) order — an ISO 11649 creditor reference the bank's statement import matches
 * (ADR 079) — else the order's own reference.
 */
export function orderPaymentReference(order: { public_id: string; method: string | null; provider_reference: string | null }): string {
  return order.method === "TR" && order.provider_reference ? order.provider_reference : paymentReference(order.public_id);
}

/** The next number of a year's series, taken in the caller's transaction: a rollback gives it back (gapless). */
export async function nextInvoiceNumber(trx: Transaction<Database>, year: number): Promise<{ sequence: number; number: string }> {
  // One statement on both databases: the row is locked by the update until the transaction ends, so concurrent
  // invoices wait for each other (PostgreSQL) or are serialized by SQLite's single writer.
  const row = await trx
    .insertInto("invoice_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  const sequence = Number(row.last_number);
  return { sequence, number: formatInvoiceNumber(year, sequence) };
}

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

function languageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : "de";
}

function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCMonth(date.getUTCMonth() + months);
  // 31 January plus one month ends on the last day of February, not on 3 March.
  if (date.getUTCDate() !== day) date.setUTCDate(0);
  return date.getTime();
}

/** The line an invoice prints for an order's good, in its language. */
export function describeGoods(order: { goods: string; item_type: number; months: number; renewable: number }, language: Language): string {
  const texts = INVOICE_TEXTS[language];
  if (order.goods === "membership" || order.item_type === 1 || order.item_type === 2)
    return texts.membership(order.months, order.renewable === 1);
  if (order.goods === "fsk18" || order.item_type === 3) return texts.fsk18;
  return texts.dollars;
}

function buyerOf(order: { customer: string | null }, user: { username: string; email: string } | undefined): BillingCustomer {
  if (order.customer) {
    try {
      return JSON.parse(order.customer) as BillingCustomer;
    } catch {
      // A customer that is not JSON is a bug upstream; the invoice still names the member.
    }
  }
  return {
    name: user?.username ?? "",
    company: null,
    street: "",
    postal_code: "",
    city: "",
    country: "",
    email: user?.email ?? "",
    vat_id: null,
  };
}

function statusForNewInvoice(order: { renewable: number; status: string }): InvoiceStatus {
  if (order.status !== "paid") return "submitted";
  return order.renewable === 1 ? "running" : "subscribed";
}

type InvoiceValues = Omit<
  Insertable<InvoicesTable>,
  "number" | "year" | "sequence" | "issued_at" | "retain_until" | "created_at" | "updated_at"
>;

/** Numbers and writes one document at the clock's time, in the caller's transaction. */
async function insertInvoice(
  trx: Transaction<Database>,
  deps: ApiDeps,
  values: InvoiceValues,
): Promise<{ invoiceId: number; number: string }> {
  const now = deps.clock.now();
  const year = invoiceYear(now);
  const { sequence, number } = await nextInvoiceNumber(trx, year);
  const inserted = await trx
    .insertInto("invoices")
    .values({ ...values, number, year, sequence, issued_at: now, retain_until: retentionEnd(now), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { invoiceId: Number(inserted.id), number };
}

/**
 * Writes the invoice of a paid order (inside the settlement's transaction) and answers its id and number. Asked again
 * for the same order it answers the invoice it wrote (a replayed settlement writes no second invoice). A business
 * buyer charged VAT for want of a VIES confirmation gets the check queued in the same transaction.
 */
export async function issueInvoice(
  trx: Transaction<Database>,
  deps: ApiDeps,
  orderId: number,
): Promise<{ invoiceId: number; number: string }> {
  const existing = await trx
    .selectFrom("invoices")
    .select(["id", "number"])
    .where("order_id", "=", orderId)
    .where("document", "=", "invoice")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (existing) return { invoiceId: existing.id, number: existing.number };

  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) throw new Error(`invoices: order ${orderId} does not exist`);
  const user = await trx.selectFrom("users").select(["username", "email"]).where("id", "=", order.user_id).executeTakeFirst();
  const language = languageOf(order.language);
  const start = order.paid_at ?? deps.clock.now();
  const buyer = buyerOf(order, user);
  const issued = await insertInvoice(trx, deps, {
    document: "invoice",
    corrects_invoice_id: null,
    order_id: order.id,
    user_id: order.user_id,
    item_type: order.item_type,
    invoice_type: order.kind === "renewal" ? INVOICE_TYPES.auto_renew : INVOICE_TYPES.normal,
    status: statusForNewInvoice(order),
    description: describeGoods(order, language),
    currency: order.currency,
    net_cents: order.net_cents,
    vat_cents: order.vat_cents,
    gross_cents: order.gross_cents,
    vat_rate_bp: order.vat_rate_bp,
    vat_country: order.vat_country,
    reverse_charge: order.reverse_charge,
    buyer: JSON.stringify(buyer),
    service_start: start,
    service_end: order.months > 0 ? addMonths(start, order.months) : null,
    payment_method: order.method,
    payment_reference: orderPaymentReference(order),
    language,
    reason: null,
  });
  if (buyer.vat_id && order.reverse_charge === 0 && order.vat_cents > 0 && correctableCountry(order.vat_country)) {
    await queueVatCheck(trx, deps, order.user_id, buyer.vat_id);
  }
  return issued;
}

/** A country whose business buyers reverse-charge: another EU member state than the seller's. */
function correctableCountry(country: string): boolean {
  return isEuCountry(country) && country !== SELLER_COUNTRY;
}

/** Queues the VIES check of a member's VAT ID (one queued check per member and ID). */
export async function queueVatCheck(trx: Transaction<Database>, deps: ApiDeps, userId: number, vatId: string): Promise<void> {
  const value = normalizeVatId(vatId);
  await enqueueJob(trx, deps.clock, "invoices.vies_check", { user_id: userId, vat_id: value }, { key: `vies:${userId}:${value}` });
}

/** Whether VIES has confirmed this member's VAT ID (the checkout passes it to decideVat as `vatIdConfirmed`). */
export async function vatIdConfirmedFor(db: DB | Transaction<Database>, userId: number, vatId: string | null): Promise<boolean> {
  if (!vatId) return false;
  const row = await db.selectFrom("billing_infos").select(["vat_id", "vat_id_status"]).where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row?.vat_id && row.vat_id_status === "valid" && normalizeVatId(row.vat_id) === normalizeVatId(vatId));
}

/** The status a credit note gives the invoice it fully corrects, by its reason. */
function statusAfterCredit(reason: string): InvoiceStatus {
  if (reason === "chargeback") return "charge_back";
  if (reason === "vat_correction") return "reversed";
  return "refunded";
}

export class CreditNoteError extends Error {}

/**
 * Writes a credit note for all or part of an invoice (refund, chargeback, withdrawal, VAT correction). Its amounts are
 * positive; all credit notes of an invoice together never exceed its gross. A full credit note repeats the invoice's
 * net and VAT exactly; a partial one splits its gross at the invoice's rate.
 */
export async function issueCreditNote(
  trx: Transaction<Database>,
  deps: ApiDeps,
  request: { invoiceId: number; grossCents: number; reason: string },
): Promise<{ invoiceId: number; number: string }> {
  const invoice = await trx.selectFrom("invoices").selectAll().where("id", "=", request.invoiceId).executeTakeFirst();
  if (!invoice || invoice.document !== "invoice") throw new CreditNoteError(`invoices: ${request.invoiceId} is not an invoice`);
  if (!Number.isInteger(request.grossCents) || request.grossCents <= 0)
    throw new CreditNoteError("invoices: a credit note needs a positive amount");
  const credited = await trx
    .selectFrom("invoices")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("gross_cents"), sql<number>`0`).as("total"))
    .where("corrects_invoice_id", "=", invoice.id)
    .executeTakeFirstOrThrow();
  const already = Number(credited.total);
  if (already + request.grossCents > invoice.gross_cents) throw new CreditNoteError("invoices: credit notes would exceed the invoice");
  const full = already === 0 && request.grossCents === invoice.gross_cents;
  const amounts = full
    ? { net_cents: invoice.net_cents, vat_cents: invoice.vat_cents }
    : splitGross(request.grossCents, invoice.vat_rate_bp);
  const status = statusAfterCredit(request.reason);
  const {
    id: _id,
    number: _number,
    year: _year,
    sequence: _sequence,
    issued_at: _issued,
    retain_until: _retain,
    created_at: _created,
    updated_at: _updated,
    ...copied
  } = invoice;
  const note = await insertInvoice(trx, deps, {
    ...copied,
    document: "credit_note",
    corrects_invoice_id: invoice.id,
    status,
    net_cents: amounts.net_cents,
    vat_cents: amounts.vat_cents,
    gross_cents: request.grossCents,
    reason: request.reason,
  });
  if (already + request.grossCents === invoice.gross_cents) {
    await trx.updateTable("invoices").set({ status, updated_at: deps.clock.now() }).where("id", "=", invoice.id).execute();
  }
  return note;
}

/**
 * VIES confirmed a VAT ID after its holder was charged VAT: each such invoice (another member state's business, VAT
 * charged, not credited yet) gets a full credit note ("vat_correction") and a new invoice under reverse charge for the
 * same net amount. The VAT the buyer overpaid is theirs to get back: the back office refunds it (ADR 077).
 */
export async function reissueUnderReverseCharge(
  trx: Transaction<Database>,
  deps: ApiDeps,
  userId: number,
  vatId: string,
): Promise<number[]> {
  const value = normalizeVatId(vatId);
  const candidates = await trx
    .selectFrom("invoices")
    .selectAll()
    .where("user_id", "=", userId)
    .where("document", "=", "invoice")
    .where("reverse_charge", "=", 0)
    .where("vat_cents", ">", 0)
    .where("status", "not in", ["reversed", "refunded", "charge_back"])
    .where("vat_country", "!=", SELLER_COUNTRY)
    .execute();
  const reissued: number[] = [];
  for (const invoice of candidates) {
    const buyer = JSON.parse(invoice.buyer) as BillingCustomer;
    if (!buyer.vat_id || normalizeVatId(buyer.vat_id) !== value || vatIdCountry(value) !== invoice.vat_country) continue;
    const credited = await trx.selectFrom("invoices").select("id").where("corrects_invoice_id", "=", invoice.id).executeTakeFirst();
    if (credited) continue;
    await issueCreditNote(trx, deps, { invoiceId: invoice.id, grossCents: invoice.gross_cents, reason: "vat_correction" });
    const {
      id: _id,
      number: _number,
      year: _year,
      sequence: _sequence,
      issued_at: _issued,
      retain_until: _retain,
      created_at: _created,
      updated_at: _updated,
      ...copied
    } = invoice;
    const next = await insertInvoice(trx, deps, {
      ...copied,
      vat_cents: 0,
      gross_cents: invoice.net_cents,
      vat_rate_bp: 0,
      reverse_charge: 1,
      reason: "vat_correction",
    });
    reissued.push(next.invoiceId);
  }
  return reissued;
}

/**
 * Moves an order's invoices to a status (spec section 4) as its payment goes on. Credit notes keep theirs, and so does
 * an invoice a VAT correction reversed. `at` (deps.clock) stamps updated_at; the skeleton's callers may leave it out.
 */
export async function setInvoiceStatus(trx: Transaction<Database>, orderId: number, status: InvoiceStatus, at?: number): Promise<void> {
  await trx
    .updateTable("invoices")
    .set(at === undefined ? { status } : { status, updated_at: at })
    .where("order_id", "=", orderId)
    .where("document", "=", "invoice")
    .where("status", "!=", "reversed")
    .execute();
}

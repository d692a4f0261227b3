/**
 * The member's side of invoices (spec section 7 "invoice download, billing-info and update, vat-check"): their list,
 * the download of one they own (another member's id, or one whose account was deleted, answers 404 like a missing
 * one), their billing details, and what happens to invoices when an account is deleted (retention, ADR 077).
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { BillingCustomer } from "../../contract/billing";
import {
  BILLING_COUNTRIES,
  INVOICE_ERRORS,
  type BillingInfo,
  type BillingInfoInput,
  type InvoiceFormat,
  type InvoiceList,
  type VatCheck,
  type VatIdStatus,
} from "../../contract/invoices";
import type { Database } from "../../db/schema";
import { renderFacturX, renderXRechnung } from "./einvoice";
import { invoiceFileName, renderInvoicePdf, type InvoiceRow } from "./pdf";
import { seller } from "./seller";
import { checkVatIdFormat, normalizeVatId, queueVatCheck } from "./service";

/** A business buyer (company or VAT ID): their invoices are offered as e-invoices too. */
function isBusiness(buyer: BillingCustomer): boolean {
  return Boolean(buyer.vat_id || buyer.company);
}

function formatsOf(invoice: Pick<InvoiceRow, "buyer">): InvoiceFormat[] {
  return isBusiness(JSON.parse(invoice.buyer) as BillingCustomer) ? ["pdf", "facturx", "xrechnung"] : ["pdf"];
}

export async function listInvoices(deps: ApiDeps, userId: number): Promise<InvoiceList> {
  const rows = await deps.db
    .selectFrom("invoices as i")
    .leftJoin("invoices as c", "c.id", "i.corrects_invoice_id")
    .select([
      "i.id",
      "i.number",
      "i.document",
      "i.issued_at",
      "i.description",
      "i.currency",
      "i.gross_cents",
      "i.status",
      "i.buyer",
      "c.number as corrects_number",
    ])
    .where("i.user_id", "=", userId)
    .orderBy("i.id", "desc")
    .limit(500)
    .execute();
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      number: row.number,
      document: row.document,
      corrects_number: row.corrects_number ?? null,
      issued_at: Number(row.issued_at),
      description: row.description,
      currency: row.currency,
      gross_cents: Number(row.gross_cents),
      status: row.status,
      formats: formatsOf(row),
    })),
  };
}

export interface InvoiceFile {
  body: Uint8Array;
  contentType: string;
  fileName: string;
}

/** One of the member's invoices as a file. Not theirs, or not a business invoice for an e-invoice format: 404. */
export async function invoiceFile(deps: ApiDeps, userId: number, invoiceId: number, format: InvoiceFormat): Promise<InvoiceFile> {
  const invoice = await deps.db
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", invoiceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!invoice || !formatsOf(invoice).includes(format)) throw fail.notFound(INVOICE_ERRORS.notFound);
  const corrects = invoice.corrects_invoice_id
    ? ((await deps.db.selectFrom("invoices").select("number").where("id", "=", invoice.corrects_invoice_id).executeTakeFirst())?.number ??
      null)
    : null;
  const who = seller();
  if (format === "xrechnung") {
    const xml = await renderXRechnung(invoice, who, corrects);
    return {
      body: new TextEncoder().encode(xml),
      contentType: "application/xml; charset=utf-8",
      fileName: invoiceFileName(invoice).replace(/\.pdf$/, ".xml"),
    };
  }
  const pdf = await renderInvoicePdf(invoice, who, { correctsNumber: corrects });
  if (format === "facturx") {
    return {
      body: await renderFacturX(invoice, who, corrects, pdf),
      contentType: "application/pdf",
      fileName: invoiceFileName(invoice).replace(/\.pdf$/, "-zugferd.pdf"),
    };
  }
  return { body: pdf, contentType: "application/pdf", fileName: invoiceFileName(invoice) };
}

export async function billingInfo(deps: ApiDeps, userId: number): Promise<BillingInfo> {
  const row = await deps.db.selectFrom("billing_infos").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (row) {
    return {
      name: row.name,
      company: row.company,
      street: row.street,
      postal_code: row.postal_code,
      city: row.city,
      country: row.country,
      email: row.email,
      vat_id: row.vat_id,
      vat_id_status: row.vat_id_status as VatIdStatus,
      updated_at: Number(row.updated_at),
      countries: [...BILLING_COUNTRIES],
    };
  }
  // Nothing stored yet: the account's address to start from, Germany as the country.
  const user = await deps.db.selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return {
    name: "",
    company: null,
    street: "",
    postal_code: "",
    city: "",
    country: "DE",
    email: user.email,
    vat_id: null,
    vat_id_status: null,
    updated_at: null,
    countries: [...BILLING_COUNTRIES],
  };
}

/**
 * Stores the member's billing details. A new VAT ID (format already checked by the contract) is queued for VIES in
 * the same transaction; an unchanged one keeps its status; none clears it.
 */
export async function updateBillingInfo(deps: ApiDeps, userId: number, input: BillingInfoInput): Promise<BillingInfo> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("billing_infos")
      .select(["vat_id", "vat_id_status", "vies_checked_at", "vies_request_id"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const vatId = input.vat_id ? normalizeVatId(input.vat_id) : null;
    const unchanged = vatId !== null && before?.vat_id === vatId;
    const check = unchanged
      ? { vat_id_status: before!.vat_id_status, vies_checked_at: before!.vies_checked_at, vies_request_id: before!.vies_request_id }
      : { vat_id_status: vatId ? "pending" : null, vies_checked_at: null, vies_request_id: null };
    const values = { ...input, vat_id: vatId, ...check, updated_at: now };
    await trx
      .insertInto("billing_infos")
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    if (vatId && !unchanged) await queueVatCheck(trx, deps, userId, vatId);
  });
  return billingInfo(deps, userId);
}

export async function vatCheck(deps: ApiDeps, userId: number, vatId: string): Promise<VatCheck> {
  const format = checkVatIdFormat(vatId);
  const row = await deps.db
    .selectFrom("billing_infos")
    .select(["vat_id", "vat_id_status"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const status = row?.vat_id === format.value ? (row.vat_id_status as VatIdStatus) : format.ok ? "format_ok" : null;
  return { vat_id: format.value, format_ok: format.ok, country: format.country, status };
}

/**
 * An account is deleted: its billing details go; invoices and credit notes stay until their retain_until (8 years,
 * § 147 AO) with the buyer as printed, but belong to nobody any more — no member can download them, only the back
 * office sees them. Orders and payment records stay with the tombstoned account (the users row is kept).
 */
export async function forgetInvoiceOwner(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.deleteFrom("billing_infos").where("user_id", "=", userId).execute();
  await trx.updateTable("invoices").set({ user_id: null }).where("user_id", "=", userId).execute();
}

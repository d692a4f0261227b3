/**
 * The member's invoices, credit notes and billing details (issue 26 item 4; spec section 7 "membership and payment":
 * invoice download, billing-info and update, vat-check; ADR 077). Money in euro cents, times epoch ms.
 */
import { checkVAT, countries } from "jsvat";
import * as v from "valibot";
import type { InvoiceStatus } from "./billing";
import { COUNTRY_CODES } from "./countries";
import { EMAIL_MAX } from "./validation";
import { EU_COUNTRIES } from "./vat";

export const INVOICE_ERRORS = {
  notFound: "exception.invoices.not_found",
  vatIdFormat: "validation.invoices.vat_id_format",
  country: "validation.invoices.country",
  tooLong: "validation.invoices.too_long",
  email: "validation.email.invalid",
} as const;

/** Where a billing address may be: the countries the forms offer and every EU member state. */
export const BILLING_COUNTRIES: readonly string[] = [...new Set([...COUNTRY_CODES.map((c) => c.code), ...EU_COUNTRIES])].sort();

/** The download formats: the PDF; for business buyers also Factur-X/ZUGFeRD (PDF/A-3 with XML) and XRechnung (UBL XML). */
export const INVOICE_FORMATS = ["pdf", "facturx", "xrechnung"] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

const text = (max: number) =>
  v.pipe(
    v.string("validation.required"),
    v.trim(),
    v.nonEmpty("validation.required"),
    v.maxLength(max, `${INVOICE_ERRORS.tooLong}?max=${max}`),
  );
const optionalText = (max: number) =>
  v.pipe(
    v.nullish(v.string(), ""),
    v.transform((value) => (value ?? "").trim()),
    v.maxLength(max, `${INVOICE_ERRORS.tooLong}?max=${max}`),
    v.transform((value) => (value === "" ? null : value)),
  );

/** A VAT ID as typed: spaces, dots and dashes dropped, upper case; its format and check digits by jsvat (EU states). */
const vatIdSchema = v.pipe(
  v.nullish(v.string(), ""),
  v.transform((value) => (value ?? "").replace(/[\s.\-/]/g, "").toUpperCase()),
  v.check(
    (value) =>
      value === "" || (checkVAT(value, countries).isValid && EU_COUNTRIES.includes(value.startsWith("EL") ? "GR" : value.slice(0, 2))),
    INVOICE_ERRORS.vatIdFormat,
  ),
  v.transform((value) => (value === "" ? null : value)),
);

/** POST payment/billing-info/update: the billing details the checkout starts from and invoices print. */
export const billingInfoSchema = v.object(
  {
    name: text(120),
    company: optionalText(120),
    street: text(120),
    postal_code: text(16),
    city: text(80),
    country: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.toUpperCase(),
      v.check((value) => BILLING_COUNTRIES.includes(value), INVOICE_ERRORS.country),
    ),
    email: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(EMAIL_MAX),
      v.email(INVOICE_ERRORS.email),
    ),
    vat_id: vatIdSchema,
  },
  "validation.required",
);
export type BillingInfoInput = v.InferOutput<typeof billingInfoSchema>;

/** POST payment/vat-check: a VAT ID's format now (jsvat); with `queue`, its VIES check for the member. */
export const vatCheckSchema = v.object(
  { vat_id: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(32)) },
  "validation.required",
);

export const invoiceDownloadQuerySchema = v.object({ format: v.optional(v.picklist(INVOICE_FORMATS), "pdf") });

export interface InvoiceListItem {
  id: number;
  number: string;
  document: "invoice" | "credit_note";
  /** The invoice a credit note corrects (its number). */
  corrects_number: string | null;
  issued_at: number;
  description: string;
  currency: string;
  gross_cents: number;
  status: InvoiceStatus;
  /** The formats it can be downloaded in (e-invoices for business buyers). */
  formats: InvoiceFormat[];
}

/** GET payment/invoices: the member's invoices and credit notes, newest first. */
export interface InvoiceList {
  items: InvoiceListItem[];
}

/** The VAT ID's state: none, format_ok (not asked yet), pending (VIES queued), valid, invalid. */
export type VatIdStatus = "format_ok" | "pending" | "valid" | "invalid" | null;

/** GET payment/billing-info: the member's billing details (defaults from the account when none are stored). */
export interface BillingInfo {
  name: string;
  company: string | null;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  vat_id: string | null;
  vat_id_status: VatIdStatus;
  /** null: nothing stored yet. */
  updated_at: number | null;
  countries: string[];
}

/** POST payment/vat-check. */
export interface VatCheck {
  vat_id: string;
  format_ok: boolean;
  country: string | null;
  /** This member's stored check of the same ID, if any. */
  status: VatIdStatus;
}

export interface InvoicesBodies {
  InvoiceList: InvoiceList;
  BillingInfo: BillingInfo;
  VatCheck: VatCheck;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends InvoicesBodies {}
}

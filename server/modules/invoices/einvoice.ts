/**
 * EN 16931 e-invoices for business buyers (issue 26 item 4): a Factur-X/ZUGFeRD PDF (profile EN16931: our PDF as
 * PDF/A-3 with the CII XML attached) and an XRechnung (UBL) XML, both built by @e-invoice-eu/core from one
 * description of the invoice in its internal (UBL-shaped) format. German business customers must accept e-invoices
 * since 2025 (§ 14 Abs. 1 UStG as amended by the Wachstumschancengesetz).
 */
import { InvoiceService, type Invoice } from "@e-invoice-eu/core";
import type { BillingCustomer } from "../../contract/billing";
import { invoiceDay } from "../../contract/vat";
import type { InvoiceRow } from "./pdf";
import type { Seller } from "./seller";

export const E_INVOICE_FORMATS = { xrechnung: "XRECHNUNG-UBL", facturx: "Factur-X-EN16931" } as const;

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The tax category: S standard rate, AE reverse charge, O outside the scope of VAT (buyer outside the EU). */
function taxCategory(invoice: InvoiceRow) {
  if (invoice.reverse_charge === 1) {
    return {
      "cbc:ID": "AE",
      "cbc:Percent": "0",
      "cbc:TaxExemptionReasonCode": "VATEX-EU-AE",
      "cbc:TaxExemptionReason": "Steuerschuldnerschaft des Leistungsempfängers",
    } as const;
  }
  if (invoice.vat_rate_bp === 0) {
    return { "cbc:ID": "O", "cbc:TaxExemptionReasonCode": "VATEX-EU-O", "cbc:TaxExemptionReason": "Nicht im Inland steuerbar" } as const;
  }
  return { "cbc:ID": "S", "cbc:Percent": String(invoice.vat_rate_bp / 100) } as const;
}

/** The invoice in @e-invoice-eu/core's internal format. */
export function eInvoiceData(invoice: InvoiceRow, seller: Seller, correctsNumber: string | null): Invoice {
  const buyer = JSON.parse(invoice.buyer) as BillingCustomer;
  const category = taxCategory(invoice);
  const { "cbc:TaxExemptionReasonCode": _code, "cbc:TaxExemptionReason": _reason, ...lineCategory } = category as Record<string, string>;
  const currency = invoice.currency;
  const issueDate = invoiceDay(invoice.issued_at);
  const buyerName = buyer.company || buyer.name;
  const data = {
    "ubl:Invoice": {
      "cbc:CustomizationID": "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
      "cbc:ProfileID": "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0",
      "cbc:ID": invoice.number,
      "cbc:IssueDate": issueDate,
      "cbc:InvoiceTypeCode": invoice.document === "credit_note" ? "381" : "380",
      "cbc:DocumentCurrencyCode": currency,
      // BT-10: a business buyer outside public administration has no Leitweg-ID; the order's payment reference.
      "cbc:BuyerReference": invoice.payment_reference,
      ...(invoice.service_start !== null
        ? {
            "cac:InvoicePeriod": {
              "cbc:StartDate": invoiceDay(Number(invoice.service_start)),
              "cbc:EndDate": invoiceDay(Number(invoice.service_end ?? invoice.service_start)),
            },
          }
        : {}),
      ...(correctsNumber ? { "cac:BillingReference": [{ "cac:InvoiceDocumentReference": { "cbc:ID": correctsNumber } }] } : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": seller.email,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PartyName": { "cbc:Name": seller.name },
          "cac:PostalAddress": {
            "cbc:StreetName": seller.street,
            "cbc:CityName": seller.city,
            "cbc:PostalZone": seller.postalCode,
            "cac:Country": { "cbc:IdentificationCode": seller.country },
          },
          "cac:PartyTaxScheme": [{ "cbc:CompanyID": seller.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } }],
          "cac:PartyLegalEntity": { "cbc:RegistrationName": seller.name },
          "cac:Contact": { "cbc:Name": seller.name, "cbc:Telephone": "-", "cbc:ElectronicMail": seller.email },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          "cbc:EndpointID": buyer.email,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PartyName": { "cbc:Name": buyerName },
          "cac:PostalAddress": {
            "cbc:StreetName": buyer.street,
            "cbc:CityName": buyer.city,
            "cbc:PostalZone": buyer.postal_code,
            "cac:Country": { "cbc:IdentificationCode": buyer.country },
          },
          ...(buyer.vat_id ? { "cac:PartyTaxScheme": { "cbc:CompanyID": buyer.vat_id, "cac:TaxScheme": { "cbc:ID": "VAT" } } } : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": buyerName },
        },
      },
      "cac:PaymentMeans": [
        {
          "cbc:PaymentMeansCode": "58",
          "cbc:PaymentID": invoice.payment_reference,
          "cac:PayeeFinancialAccount": { "cbc:ID": seller.iban, "cbc:Name": seller.name },
        },
      ],
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(invoice.vat_cents),
          "cbc:TaxAmount@currencyID": currency,
          "cac:TaxSubtotal": [
            {
              "cbc:TaxableAmount": amount(invoice.net_cents),
              "cbc:TaxableAmount@currencyID": currency,
              "cbc:TaxAmount": amount(invoice.vat_cents),
              "cbc:TaxAmount@currencyID": currency,
              "cac:TaxCategory": { ...category, "cac:TaxScheme": { "cbc:ID": "VAT" } },
            },
          ],
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(invoice.net_cents),
        "cbc:LineExtensionAmount@currencyID": currency,
        "cbc:TaxExclusiveAmount": amount(invoice.net_cents),
        "cbc:TaxExclusiveAmount@currencyID": currency,
        "cbc:TaxInclusiveAmount": amount(invoice.gross_cents),
        "cbc:TaxInclusiveAmount@currencyID": currency,
        "cbc:PayableAmount": amount(invoice.document === "credit_note" ? invoice.gross_cents : 0),
        "cbc:PayableAmount@currencyID": currency,
        "cbc:PrepaidAmount": amount(invoice.document === "credit_note" ? 0 : invoice.gross_cents),
        "cbc:PrepaidAmount@currencyID": currency,
      },
      "cac:InvoiceLine": [
        {
          "cbc:ID": "1",
          "cbc:InvoicedQuantity": "1",
          "cbc:InvoicedQuantity@unitCode": "C62",
          "cbc:LineExtensionAmount": amount(invoice.net_cents),
          "cbc:LineExtensionAmount@currencyID": currency,
          "cac:Item": {
            "cbc:Name": invoice.description,
            "cac:ClassifiedTaxCategory": { ...lineCategory, "cac:TaxScheme": { "cbc:ID": "VAT" } },
          },
          "cac:Price": { "cbc:PriceAmount": amount(invoice.net_cents), "cbc:PriceAmount@currencyID": currency },
        },
      ],
    },
  };
  return data as unknown as Invoice;
}

const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

/** The XRechnung (UBL) XML of an invoice. */
export async function renderXRechnung(invoice: InvoiceRow, seller: Seller, correctsNumber: string | null): Promise<string> {
  const service = new InvoiceService(quietLogger);
  const xml = await service.generate(eInvoiceData(invoice, seller, correctsNumber), {
    format: E_INVOICE_FORMATS.xrechnung,
    lang: "de-de",
    noWarnings: true,
  });
  return typeof xml === "string" ? xml : Buffer.from(xml).toString("utf8");
}

/** The Factur-X/ZUGFeRD PDF (EN16931 profile): our PDF, made PDF/A-3 with the CII XML attached. */
export async function renderFacturX(invoice: InvoiceRow, seller: Seller, correctsNumber: string | null, pdf: Buffer): Promise<Buffer> {
  const service = new InvoiceService(quietLogger);
  const out = await service.generate(eInvoiceData(invoice, seller, correctsNumber), {
    format: E_INVOICE_FORMATS.facturx,
    lang: "de-de",
    noWarnings: true,
    pdf: { buffer: pdf, filename: `${invoice.number}.pdf`, mimetype: "application/pdf" },
  });
  return Buffer.from(out);
}

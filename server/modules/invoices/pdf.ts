/**
 * An invoice or credit note as a PDF (pdfkit), in the language it was issued in. DejaVu Sans is embedded (subset by
 * pdfkit) because the standard PDF fonts have no Polish letters (ą, ę, ł, ś, ż …); Debian's fonts-dejavu-core
 * provides it (scripts/ensure-system-packages.mjs). The font files are read once per process: a render then costs
 * the layout and the subset only (docs/performance.md "Invoice PDF").
 */
import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import type { Selectable } from "kysely";
import type { BillingCustomer } from "../../contract/billing";
import { isLanguage, LANGUAGE_TAGS, type Language } from "../../contract/locales";
import type { InvoicesTable } from "./schema";
import type { Seller } from "./seller";
import { INVOICE_TEXTS } from "./texts";

export type InvoiceRow = Selectable<InvoicesTable>;

export const FONT_DIR = process.env.INVOICE_FONT_DIR ?? "/usr/share/fonts/truetype/dejavu";

/** pdfkit's parsed font (fontkit), which it accepts in place of a file: parsed once, its glyph caches shared. */
type ParsedFont = { layout: unknown };
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;
function loadFonts() {
  if (!fonts) {
    // pdfkit parses a font file in every document (~200 ms for DejaVu's tables and glyphs); it also takes an already
    // parsed font. Parsing through a throwaway document keeps fontkit out of our dependencies.
    const parse = (file: string): ParsedFont => {
      const probe = new PDFDocument({ autoFirstPage: false });
      probe.font(readFileSync(file) as unknown as string);
      return (probe as unknown as { _font: { font: ParsedFont } })._font.font;
    };
    fonts = { regular: parse(`${FONT_DIR}/DejaVuSans.ttf`), bold: parse(`${FONT_DIR}/DejaVuSans-Bold.ttf`) };
  }
  return fonts;
}

const formatters = new Map<
  Language,
  { money: (cents: number, currency: string) => string; date: Intl.DateTimeFormat; percent: Intl.NumberFormat }
>();
function formattersFor(language: Language) {
  let found = formatters.get(language);
  if (!found) {
    const tag = LANGUAGE_TAGS[language];
    const money = new Map<string, Intl.NumberFormat>();
    found = {
      money: (cents, currency) => {
        let format = money.get(currency);
        if (!format) money.set(currency, (format = new Intl.NumberFormat(tag, { style: "currency", currency })));
        return format.format(cents / 100);
      },
      date: new Intl.DateTimeFormat(tag, { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }),
      percent: new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }),
    };
    formatters.set(language, found);
  }
  return found;
}

export interface PdfExtras {
  /** The number of the invoice a credit note corrects. */
  correctsNumber?: string | null;
}

/** What a PDF of this invoice is called when downloaded. */
export function invoiceFileName(invoice: Pick<InvoiceRow, "number" | "document">): string {
  return `${invoice.document === "credit_note" ? "credit-note" : "invoice"}-${invoice.number}.pdf`;
}

export function renderInvoicePdf(invoice: InvoiceRow, seller: Seller, extras: PdfExtras = {}): Promise<Buffer> {
  const language: Language = isLanguage(invoice.language) ? invoice.language : "de";
  const t = INVOICE_TEXTS[language];
  const f = formattersFor(language);
  const { regular, bold } = loadFonts();
  const buyer = JSON.parse(invoice.buyer) as BillingCustomer;
  const money = (cents: number) => f.money(cents, invoice.currency);
  const title = invoice.document === "credit_note" ? t.creditNote : t.invoice;

  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    // No default font: pdfkit would load Helvetica's metrics, or compare our font's name table on every switch.
    font: "",
    autoFirstPage: false,
    lang: LANGUAGE_TAGS[language],
    info: {
      Title: `${title} ${invoice.number}`,
      Author: seller.name,
      Subject: invoice.description,
      CreationDate: new Date(invoice.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", regular as unknown as string);
  doc.registerFont("bold", bold as unknown as string);
  doc.font("regular").addPage();

  const left = 56;
  const width = doc.page.width - 112;

  // The seller (§ 14 Abs. 4 Nr. 1 UStG), small, above the buyer's address as in a window envelope.
  doc.font("regular").fontSize(8).fillColor("#555555");
  doc.text(`${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city}`, left, 56, { width });
  doc.fillColor("#000000").fontSize(10).moveDown(1);
  const buyerLines = [
    buyer.company,
    buyer.name,
    buyer.street,
    [buyer.postal_code, buyer.city].filter(Boolean).join(" "),
    buyer.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
  doc.text(buyerLines.join("\n"), { width: width / 2 });
  if (buyer.vat_id) doc.text(`${t.vatId}: ${buyer.vat_id}`, { width: width / 2 });

  // The document's facts, right-aligned block.
  const factsTop = 100;
  const facts: Array<[string, string]> = [
    [t.number, invoice.number],
    [t.date, f.date.format(new Date(invoice.issued_at))],
  ];
  if (invoice.service_start !== null) {
    const start = f.date.format(new Date(Number(invoice.service_start)));
    const end = invoice.service_end !== null ? f.date.format(new Date(Number(invoice.service_end))) : start;
    facts.push([t.servicePeriod, `${start} – ${end}`]);
  }
  let y = factsTop;
  for (const [label, value] of facts) {
    doc
      .font("regular")
      .fontSize(9)
      .text(label, left + width / 2, y, { width: width / 4 });
    doc.font("bold").text(value, left + (3 * width) / 4, y, { width: width / 4, align: "right" });
    y += 14;
  }

  doc.font("bold").fontSize(18).text(title, left, 220, { width });
  if (invoice.document === "credit_note") {
    doc.font("regular").fontSize(10);
    if (extras.correctsNumber) doc.text(t.corrects(extras.correctsNumber), { width });
    if (invoice.reason) doc.text(t.reasons[invoice.reason] ?? invoice.reason, { width });
  }
  doc.moveDown(1);

  // One line: the service and its amounts (§ 14 Abs. 4 Nr. 5, 7, 8 UStG).
  const tableTop = doc.y;
  const columns = [
    { x: left, w: width * 0.52, align: "left" as const },
    { x: left + width * 0.52, w: width * 0.16, align: "right" as const },
    { x: left + width * 0.68, w: width * 0.14, align: "right" as const },
    { x: left + width * 0.82, w: width * 0.18, align: "right" as const },
  ];
  const rate = f.percent.format(invoice.vat_rate_bp / 10_000);
  const row = (cells: string[], top: number, font: "regular" | "bold") => {
    doc.font(font).fontSize(10);
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, column.x, top, { width: column.w, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    return bottom;
  };
  let cursor = row([t.description, t.net, t.vat(""), t.gross], tableTop, "bold") + 4;
  doc
    .moveTo(left, cursor)
    .lineTo(left + width, cursor)
    .lineWidth(0.5)
    .stroke();
  cursor = row([invoice.description, money(invoice.net_cents), rate, money(invoice.gross_cents)], cursor + 6, "regular") + 10;
  doc
    .moveTo(left, cursor)
    .lineTo(left + width, cursor)
    .stroke();

  cursor += 10;
  const totals: Array<[string, string, boolean]> = [
    [t.net, money(invoice.net_cents), false],
    [t.vat(rate), money(invoice.vat_cents), false],
    [t.gross, money(invoice.gross_cents), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? "bold" : "regular").fontSize(strong ? 12 : 10);
    doc.text(label, left + width * 0.45, cursor, { width: width * 0.3 });
    doc.text(value, left + width * 0.75, cursor, { width: width * 0.25, align: "right" });
    cursor = doc.y + 4;
  }

  doc
    .font("regular")
    .fontSize(9)
    .text("", left, cursor + 12, { width });
  if (invoice.reverse_charge === 1) doc.font("bold").text(t.reverseCharge, { width });
  else if (invoice.vat_rate_bp === 0) doc.font("bold").text(t.notTaxable, { width });
  doc.font("regular").moveDown(0.5);
  if (invoice.payment_method) doc.text(`${t.paymentMethod}: ${invoice.payment_method}`, { width });
  doc.text(`${t.paymentReference}: ${invoice.payment_reference}`, { width });
  doc.text(`${t.descriptor}: ${seller.descriptor}`, { width });

  // The seller's identifiers (§ 14 Abs. 4 Nr. 2 UStG) and bank, in the footer.
  const footerTop = doc.page.height - 56 - 40;
  doc.fontSize(7.5).fillColor("#555555");
  doc.text(
    [
      `${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city} · ${seller.email}`,
      `${t.vatId}: ${seller.vatId} · ${t.taxNumber}: ${seller.taxNumber}`,
      `${t.bank}: IBAN ${seller.iban} · BIC ${seller.bic}`,
    ].join("\n"),
    left,
    footerTop,
    { width, align: "center", lineBreak: true },
  );
  doc.end();
  return done;
}

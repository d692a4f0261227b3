/**
 * The words printed on invoices and credit notes in the member's language (de, en, es, pl; German informal where it
 * addresses the member). Kept beside the PDF rather than in locales/: the server renders them, not a page.
 */
import type { Language } from "../../contract/locales";

export interface InvoiceTexts {
  invoice: string;
  creditNote: string;
  number: string;
  date: string;
  servicePeriod: string;
  customer: string;
  vatId: string;
  taxNumber: string;
  description: string;
  net: string;
  vat: (rate: string) => string;
  gross: string;
  reverseCharge: string;
  notTaxable: string;
  corrects: (number: string) => string;
  paymentReference: string;
  paymentMethod: string;
  descriptor: string;
  bank: string;
  retention: string;
  page: string;
  /** A membership's line: its months and whether it renews. */
  membership: (months: number, renewable: boolean) => string;
  fsk18: string;
  dollars: string;
  vatCorrection: string;
  reasons: Record<string, string>;
}

export const INVOICE_TEXTS: Record<Language, InvoiceTexts> = {
  de: {
    invoice: "Rechnung",
    creditNote: "Rechnungskorrektur (Gutschrift)",
    number: "Rechnungsnummer",
    date: "Rechnungsdatum",
    servicePeriod: "Leistungszeitraum",
    customer: "Kundin/Kunde",
    vatId: "USt-IdNr.",
    taxNumber: "Steuernummer",
    description: "Leistung",
    net: "Nettobetrag",
    vat: (rate) => `Umsatzsteuer ${rate}`,
    gross: "Gesamtbetrag",
    reverseCharge: "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, Art. 196 MwStSystRL).",
    notTaxable: "Nicht im Inland steuerbare Leistung (§ 3a Abs. 2 UStG).",
    corrects: (number) => `Korrigiert die Rechnung ${number}.`,
    paymentReference: "Verwendungszweck",
    paymentMethod: "Zahlungsart",
    descriptor: "Auf deinem Kontoauszug",
    bank: "Bankverbindung",
    retention: "Bitte bewahre diese Rechnung auf.",
    page: "Seite",
    membership: (months, renewable) =>
      `Plus-Mitgliedschaft, ${months} ${months === 1 ? "Monat" : "Monate"}${renewable ? ", verlängert sich automatisch" : ""}`,
    fsk18: "FSK-18-Altersprüfung",
    dollars: "Dollar-Guthaben",
    vatCorrection: "Korrektur der Umsatzsteuer nach bestätigter USt-IdNr.",
    reasons: { refund: "Erstattung", chargeback: "Rückbuchung", withdrawal: "Widerruf", vat_correction: "Umsatzsteuerkorrektur" },
  },
  en: {
    invoice: "Invoice",
    creditNote: "Credit note",
    number: "Invoice number",
    date: "Invoice date",
    servicePeriod: "Service period",
    customer: "Customer",
    vatId: "VAT ID",
    taxNumber: "Tax number",
    description: "Description",
    net: "Net amount",
    vat: (rate) => `VAT ${rate}`,
    gross: "Total",
    reverseCharge:
      "Reverse charge: VAT is payable by the recipient (Art. 196 VAT Directive). Steuerschuldnerschaft des Leistungsempfängers.",
    notTaxable: "Not taxable in Germany (§ 3a(2) UStG). Nicht im Inland steuerbar.",
    corrects: (number) => `Corrects invoice ${number}.`,
    paymentReference: "Payment reference",
    paymentMethod: "Payment method",
    descriptor: "On your statement",
    bank: "Bank details",
    retention: "Please keep this invoice.",
    page: "Page",
    membership: (months, renewable) =>
      `Plus membership, ${months} ${months === 1 ? "month" : "months"}${renewable ? ", renews automatically" : ""}`,
    fsk18: "Age verification (18+)",
    dollars: "Dollar credit",
    vatCorrection: "VAT correction after the VAT ID was confirmed",
    reasons: { refund: "Refund", chargeback: "Chargeback", withdrawal: "Withdrawal", vat_correction: "VAT correction" },
  },
  es: {
    invoice: "Factura",
    creditNote: "Factura rectificativa (abono)",
    number: "Número de factura",
    date: "Fecha de factura",
    servicePeriod: "Periodo de servicio",
    customer: "Cliente",
    vatId: "NIF-IVA",
    taxNumber: "Número fiscal",
    description: "Concepto",
    net: "Base imponible",
    vat: (rate) => `IVA ${rate}`,
    gross: "Total",
    reverseCharge: "Inversión del sujeto pasivo (art. 196 Directiva IVA). Steuerschuldnerschaft des Leistungsempfängers.",
    notTaxable: "Operación no sujeta en Alemania (§ 3a ap. 2 UStG). Nicht im Inland steuerbar.",
    corrects: (number) => `Rectifica la factura ${number}.`,
    paymentReference: "Referencia de pago",
    paymentMethod: "Forma de pago",
    descriptor: "En tu extracto",
    bank: "Datos bancarios",
    retention: "Conserva esta factura.",
    page: "Página",
    membership: (months, renewable) =>
      `Membresía Plus, ${months} ${months === 1 ? "mes" : "meses"}${renewable ? ", se renueva automáticamente" : ""}`,
    fsk18: "Verificación de edad (18+)",
    dollars: "Saldo en dólares",
    vatCorrection: "Corrección del IVA tras confirmar el NIF-IVA",
    reasons: { refund: "Reembolso", chargeback: "Contracargo", withdrawal: "Desistimiento", vat_correction: "Corrección del IVA" },
  },
  pl: {
    invoice: "Faktura",
    creditNote: "Faktura korygująca",
    number: "Numer faktury",
    date: "Data wystawienia",
    servicePeriod: "Okres świadczenia usługi",
    customer: "Nabywca",
    vatId: "NIP UE",
    taxNumber: "Numer podatkowy",
    description: "Usługa",
    net: "Kwota netto",
    vat: (rate) => `VAT ${rate}`,
    gross: "Łącznie do zapłaty",
    reverseCharge: "Odwrotne obciążenie (art. 196 dyrektywy VAT). Steuerschuldnerschaft des Leistungsempfängers.",
    notTaxable: "Usługa niepodlegająca opodatkowaniu w Niemczech (§ 3a ust. 2 UStG). Nicht im Inland steuerbar.",
    corrects: (number) => `Koryguje fakturę ${number}.`,
    paymentReference: "Tytuł przelewu",
    paymentMethod: "Sposób płatności",
    descriptor: "Na wyciągu bankowym",
    bank: "Dane bankowe",
    retention: "Zachowaj tę fakturę.",
    page: "Strona",
    membership: (months, renewable) =>
      `Członkostwo Plus, ${months} ${months === 1 ? "miesiąc" : months < 5 ? "miesiące" : "miesięcy"}${renewable ? ", odnawia się automatycznie" : ""}`,
    fsk18: "Weryfikacja wieku (18+)",
    dollars: "Środki w dolarach",
    vatCorrection: "Korekta VAT po potwierdzeniu numeru NIP UE",
    reasons: { refund: "Zwrot", chargeback: "Obciążenie zwrotne", withdrawal: "Odstąpienie od umowy", vat_correction: "Korekta VAT" },
  },
};

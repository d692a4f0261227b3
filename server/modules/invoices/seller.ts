/**
 * The seller an invoice names (§ 14 Abs. 4 Nr. 1 and 2 UStG) and the neutral billing descriptor that appears on
 * invoices and bank statements. Read from the environment once; the embedded defaults are a demo seller whose name
 * says so, so a production start without the operator's details prints invoices that cannot be mistaken for real ones.
 */
export interface Seller {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
  taxNumber: string;
  email: string;
  iban: string;
  bic: string;
  /** What bank statements and invoices call the charge: no adult words (card schemes' and banks' rules). */
  descriptor: string;
}

export const DEMO_SELLER: Seller = {
  name: "Velora Demo GmbH (Beispieldaten)",
  street: "Musterstraße 1",
  postalCode: "10115",
  city: "Berlin",
  country: "DE",
  vatId: "DE123456789",
  taxNumber: "30/123/45678",
  email: "billing@velora.example",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  descriptor: "VLR Digital Services",
};

export function sellerFromEnv(env: NodeJS.ProcessEnv = process.env): Seller {
  const pick = (name: string, fallback: string) => env[name]?.trim() || fallback;
  return {
    name: pick("INVOICE_SELLER_NAME", DEMO_SELLER.name),
    street: pick("INVOICE_SELLER_STREET", DEMO_SELLER.street),
    postalCode: pick("INVOICE_SELLER_POSTAL_CODE", DEMO_SELLER.postalCode),
    city: pick("INVOICE_SELLER_CITY", DEMO_SELLER.city),
    country: pick("INVOICE_SELLER_COUNTRY", DEMO_SELLER.country),
    vatId: pick("INVOICE_SELLER_VAT_ID", DEMO_SELLER.vatId),
    taxNumber: pick("INVOICE_SELLER_TAX_NUMBER", DEMO_SELLER.taxNumber),
    email: pick("INVOICE_SELLER_EMAIL", DEMO_SELLER.email),
    iban: pick("INVOICE_SELLER_IBAN", DEMO_SELLER.iban),
    bic: pick("INVOICE_SELLER_BIC", DEMO_SELLER.bic),
    descriptor: pick("BILLING_DESCRIPTOR", DEMO_SELLER.descriptor),
  };
}

let cached: Seller | undefined;
/** The process's seller (read once). */
export function seller(): Seller {
  cached ??= sellerFromEnv();
  return cached;
}

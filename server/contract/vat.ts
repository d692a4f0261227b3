/**
 * VAT for what the platform sells (issue 26 item 4; ADR 077): the EU member states' standard rates as a dated table
 * (a rate applies from its `from` day, German calendar date, until the next entry of the same country), the choice of
 * the rate by invoice date, and the weighing of the buyer's location evidence (two non-contradicting pieces, Art. 24b
 * Implementing Regulation 282/2011). Rates in basis points (1900 = 19 %).
 *
 * Sources: the European Commission's "VAT rates applied in the Member States" (taxud, edition of 1 July 2025) and the
 * member states' announcements: Estonia 20 → 22 % on 2024-01-01 and → 24 % on 2025-07-01; Finland 24 → 25.5 % on
 * 2024-09-01; Luxembourg's temporary 16 % in 2023, back to 17 % on 2024-01-01; Slovakia 20 → 23 % on 2025-01-01;
 * Romania 19 → 21 % on 2025-08-01. No other standard-rate change known to us as of 2026-12 (checked from memory of
 * published laws, not against a live source: re-check the Commission's table each January and July).
 */

/** One row: a country's standard rate from a day on. */
export interface VatRate {
  /** ISO 3166-1 alpha-2 (Greece is GR here; its VAT IDs start with EL). */
  country: string;
  rate_bp: number;
  /** First day it applies (YYYY-MM-DD, the German calendar day of the invoice). */
  from: string;
}

const BASE = "2020-01-01";

/** The dated table: a country's rows in date order. */
export const VAT_RATES: readonly VatRate[] = [
  { country: "AT", rate_bp: 2000, from: BASE },
  { country: "BE", rate_bp: 2100, from: BASE },
  { country: "BG", rate_bp: 2000, from: BASE },
  { country: "CY", rate_bp: 1900, from: BASE },
  { country: "CZ", rate_bp: 2100, from: BASE },
  // Germany's temporary 16 % (2020-07-01 to 2020-12-31, Corona-Steuerhilfegesetz).
  { country: "DE", rate_bp: 1900, from: BASE },
  { country: "DE", rate_bp: 1600, from: "2020-07-01" },
  { country: "DE", rate_bp: 1900, from: "2021-01-01" },
  { country: "DK", rate_bp: 2500, from: BASE },
  { country: "EE", rate_bp: 2000, from: BASE },
  { country: "EE", rate_bp: 2200, from: "2024-01-01" },
  { country: "EE", rate_bp: 2400, from: "2025-07-01" },
  { country: "ES", rate_bp: 2100, from: BASE },
  { country: "FI", rate_bp: 2400, from: BASE },
  { country: "FI", rate_bp: 2550, from: "2024-09-01" },
  { country: "FR", rate_bp: 2000, from: BASE },
  { country: "GR", rate_bp: 2400, from: BASE },
  { country: "HR", rate_bp: 2500, from: BASE },
  { country: "HU", rate_bp: 2700, from: BASE },
  { country: "IE", rate_bp: 2300, from: BASE },
  // Ireland's temporary 21 % (2020-09-01 to 2021-02-28).
  { country: "IE", rate_bp: 2100, from: "2020-09-01" },
  { country: "IE", rate_bp: 2300, from: "2021-03-01" },
  { country: "IT", rate_bp: 2200, from: BASE },
  { country: "LT", rate_bp: 2100, from: BASE },
  { country: "LU", rate_bp: 1700, from: BASE },
  { country: "LU", rate_bp: 1600, from: "2023-01-01" },
  { country: "LU", rate_bp: 1700, from: "2024-01-01" },
  { country: "LV", rate_bp: 2100, from: BASE },
  { country: "MT", rate_bp: 1800, from: BASE },
  { country: "NL", rate_bp: 2100, from: BASE },
  { country: "PL", rate_bp: 2300, from: BASE },
  { country: "PT", rate_bp: 2300, from: BASE },
  { country: "RO", rate_bp: 1900, from: BASE },
  { country: "RO", rate_bp: 2100, from: "2025-08-01" },
  { country: "SE", rate_bp: 2500, from: BASE },
  { country: "SI", rate_bp: 2200, from: BASE },
  { country: "SK", rate_bp: 2000, from: BASE },
  { country: "SK", rate_bp: 2300, from: "2025-01-01" },
];

/** The 27 member states (ISO codes), sorted. */
export const EU_COUNTRIES: readonly string[] = [...new Set(VAT_RATES.map((rate) => rate.country))].sort();

/** The seller's country: its VAT applies to German buyers and to every business buyer without reverse charge. */
export const SELLER_COUNTRY = "DE";

export function isEuCountry(country: string): boolean {
  return EU_COUNTRIES.includes(country.toUpperCase());
}

const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** The German calendar day of a time (YYYY-MM-DD): an invoice's date, and the day a rate change takes effect. */
export function invoiceDay(at: number): string {
  return berlinDay.format(new Date(at));
}

/** The standard rate of an EU state on the day of `at`, or null outside the EU. */
export function vatRateAt(country: string, at: number): number | null {
  const code = country.toUpperCase();
  const day = invoiceDay(at);
  let rate: number | null = null;
  for (const row of VAT_RATES) if (row.country === code && row.from <= day) rate = row.rate_bp;
  return rate;
}

/** GET vat-countries: the member states and the rate each charges on the day of `at` (the checkout's VAT step). */
// `at` defaults to now for callers without a clock at hand; services pass deps.clock.now().
export function vatCountries(at: number = Date.now()): Array<{ country: string; rate_bp: number }> {
  return EU_COUNTRIES.map((country) => ({ country, rate_bp: vatRateAt(country, at) ?? 0 }));
}

/** A VAT ID's country: its two letters, with Greece's EL read as GR (and Northern Ireland's XI left out of the EU). */
export function vatIdCountry(vatId: string): string {
  const prefix = vatId.trim().slice(0, 2).toUpperCase();
  return prefix === "EL" ? "GR" : prefix;
}

/** Splits a gross amount (cents) at a rate: the VAT is rounded half up, the net is what remains (gross = net + VAT). */
export function splitGross(grossCents: number, rateBp: number): { net_cents: number; vat_cents: number } {
  const vat = rateBp <= 0 ? 0 : Math.round((grossCents * rateBp) / (10_000 + rateBp));
  return { net_cents: grossCents - vat, vat_cents: vat };
}

/** The VAT on a net amount (cents), rounded half up. */
export function vatOnNet(netCents: number, rateBp: number): number {
  return Math.round((netCents * rateBp) / 10_000);
}

/**
 * What the location evidence says (EU rules for electronically supplied services): the country two sources name
 * alike, or — when no two agree — the billing country flagged insufficient, for the checkout to ask again.
 */
export interface LocationVerdict {
  country: string | null;
  /** Two pieces of evidence name this country and none is missing for it. */
  sufficient: boolean;
  /** Which sources named it. */
  sources: Array<"billing_country" | "ip_country" | "payment_country">;
  /** A source names another country (kept with the order for the tax office). */
  contradicted: boolean;
}

export function weighLocationEvidence(evidence: {
  billing_country: string | null;
  ip_country: string | null;
  payment_country: string | null;
}): LocationVerdict {
  const keys = ["billing_country", "payment_country", "ip_country"] as const;
  const named = keys
    .map((key) => ({ key, country: evidence[key]?.trim().toUpperCase() || null }))
    .filter((item): item is { key: (typeof keys)[number]; country: string } => item.country !== null && /^[A-Z]{2}$/.test(item.country));
  const counts = new Map<string, Array<(typeof keys)[number]>>();
  for (const item of named) counts.set(item.country, [...(counts.get(item.country) ?? []), item.key]);
  // Billing address first, then the payment's country, then the IP: the order in which they are hard to fake.
  let best: { country: string; sources: Array<(typeof keys)[number]> } | null = null;
  for (const item of named) {
    const sources = counts.get(item.country)!;
    if (!best || sources.length > best.sources.length) best = { country: item.country, sources };
  }
  if (!best) return { country: null, sufficient: false, sources: [], contradicted: false };
  const contradicted = named.some((item) => item.country !== best.country);
  return { country: best.country, sufficient: best.sources.length >= 2, sources: best.sources, contradicted };
}

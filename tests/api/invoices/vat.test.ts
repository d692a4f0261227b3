import { describe, expect, it } from "vitest";
import { decideVat } from "#server/modules/invoices/service";
import { EU_COUNTRIES, splitGross, vatCountries, vatRateAt, weighLocationEvidence } from "#server/contract/vat";

/** Noon and the last/first minute of a day in Berlin (UTC+1 in winter, +2 in summer). */
const berlin = (iso: string) => Date.parse(iso);

describe("the dated VAT table", () => {
  it("has the 27 member states", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(vatCountries(berlin("2026-12-06T12:00:00+01:00"))).toHaveLength(27);
  });

  it.each([
    // Slovakia 20 → 23 % on 2025-01-01: the change follows the German calendar day, not UTC.
    ["SK", "2024-12-31T23:30:00+01:00", 2000],
    ["SK", "2025-01-01T00:30:00+01:00", 2300],
    ["FI", "2024-08-31T23:59:00+02:00", 2400],
    ["FI", "2024-09-01T00:00:00+02:00", 2550],
    ["EE", "2025-06-30T12:00:00+02:00", 2200],
    ["EE", "2025-07-01T12:00:00+02:00", 2400],
    ["EE", "2023-12-31T12:00:00+01:00", 2000],
    ["RO", "2025-07-31T23:00:00+02:00", 1900],
    ["RO", "2025-08-01T01:00:00+02:00", 2100],
    ["LU", "2023-06-01T12:00:00+02:00", 1600],
    ["LU", "2024-06-01T12:00:00+02:00", 1700],
    ["DE", "2020-10-01T12:00:00+02:00", 1600],
    ["DE", "2026-12-06T12:00:00+01:00", 1900],
    ["PL", "2026-12-06T12:00:00+01:00", 2300],
    ["US", "2026-12-06T12:00:00+01:00", null],
  ])("%s on %s: %s", (country, at, rate) => {
    expect(vatRateAt(country, berlin(at))).toBe(rate);
  });
});

describe("decideVat", () => {
  const at = berlin("2026-03-15T12:00:00+01:00");
  it.each([
    ["German consumer", { country: "DE", vatId: null }, { country: "DE", rate_bp: 1900, reverse_charge: false }],
    ["German business: German VAT", { country: "DE", vatId: "DE136695976" }, { country: "DE", rate_bp: 1900, reverse_charge: false }],
    ["Austrian consumer: OSS, Austria's rate", { country: "AT", vatId: null }, { country: "AT", rate_bp: 2000, reverse_charge: false }],
    [
      "Austrian business, ID confirmed by VIES: reverse charge",
      { country: "AT", vatId: "ATU12345675", vatIdConfirmed: true },
      { country: "AT", rate_bp: 0, reverse_charge: true },
    ],
    [
      "Austrian business, ID not confirmed yet: VAT first",
      { country: "AT", vatId: "ATU12345675" },
      { country: "AT", rate_bp: 2000, reverse_charge: false },
    ],
    [
      "Greek business (EL prefix)",
      { country: "GR", vatId: "EL094259216", vatIdConfirmed: true },
      { country: "GR", rate_bp: 0, reverse_charge: true },
    ],
    [
      "Belgian ID typed with spaces",
      { country: "be", vatId: "be 0411.905.847", vatIdConfirmed: true },
      { country: "BE", rate_bp: 0, reverse_charge: true },
    ],
    [
      "malformed ID: consumer rate",
      { country: "AT", vatId: "ATU1234", vatIdConfirmed: true },
      { country: "AT", rate_bp: 2000, reverse_charge: false },
    ],
    [
      "ID of another state: consumer rate",
      { country: "AT", vatId: "BE0411905847", vatIdConfirmed: true },
      { country: "AT", rate_bp: 2000, reverse_charge: false },
    ],
    [
      "German business with a confirmed ID: German VAT",
      { country: "DE", vatId: "DE136695976", vatIdConfirmed: true },
      { country: "DE", rate_bp: 1900, reverse_charge: false },
    ],
    ["Finnish consumer after the rise", { country: "FI", vatId: null }, { country: "FI", rate_bp: 2550, reverse_charge: false }],
    ["Swiss buyer: not taxable in Germany", { country: "CH", vatId: null }, { country: "CH", rate_bp: 0, reverse_charge: false }],
    ["US business", { country: "US", vatId: "US123" }, { country: "US", rate_bp: 0, reverse_charge: false }],
  ])("%s", (_name, question, decision) => {
    expect(decideVat({ ...question, at })).toEqual(decision);
  });

  it("takes the rate of the invoice date around a change", () => {
    expect(decideVat({ country: "RO", vatId: null, at: berlin("2025-07-31T12:00:00+02:00") }).rate_bp).toBe(1900);
    expect(decideVat({ country: "RO", vatId: null, at: berlin("2025-08-01T12:00:00+02:00") }).rate_bp).toBe(2100);
  });
});

describe("amounts and evidence", () => {
  it("splits a gross price so that net + VAT = gross", () => {
    expect(splitGross(2999, 1900)).toEqual({ net_cents: 2520, vat_cents: 479 });
    expect(splitGross(1000, 0)).toEqual({ net_cents: 1000, vat_cents: 0 });
    for (let gross = 1; gross < 5000; gross += 37) {
      const split = splitGross(gross, 2550);
      expect(split.net_cents + split.vat_cents).toBe(gross);
    }
  });

  it.each([
    [{ billing_country: "AT", ip_country: "AT", payment_country: null }, "AT", true, false],
    [{ billing_country: "AT", ip_country: "DE", payment_country: "AT" }, "AT", true, true],
    [{ billing_country: "AT", ip_country: "DE", payment_country: "DE" }, "DE", true, true],
    [{ billing_country: "AT", ip_country: "DE", payment_country: null }, "AT", false, true],
    [{ billing_country: "pl", ip_country: null, payment_country: null }, "PL", false, false],
    [{ billing_country: null, ip_country: null, payment_country: null }, null, false, false],
  ])("weighs %j", (evidence, country, sufficient, contradicted) => {
    const verdict = weighLocationEvidence(evidence);
    expect([verdict.country, verdict.sufficient, verdict.contradicted]).toEqual([country, sufficient, contradicted]);
  });
});

/**
 * The scan's range facets look a row's band up in a table over the bands' finite bounds (indexed-search.ts
 * bandTableOf) instead of testing each band. The table must give exactly bandOf's answer — the first band whose bounds
 * hold, NULL and values outside every band in none — for any bands the facets can build: open ends, exclusive and
 * fractional bounds, overlaps, gaps, and values on, inside and outside the table's span.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NULL_INT } from "#server/modules/search/column-index";
import { bandOf, scannedBandOf, type BandCase } from "#server/modules/search/indexed-search";

const bound = fc.record({
  value: fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double({ min: -50, max: 50, noNaN: true })),
  inclusive: fc.boolean(),
});
const band: fc.Arbitrary<BandCase> = fc.record({ lo: fc.option(bound, { nil: undefined }), hi: fc.option(bound, { nil: undefined }) });

describe("the scan's band table", () => {
  it("finds the band bandOf finds, for every value in and around the bounds", () => {
    fc.assert(
      fc.property(fc.array(band, { minLength: 1, maxLength: 8 }), (cases) => {
        for (let value = -60; value <= 60; value++) expect(scannedBandOf(value, cases)).toBe(bandOf(value, cases));
        expect(scannedBandOf(NULL_INT, cases)).toBe(bandOf(NULL_INT, cases));
      }),
      { numRuns: 200 },
    );
  });

  it("answers the age bands' birth dates (yyyymmdd bounds a million values apart) as bandOf does", () => {
    const cases: BandCase[] = [
      { lo: { value: 20_061_208, inclusive: false } },
      { lo: { value: 19_961_208, inclusive: false }, hi: { value: 20_061_208, inclusive: true } },
      { lo: { value: 19_861_208, inclusive: false }, hi: { value: 19_961_208, inclusive: true } },
      { hi: { value: 19_861_208, inclusive: true } },
    ];
    for (const value of [19_000_101, 19_861_208, 19_861_209, 19_961_208, 19_961_209, 20_061_208, 20_061_209, 20_991_231, NULL_INT])
      expect(scannedBandOf(value, cases)).toBe(bandOf(value, cases));
  });
});

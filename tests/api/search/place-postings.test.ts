/**
 * The column index's per-place postings (ADR 163): every live row sits in exactly one home list — its (user type,
 * country, region, city) — and a place's lists hold exactly its rows, whatever sequence of inserts, moves (of place or
 * user type), deletes, slot reuse and re-clustering came before. Checked on the store alone against a brute-force
 * filter of its rows; the searches built on it are compared with the SQL in column-index.test.ts and
 * directory-index.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnStore, type PlaceScope } from "#server/modules/search/column-index";
import { plainStoreRow } from "../../helpers/store-row";

/** A few homes, so that random operations often move rows in and out of the same list. */
const PLACES = [
  ["DE", "16", 2950159],
  ["DE", "16", 2950158],
  ["DE", "02", 2867714],
  ["AT", "9", 2761369],
  [null, null, null],
] as const;

/** A search_profiles row with the places and type given, the other columns plain. */
function row(userId: number, userType: number, country: string | null, region: string | null, city: number | null, positioned: boolean) {
  return plainStoreRow({
    user_id: userId,
    user_type: userType,
    lat: positioned ? 52.5 + userId / 1000 : null,
    lon: positioned ? 13.4 : null,
    country_code: country,
    region_code: region,
    city_id: city,
  });
}

const operation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("upsert" as const),
      user: fc.integer({ min: 1, max: 12 }),
      type: fc.constantFrom(2, 3),
      place: fc.constantFrom(...PLACES),
      positioned: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("remove" as const), user: fc.integer({ min: 1, max: 12 }) }) },
  // Rare: a re-clustering rebuilds every list (and would hide a list left wrong by the operations before it).
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cluster" as const) }) },
);

/** A place as a search names it, in the store's codes (a value no row holds is -1, as indexed-search does). */
const place = fc.record({
  countries: fc.option(fc.subarray(["DE", "AT", "PL"]), { nil: null }),
  region: fc.option(fc.constantFrom("16", "02", "9", "99"), { nil: null }),
  city: fc.option(fc.constantFrom(2950159, 2950158, 2761369, 1), { nil: null }),
  types: fc.subarray([1, 2, 3]),
});

function scopeOf(store: ColumnStore, p: { countries: string[] | null; region: string | null; city: number | null }): PlaceScope {
  return {
    countries: p.countries === null ? null : new Set(p.countries.flatMap((c) => store.countries.find(c) ?? [])),
    region: p.region === null ? null : (store.regions.find(p.region) ?? -1),
    city: p.city === null ? null : (store.cities.find(p.city) ?? -1),
  };
}

describe("the column index's per-place postings", () => {
  it("hold every live row once, and a place's lists exactly its rows, after any inserts, moves, deletes and re-clustering", () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 60, size: "max" }),
        fc.array(place, { minLength: 1, maxLength: 6 }),
        (operations, places) => {
          const store = new ColumnStore();
          const aliveSlots = () => {
            const alive: number[] = [];
            for (let slot = 0; slot < store.size; slot++) if (store.alive[slot] === 1) alive.push(slot);
            return alive;
          };
          // Array.from: a hole left in a list (a position not kept) shows as undefined.
          const sorted = (lists: number[][]) => lists.flatMap((list) => Array.from(list)).sort((a, b) => a - b);
          const everything = { countries: null, region: null, city: null };
          for (const o of operations) {
            if (o.op === "upsert") store.upsert(row(o.user, o.type, o.place[0], o.place[1], o.place[2], o.positioned));
            else if (o.op === "remove") store.remove(o.user);
            else store.clusterByCell();
            // After every step: each live slot in exactly one list (no stale entry of a moved or removed row, no duplicate).
            expect(sorted(store.homeLists(new Set([1, 2, 3]), everything))).toEqual(aliveSlots());
          }
          const alive = aliveSlots();
          for (const p of places) {
            const types = new Set(p.types);
            const scope = scopeOf(store, p);
            const expected = alive.filter((slot) => {
              const countryOk = p.countries === null || p.countries.includes(store.countries.values[store.country[slot]!] as string);
              const regionOk = p.region === null || store.regions.values[store.region[slot]!] === p.region;
              const cityOk = p.city === null || store.cityId[slot] === p.city;
              return types.has(store.userType[slot]!) && countryOk && regionOk && cityOk;
            });
            expect(sorted(store.homeLists(types, scope))).toEqual(expected);
            for (const slot of alive) expect(store.livesIn(slot, types, scope)).toBe(expected.includes(slot));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

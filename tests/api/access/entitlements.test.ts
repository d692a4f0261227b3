/**
 * The entitlements kernel (issue 24 item 5, ADR 061): "is plus running for this member now" and "may this member use
 * benefit X" from the member row and the clock, the same rule in SQL on both databases, and the one "payment
 * required" outcome. Properties over generated members and moments (fast-check), then the SQL form against the
 * JavaScript one on real rows.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BENEFIT_NAMES,
  BENEFITS,
  benefitsGrantedTo,
  grantedTo,
  plusBenefitAudienceOf,
  plusBenefitLabels,
  type PlusBenefitAudience,
} from "#server/contract/entitlements";
import { PAYMENT_REQUIRED_KEY, PRICES, PRODUCTS, paymentRequiredOf } from "#server/contract/prices";
import { USER_TYPE } from "#server/contract/users";
import {
  entitlementsOf,
  NO_ENTITLEMENTS,
  offerOf,
  paymentRequired,
  plusRunning,
  plusRunningSql,
  viewerContextOf,
} from "#server/modules/access/index";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

const DAY = 86_400_000;
const moment = fc.integer({ min: 1_600_000_000_000, max: 2_200_000_000_000 });
const userType = fc.constantFrom(...Object.values(USER_TYPE));
/** A member row as the database hands it over: the flag as 0/1, the end as a number (PostgreSQL's bigint too). */
const member = fc.record({
  user_type: userType,
  is_member: fc.constantFrom(0, 1),
  member_until: fc.option(moment, { nil: null }),
});

describe("plusRunning: the member row and the clock decide", () => {
  it("runs until member_until and not a millisecond at or after it; no end runs for ever; no flag never runs", () => {
    fc.assert(
      fc.property(member, moment, (row, now) => {
        const running = plusRunning(row, now);
        if (row.is_member !== 1) expect(running).toBe(false);
        else if (row.member_until === null) expect(running).toBe(true);
        else {
          expect(plusRunning(row, row.member_until - 1)).toBe(true);
          expect(plusRunning(row, row.member_until)).toBe(false);
          expect(running).toBe(now < row.member_until);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("is monotone in time: once ended it stays ended", () => {
    fc.assert(
      fc.property(member, moment, fc.integer({ min: 0, max: 365 * DAY }), (row, now, later) => {
        if (!plusRunning(row, now)) expect(plusRunning(row, now + later)).toBe(false);
      }),
    );
  });

  it("reads the end as a string or a boolean flag the same way (drivers differ)", () => {
    fc.assert(
      fc.property(member, moment, (row, now) => {
        const loose = { is_member: row.is_member === 1, member_until: row.member_until === null ? null : String(row.member_until) };
        expect(plusRunning(loose, now)).toBe(plusRunning(row, now));
      }),
    );
  });
});

describe("entitlementsOf: one policy per member and moment", () => {
  it("grants exactly the benefits of the member's kind, only while plus runs", () => {
    fc.assert(
      fc.property(member, moment, fc.constantFrom(...BENEFIT_NAMES), (row, now, benefit) => {
        const policy = entitlementsOf(row, now);
        const plus = plusRunning(row, now);
        const audience = plusBenefitAudienceOf(row.user_type);
        expect(policy.plus).toBe(plus);
        expect(policy.may(benefit)).toBe(plus && grantedTo(audience, benefit));
        expect(policy.benefits()).toEqual(plus ? benefitsGrantedTo(audience) : []);
        expect(policy.answer()).toEqual({
          plus,
          plus_until: plus ? row.member_until : null,
          benefits: policy.benefits(),
        });
      }),
      { numRuns: 500 },
    );
  });

  it("a viewer context carries the same policy; guests have none", () => {
    fc.assert(
      fc.property(member, moment, (row, now) => {
        const viewer = viewerContextOf(7, { ...row, email_verified_at: now, email_was_verified: 1, is_bounced_email: 0 }, now);
        expect(viewer.entitlements.answer()).toEqual(entitlementsOf(row, now).answer());
      }),
    );
    expect(NO_ENTITLEMENTS.plus).toBe(false);
    expect(BENEFIT_NAMES.filter((b) => NO_ENTITLEMENTS.may(b))).toEqual([]);
  });
});

describe("the benefit list (contract/entitlements)", () => {
  const audiences: PlusBenefitAudience[] = ["client", "provider"];

  it("gives every benefit to somebody, and every label it shows to a kind that has the benefit", () => {
    for (const benefit of BENEFIT_NAMES) {
      expect(
        audiences.some((a) => grantedTo(a, benefit)),
        benefit,
      ).toBe(true);
      for (const audience of Object.keys(BENEFITS[benefit].label) as PlusBenefitAudience[])
        expect(grantedTo(audience, benefit), `${benefit} shown to ${audience}`).toBe(true);
    }
  });

  it("grants what the SQL forms assume: the ranking and the search filter ask only whether plus runs", () => {
    for (const audience of audiences) expect(grantedTo(audience, "better_search_position")).toBe(true);
  });

  it("lists each kind's benefits once on the membership page", () => {
    for (const audience of audiences) {
      const labels = plusBenefitLabels(audience);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});

describe("prices and the payment-required outcome", () => {
  it("holds every price as a whole number of its currency's unit (cents, whole dollars)", () => {
    for (const product of PRODUCTS) {
      const { amount } = PRICES[product];
      expect(Number.isSafeInteger(amount) && amount > 0, product).toBe(true);
    }
    // The review unlock meant one dollar (contract/reviews); it was written as 100 "minor units".
    expect(PRICES.review_unlock).toEqual({ amount: 1, currency: "dollar" });
  });

  it("answers 402 with one error item naming the product and its price, which the web tier reads back", () => {
    for (const product of PRODUCTS) {
      const error = paymentRequired(product);
      expect(error.status).toBe(402);
      expect(error.items).toEqual([
        {
          code: 402,
          title: PAYMENT_REQUIRED_KEY,
          message: PAYMENT_REQUIRED_KEY,
          key: PAYMENT_REQUIRED_KEY,
          params: { product, price: PRICES[product].amount, currency: PRICES[product].currency },
        },
      ]);
      expect(paymentRequiredOf(error.items[0]!)).toEqual({ product, price: PRICES[product] });
      // The wallet (issue 27) pays the unlocks, the boost (ADR 083) and the rise-up (ADR 084); the small tip to a
      // message and the promotion profile not yet.
      const payable = product !== "minimal_tipping" && product !== "promotion_profile";
      expect(offerOf(product)).toEqual({ product, price: PRICES[product].amount, currency: PRICES[product].currency, payable });
    }
  });

  it("reads no product out of any other item or of forged params", () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom(...PRODUCTS, "EUR", "dollar", "__proto__"),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.dictionary(fc.constantFrom("product", "price", "currency", "x"), value),
        (key, params) => {
          const read = paymentRequiredOf({ key, params: params as Record<string, string | number> });
          if (key !== PAYMENT_REQUIRED_KEY) expect(read).toBeNull();
          if (read) {
            expect(PRODUCTS).toContain(read.product);
            expect(Number.isSafeInteger(read.price.amount) && read.price.amount >= 0).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe(`plusRunningSql agrees with plusRunning on real rows (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const rows: Array<{ id: number; is_member: number; member_until: number | null }> = [];
  const base = Date.UTC(2027, 0, 1);
  beforeAll(async () => {
    rt = await createTestRuntime();
    // Listed profiles, so the search table's triggers copy each row (search_profiles carries the same two columns).
    const ends = [null, base - DAY, base - 1, base, base + 1, base + DAY];
    for (const is_member of [0, 1])
      for (const member_until of ends) {
        const profile = await createProfile(rt, {});
        await rt.deps.db.updateTable("users").set({ is_member, member_until }).where("id", "=", profile.id).execute();
        rows.push({ id: profile.id, is_member, member_until });
      }
  }, 60_000);
  afterAll(() => rt.close());

  for (const offset of [-DAY, -1, 0, 1, DAY]) {
    it(`at the boundary ${offset >= 0 ? "+" : ""}${offset} ms: users and search_profiles select exactly the members plusRunning names`, async () => {
      const now = base + offset;
      const ids = rows.map((r) => r.id);
      const expected = rows
        .filter((r) => plusRunning(r, now))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const fromUsers = await rt.deps.db
        .selectFrom("users")
        .select("id")
        .where("id", "in", ids)
        .where(plusRunningSql("users", now))
        .orderBy("id")
        .execute();
      const fromSearch = await rt.deps.db
        .selectFrom("search_profiles")
        .select("user_id")
        .where("user_id", "in", ids)
        .where(plusRunningSql("search_profiles", now))
        .orderBy("user_id")
        .execute();
      expect(fromUsers.map((r) => r.id)).toEqual(expected);
      expect(fromSearch.map((r) => r.user_id)).toEqual(expected);
    });
  }
});

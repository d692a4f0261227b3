import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUSINESS_DESCRIPTION_MIN, DESCRIPTION_MAX, STATUS_TEXT_MAX } from "#server/contract/profiles";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { SEED_CITIES } from "#server/db/seed/cities";
import { createPersonPlanner, DEMO_ACCOUNTS, planDemoAccounts, type PersonPlan } from "#server/db/seed/people";
import { createDeck, createRandom } from "#server/db/seed/random";
import { demoViewDays } from "#server/db/seed/views";
import { usernameBase } from "#server/db/seed/texts";
import { ageAt } from "#server/modules/auth/user-data";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const SEED = "unit-test-seed";

function plan(count: number, seed = SEED): PersonPlan[] {
  const planner = createPersonPlanner(seed, NOW);
  return Array.from({ length: count }, (_, i) => planner(i));
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

// Offers of unprotected sex ("AO", "ohne Gummi") and pregnancy-related wording
// must never appear in seeded text (DESIGN.md §8, ProstSchG).
const REFUSED = /\bAO\b|ohne (Gummi|Kondom|Schutz)|unprotected|without (a )?condom|schwanger|pregnan|bareback|tabulos/i;

describe("seeded random generator", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    const a = createRandom("x");
    const b = createRandom("x");
    const c = createRandom("y");
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it("keeps int() within its inclusive bounds", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (seed, min, span) => {
        const rng = createRandom(seed);
        for (let i = 0; i < 20; i++) {
          const value = rng.int(min, min + span);
          if (value < min || value > min + span || !Number.isInteger(value)) return false;
        }
        return true;
      }),
    );
  });

  it("deals every block of a deck with the deck's exact mix", () => {
    const deck = ["a", "a", "a", "b", "c"];
    const at = createDeck("deck", deck);
    for (let block = 0; block < 5; block++) {
      const dealt = Array.from({ length: deck.length }, (_, i) => at(block * deck.length + i)).sort();
      expect(dealt).toEqual([...deck].sort());
    }
  });
});

describe("seed cities", () => {
  it("have unique slugs, German coordinates and shares that sum to 100", () => {
    expect(new Set(SEED_CITIES.map((c) => c.slug)).size).toBe(SEED_CITIES.length);
    expect(SEED_CITIES.reduce((sum, c) => sum + c.share, 0)).toBe(100);
    for (const city of SEED_CITIES) {
      expect(city.lat).toBeGreaterThan(47.2);
      expect(city.lat).toBeLessThan(55.1);
      expect(city.lon).toBeGreaterThan(5.8);
      expect(city.lon).toBeLessThan(15.1);
      expect(city.slug).toMatch(/^[a-z-]+$/);
    }
    expect(SEED_CITIES[0]?.slug).toBe("berlin");
    expect(Math.max(...SEED_CITIES.map((c) => c.share))).toBe(SEED_CITIES[0]?.share);
  });
});

describe("demo seed planner", () => {
  const people = plan(2000);

  it("plans person i the same whatever the seed size or call order", () => {
    const planner = createPersonPlanner(SEED, NOW);
    for (const i of [1999, 17, 1234, 0, 17]) expect(planner(i)).toEqual(people[i]);
    expect(plan(50)).toEqual(people.slice(0, 50));
    expect(plan(50, "another seed").map((p) => p.username)).not.toEqual(people.slice(0, 50).map((p) => p.username));
  });

  it("gives unique usernames and e-mails that never collide with the demo accounts", () => {
    const names = new Set(people.map((p) => p.username));
    const emails = new Set(people.map((p) => p.email));
    expect(names.size).toBe(people.length);
    expect(emails.size).toBe(people.length);
    for (const account of DEMO_ACCOUNTS) {
      expect(names.has(account.username)).toBe(false);
      expect(emails.has(account.email)).toBe(false);
    }
    for (const p of people) expect(p.username).toMatch(/^[a-z0-9_]{3,40}$/);
  });

  it("places everyone inside their city", () => {
    for (const p of people) {
      expect(distanceKm(p.profile, p.profile.city)).toBeLessThanOrEqual(p.profile.city.radiusKm + 0.01);
    }
  });

  it("mixes user types, escort genders and cities, Berlin first", () => {
    const count = (f: (p: PersonPlan) => boolean) => people.filter(f).length;
    expect(count((p) => p.userType === USER_TYPE.client)).toBeGreaterThan(0);
    expect(count((p) => p.kind === "agency")).toBeGreaterThan(0);
    expect(count((p) => p.kind === "club")).toBeGreaterThan(0);
    const escorts = people.filter((p) => p.kind === "escort");
    for (const gender of [GENDER.female, GENDER.male, GENDER.trans]) expect(escorts.some((p) => p.gender === gender)).toBe(true);
    expect(escorts.some((p) => (p.gender ?? 0) >= GENDER.female_female)).toBe(true);
    const perCity = new Map(SEED_CITIES.map((c) => [c.slug, count((p) => p.profile.city.slug === c.slug)]));
    for (const n of perCity.values()) expect(n).toBeGreaterThan(0);
    expect(perCity.get("berlin")).toBe(Math.max(...perCity.values()));
  });

  it("keeps texts within the spec's limits and free of refused offers", () => {
    for (const p of [...people, ...planDemoAccounts(SEED, NOW)]) {
      const { statusText, description } = p.profile;
      if (statusText !== null) expect(statusText.length).toBeLessThanOrEqual(STATUS_TEXT_MAX);
      if (description !== null) expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      if (p.kind === "agency" || p.kind === "club") expect(description?.length ?? 0).toBeGreaterThanOrEqual(BUSINESS_DESCRIPTION_MIN);
      expect(`${p.profile.displayName} ${statusText ?? ""} ${description ?? ""}`).not.toMatch(REFUSED);
      expect(`${statusText ?? ""} ${description ?? ""}`).not.toMatch(/\{\w+\}/); // every placeholder filled
    }
  });

  it("makes every individual an adult and businesses ageless", () => {
    for (const p of people) {
      if (p.userType === USER_TYPE.business) expect(p.birthDate).toBeNull();
      else expect(ageAt(p.birthDate, NOW)).toBeGreaterThanOrEqual(18);
    }
  });

  it("gives media a public avatar first, and clients only logged_in or plus_member media", () => {
    for (const p of people) {
      p.photos.forEach((photo, i) => {
        expect(photo.position).toBe(i);
        expect(photo.isAvatar).toBe(i === 0);
      });
      if (p.kind === "client") for (const photo of p.photos) expect(["logged_in", "plus_member"]).toContain(photo.visibility);
      else if (p.photos[0]) expect(p.photos[0].visibility).toBe("public");
    }
    // Pool photos share the pool's files; each portrait has a key of its own.
    const demo = planDemoAccounts(SEED, NOW);
    const keys = demo.flatMap((p) => p.photos.flatMap((photo) => ("portrait" in photo.source ? [photo.storageKey] : [])));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key !== null)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of people) for (const photo of p.photos) if ("pool" in photo.source) expect(photo.storageKey).toBeNull();
  });

  it("derives usernames from display names in ASCII", () => {
    expect(usernameBase("Lena Rose")).toBe("lena_rose");
    expect(usernameBase("Mia & Tom")).toBe("mia_tom");
    expect(usernameBase("Bücherwurm42")).toBe("buecherwurm42");
    expect(usernameBase("Séparée Bar & Club")).toBe("separee_bar_club");
    expect(usernameBase("&&&")).toBe("user");
  });
});

describe("demo profile views", () => {
  it("plans 90 distinct calendar days before today, also across a DST change late in the evening", () => {
    // 23:09 in Berlin on 25 November: 90 days back crosses the October change from UTC+2 to UTC+1, where
    // stepping back 24 hours from 22:09 UTC once hit the same Berlin day twice and broke the seed.
    for (const now of [Date.UTC(2026, 10, 25, 22, 9), Date.UTC(2026, 3, 20, 22, 30), Date.UTC(2026, 10, 25, 0, 30)]) {
      const days = demoViewDays(now);
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(now);
      expect(new Set(days).size).toBe(90);
      expect(days.at(-1)! < today).toBe(true);
      expect([...days].sort()).toEqual(days);
    }
  });
});

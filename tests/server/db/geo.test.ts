import { describe, expect, it } from "vitest";
import { plannedCities, plannedCity } from "#server/db/geo/load";
import { GEO_COUNTRIES, REGION_NAMES } from "#server/contract/geo";
import { nameKey, slugify } from "#server/db/geo/slug";
import { SEED_CITIES } from "#server/db/seed/cities";

describe("geo data", () => {
  it("transliterates slugs the German way and folds name keys", () => {
    expect(slugify("München")).toBe("muenchen");
    expect(slugify("Frankfurt am Main")).toBe("frankfurt-am-main");
    expect(slugify("Łódź")).toBe("lodz");
    expect(slugify("Biel/Bienne")).toBe("biel-bienne");
    expect(slugify("Straße")).toBe("strasse");
    expect(nameKey("Düsseldorf")).toBe("dusseldorf");
  });

  it("plans every country with unique slugs per country and known regions", () => {
    const cities = plannedCities();
    for (const country of GEO_COUNTRIES) expect(cities.filter((c) => c.country_code === country).length, country).toBeGreaterThan(1000);
    const keys = new Set(cities.map((c) => `${c.country_code}:${c.slug}`));
    expect(keys.size).toBe(cities.length);
    expect(new Set(cities.map((c) => c.id)).size).toBe(cities.length);
    for (const c of cities) {
      expect(REGION_NAMES[c.country_code as (typeof GEO_COUNTRIES)[number]][c.region_code]).toBeDefined();
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // The biggest namesake keeps the plain slug.
    expect(plannedCity("DE", "frankfurt-am-main")?.population).toBeGreaterThan(600_000);
    expect(plannedCity("DE", "berlin")?.id).toBe(2950159);
  });

  it("ties every seed city to its geo row", () => {
    for (const city of SEED_CITIES) {
      const row = plannedCity("DE", city.slug);
      expect(row, city.slug).toBeDefined();
      expect(row?.id).toBe(city.geonameId);
      expect(row?.region_code).toBe(city.regionCode);
      expect(row?.name).toBe(city.name);
    }
  });
});

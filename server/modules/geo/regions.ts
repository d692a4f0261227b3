/**
 * Region names and slugs for directory addresses. The geo tables' own source
 * (server/contract/geo.ts, keyed by GeoNames admin1 code as
 * profiles.region_code stores it) is the one list; slugs are made the same way
 * the geo loader makes them, so /escort/deutschland/bayern matches regions.slug.
 */
import { GEO_COUNTRIES, REGION_NAMES, type GeoCountry } from "../../contract/geo";
import { slugify } from "../../db/geo/slug";

export interface SeoRegion {
  code: string;
  slug: string;
  name: string;
}

function isGeoCountry(code: string | null | undefined): code is GeoCountry {
  return typeof code === "string" && (GEO_COUNTRIES as readonly string[]).includes(code);
}

const regionsByCountry = new Map<GeoCountry, SeoRegion[]>(
  GEO_COUNTRIES.map((country) => [
    country,
    Object.entries(REGION_NAMES[country]).map(([code, name]) => ({ code, name, slug: slugify(name) })),
  ]),
);

export function regionsOf(countryCode: string): readonly SeoRegion[] {
  return isGeoCountry(countryCode) ? (regionsByCountry.get(countryCode) ?? []) : [];
}

export function regionBySlug(countryCode: string, slug: string): SeoRegion | null {
  return regionsOf(countryCode).find((region) => region.slug === slug) ?? null;
}

export function regionByCode(countryCode: string | null | undefined, code: string | null | undefined): SeoRegion | null {
  if (!countryCode || !code) return null;
  return regionsOf(countryCode).find((region) => region.code === code) ?? null;
}

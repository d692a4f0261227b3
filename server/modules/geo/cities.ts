/**
 * City lookups: autocomplete (prefix on slug or folded name, ranked by
 * population) and resolving a typed city to a row. Both prefix scans are
 * range conditions on an index (cities_slug_prefix, cities_name_key_prefix).
 */
import type { ApiDeps } from "../../api/types";
import { nameKey, prefixUpperBound, slugify } from "../../db/geo/slug";
import type { CityHit } from "../../contract/geo";
export type { CityHit };

export const CITY_AUTOCOMPLETE_LIMIT = 10;

export function cityKey(countryCode: string, slug: string): string {
  return `${countryCode.toLowerCase()}-${slug}`;
}

/** Splits "de-berlin" into country and slug; anything else is not a key. */
export function parseCityKey(value: string): { countryCode: string; slug: string } | null {
  const match = /^([a-z]{2})-([a-z0-9][a-z0-9-]{0,79})$/.exec(value);
  return match ? { countryCode: (match[1] as string).toUpperCase(), slug: match[2] as string } : null;
}

function baseQuery(deps: ApiDeps) {
  return deps.db
    .selectFrom("cities")
    .leftJoin("regions", (join) =>
      join.onRef("regions.country_code", "=", "cities.country_code").onRef("regions.code", "=", "cities.region_code"),
    )
    .select([
      "cities.id",
      "cities.name",
      "cities.slug",
      "cities.country_code",
      "cities.region_code",
      "regions.name as region_name",
      "regions.slug as region_slug",
      "cities.lat",
      "cities.lon",
      "cities.population",
    ]);
}

type CityRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function toHit(row: CityRow): CityHit {
  return { ...row, key: cityKey(row.country_code, row.slug), population: Number(row.population) };
}

/** A city key ("de-muenchen", what `key` holds) finds exactly that city; else a prefix match on either key, biggest cities first; empty input → no hits. */
export async function autocompleteCities(deps: ApiDeps, q: string, options: { country?: string; limit?: number } = {}): Promise<CityHit[]> {
  const asKey = parseCityKey(q.trim().toLowerCase());
  if (asKey && (options.country === undefined || options.country === asKey.countryCode)) {
    const exact = await cityBySlug(deps, asKey.countryCode, asKey.slug);
    if (exact) return [exact];
  }
  const slugPrefix = slugify(q);
  const keyPrefix = nameKey(q);
  if (slugPrefix === "" && keyPrefix === "") return [];
  const limit = options.limit ?? CITY_AUTOCOMPLETE_LIMIT;
  const rows = await baseQuery(deps)
    .where((eb) =>
      eb.or([
        eb.and([eb("cities.slug", ">=", slugPrefix), eb("cities.slug", "<", prefixUpperBound(slugPrefix))]),
        eb.and([eb("cities.name_key", ">=", keyPrefix), eb("cities.name_key", "<", prefixUpperBound(keyPrefix))]),
      ]),
    )
    .$if(options.country !== undefined, (qb) => qb.where("cities.country_code", "=", options.country as string))
    .orderBy("cities.population", "desc")
    .orderBy("cities.id")
    .limit(limit)
    .execute();
  return rows.map(toHit);
}

export async function cityById(deps: ApiDeps, id: number): Promise<CityHit | null> {
  const row = await baseQuery(deps).where("cities.id", "=", id).executeTakeFirst();
  return row ? toHit(row) : null;
}

/** Cities by GeoNames id, for a handful of ids (directory child places). */
export async function citiesById(deps: ApiDeps, ids: readonly number[]): Promise<Map<number, CityHit>> {
  if (ids.length === 0) return new Map();
  const rows = await baseQuery(deps)
    .where("cities.id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, toHit(row)]));
}

export async function cityBySlug(deps: ApiDeps, countryCode: string, slug: string): Promise<CityHit | null> {
  const row = await baseQuery(deps).where("cities.country_code", "=", countryCode).where("cities.slug", "=", slug).executeTakeFirst();
  return row ? toHit(row) : null;
}

/** A URL city value: a key ("de-berlin"), else the best prefix match of the typed name. */
export async function resolveCity(deps: ApiDeps, value: string): Promise<CityHit | null> {
  const key = parseCityKey(value.trim().toLowerCase());
  if (key) {
    const exact = await cityBySlug(deps, key.countryCode, key.slug);
    if (exact) return exact;
  }
  const [best] = await autocompleteCities(deps, value, { limit: 1 });
  return best ?? null;
}

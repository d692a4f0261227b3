/**
 * The city a registering profile is found in: resolving the field of the
 * profile and business basic steps to a row of the geo tables, and the
 * profile columns it fills (what the demo seed fills for its people).
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { CITY_UNKNOWN_MESSAGE, type ProfileCityInput } from "../../contract/profile-city";
import { nameKey } from "../../db/geo/slug";
import { sha256 } from "../../lib/crypto";
import { cityBySlug, parseCityKey, pointAt, resolveCity, type CityHit } from "../geo/index";

/** Typed city names shorter than this (folded) are not resolved by prefix. */
const MIN_TYPED_CITY_LENGTH = 3;

/**
 * The picked suggestion while the field still shows its name (so "Neustadt"
 * picked in Saxony stays there), else the typed name or key as search
 * resolves it. Nothing matching: 400 at `city`.
 */
export async function resolveProfileCity(deps: ApiDeps, input: ProfileCityInput): Promise<CityHit> {
  const key = input.city_key ? parseCityKey(input.city_key.toLowerCase()) : null;
  if (key) {
    const picked = await cityBySlug(deps, key.countryCode, key.slug);
    if (picked && nameKey(picked.name) === nameKey(input.city)) return picked;
  }
  // A bare prefix of one or two letters would silently place the profile in the biggest city that starts
  // that way; from three letters on the best match is taken (the next screens show the city chosen).
  if (!parseCityKey(input.city.trim().toLowerCase()) && nameKey(input.city).length < MIN_TYPED_CITY_LENGTH)
    throw fail.badRequest(CITY_UNKNOWN_MESSAGE, "city");
  const city = await resolveCity(deps, input.city);
  if (!city) throw fail.badRequest(CITY_UNKNOWN_MESSAGE, "city");
  return city;
}

/** Largest distance of a stored point from the city's centre. */
export const PROFILE_POINT_MAX_OFFSET_KM = 2;

/**
 * Privacy: we never ask for or store an address. A profile's point is its
 * city's centre moved by a fixed offset of at most 2 km, derived from the
 * user id (a hash, so neighbouring ids land far apart): the same every time
 * the step is saved, spread over a disc so the city's profiles do not sit on
 * one point, and small enough that radius search still finds them in their
 * city. Six decimals, as the seed stores, so both databases return the same.
 */
export function profilePoint(city: Pick<CityHit, "lat" | "lon">, userId: number): { lat: number; lon: number } {
  const digest = sha256(`profile-point:${userId}`);
  const unitA = parseInt(digest.slice(0, 8), 16) / 0x1_0000_0000;
  const unitB = parseInt(digest.slice(8, 16), 16) / 0x1_0000_0000;
  // sqrt: uniform over the disc's area rather than crowded at its centre.
  return pointAt(city, PROFILE_POINT_MAX_OFFSET_KM * Math.sqrt(unitA), 2 * Math.PI * unitB);
}

/** The profiles columns of a city (profiles.city_* and the point). */
export function profileCityColumns(city: CityHit, userId: number) {
  return {
    city_id: city.id,
    city_slug: city.slug,
    city_name: city.name,
    region_code: city.region_code,
    country_code: city.country_code,
    ...profilePoint(city, userId),
  };
}

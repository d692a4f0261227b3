/**
 * The city field of the profile and business basic steps, the settings and the tours: resolved to a row of the
 * geo tables.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { CITY_UNKNOWN_MESSAGE, type ProfileCityInput } from "../../contract/profile-city";
import { nameKey } from "../../db/geo/slug";
import { cityBySlug, parseCityKey, resolveCity, type CityHit } from "./cities";

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

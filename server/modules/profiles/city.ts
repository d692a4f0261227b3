/**
 * The profile columns a city fills (profiles.city_* and the point; what the demo seed fills for its people). The
 * city field itself is resolved by the geo module (resolveProfileCity).
 */
import { sha256 } from "../../lib/crypto";
import { PROFILE_POINT_MAX_OFFSET_KM } from "../../contract/geo";
import { pointAt, type CityHit } from "../geo/index";

/** Largest distance of a stored point from the city's centre (one number in the contract: the location guide shows it). */
export { PROFILE_POINT_MAX_OFFSET_KM };

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

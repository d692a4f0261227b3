/**
 * The directory's spots (ADR 136): districts or venues of a city (table seo_spots, migration 0121). A spot page
 * lists the profiles within the spot's radius of its centre, ranked as every radius search; an unknown spot is a 404,
 * a known one without profiles an empty page (it is a real place, not a thin copy of the city page).
 */
import type { ApiDeps } from "../../api/types";
import { directoryPath, type DirectoryAddress, type DirectorySpot } from "../../contract/seo";
import { haversineKm } from "../geo/index";

type CityAddress = Required<Omit<DirectoryAddress, "spot">>;

/** A city's spots in name order, with their directory paths under `address`. */
export async function spotsOfCity(deps: ApiDeps, cityId: number, address: CityAddress): Promise<DirectorySpot[]> {
  const rows = await deps.db
    .selectFrom("seo_spots")
    .select(["slug", "name", "lat", "lon", "radius_km"])
    .where("city_id", "=", cityId)
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ ...row, path: directoryPath({ ...address, spot: row.slug }) }));
}

/** One spot of a city, or null when the city has no spot of that slug. */
export async function spotOfCity(deps: ApiDeps, cityId: number, slug: string, address: CityAddress): Promise<DirectorySpot | null> {
  const row = await deps.db
    .selectFrom("seo_spots")
    .select(["slug", "name", "lat", "lon", "radius_km"])
    .where("city_id", "=", cityId)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? { ...row, path: directoryPath({ ...address, spot: row.slug }) } : null;
}

/** Every spot with its city's id (the sitemap). */
export function allSpots(deps: ApiDeps) {
  return deps.db.selectFrom("seo_spots").select(["city_id", "slug", "lat", "lon", "radius_km"]).execute();
}

/** Whether a point lies within a spot's radius (the sitemap's test; the page's listing is the search's own). */
export function isWithinSpot(spot: { lat: number; lon: number; radius_km: number }, point: { lat: number; lon: number }): boolean {
  return haversineKm(spot, point) <= spot.radius_km;
}

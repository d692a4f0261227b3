/** Where the distance sort and the blogs' nearby filter measure from: a chosen city, else the viewer's own place. */
import type { ApiDeps } from "../../api/types";
import { cityKey, resolveCity } from "../geo/index";

export interface Origin {
  name: string;
  key: string;
  lat: number;
  lon: number;
}

export async function originOf(deps: ApiDeps, viewerId: number | null, near: string | undefined): Promise<Origin | null> {
  if (near !== undefined) {
    const city = await resolveCity(deps, near);
    if (city) return { name: city.name, key: city.key, lat: city.lat, lon: city.lon };
  }
  if (viewerId === null) return null;
  const place = await deps.db
    .selectFrom("profiles")
    .select(["city_name", "city_slug", "country_code", "lat", "lon"])
    .where("user_id", "=", viewerId)
    .executeTakeFirst();
  if (!place || place.lat === null || place.lon === null || !place.city_name) return null;
  const key = place.country_code && place.city_slug ? cityKey(place.country_code, place.city_slug) : place.city_name;
  return { name: place.city_name, key, lat: place.lat, lon: place.lon };
}

/**
 * The tours part of the demo seed (listed in this module's manifest, ADR 064): demo_escort (Berlin) announces a
 * stay in München from four to five days ahead, the days of the dinner demo_member asked her for (the dates part's
 * request and the messenger part's conversation about an Italian restaurant in Schwabing). So the profile shows an
 * upcoming tour and `user/tours` has one to edit, and no seeded text speaks of a tour that does not exist (issue 25).
 */
import { demoIds, insertAll, type SeedPart } from "../../db/seed/part";
import { startOfDay, todayIn } from "./service";

/** GeoNames id of München (the seed's cities, server/db/seed/cities.ts). */
const MUENCHEN = 2867714;
const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const toursPart: SeedPart = {
  name: "tours",
  async write(chunk) {
    const ids = demoIds(chunk, ["demo_escort"]);
    if (!ids) return;
    const [escortId] = ids;
    const { trx, now } = chunk;
    const city = await trx
      .selectFrom("cities")
      .select(["id", "slug", "name", "country_code", "region_code", "lat", "lon"])
      .where("id", "=", MUENCHEN)
      .executeTakeFirst();
    if (!city) return;
    // Whole calendar days in the tour's zone, from four days ahead through five.
    const dateFrom = addDays(todayIn(now), 4);
    const dateTo = addDays(dateFrom, 1);
    await insertAll(trx, "tours", [
      {
        user_id: escortId,
        city_id: city.id,
        city_slug: city.slug,
        city_name: city.name,
        country_code: city.country_code,
        region_code: city.region_code,
        lat: city.lat,
        lon: city.lon,
        date_from: dateFrom,
        date_to: dateTo,
        starts_at: startOfDay(dateFrom),
        ends_at: startOfDay(addDays(dateTo, 1)),
        cancelled_at: null,
        created_at: now - 3 * DAY_MS,
      },
    ]);
  },
};

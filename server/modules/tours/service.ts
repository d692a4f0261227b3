/**
 * Tours (issue 10 item 5, ADR 028): the member's own list, announce, cancel and delete; and what other
 * modules read — the active tours of a search's place, and a profile's upcoming and active tours. The
 * status is derived from the dates and the cancel flag as of the server clock (deps.clock): no job.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { lockMembersForLimits } from "../../db/locks";
import type { ToursTable } from "../../db/schema";
import {
  TOUR_ERRORS,
  TOUR_MAX_DAYS,
  TOUR_MAX_DAYS_AHEAD,
  TOUR_USER_TYPES,
  TOURS_MAX_OPEN,
  tourDays,
  type CreateTourInput,
  type Tour,
  type TourList,
  type TourStatus,
  type TourStop,
} from "../../contract/tours";
import { operatorDayOf, operatorDayStart } from "../../contract/calendar";
import { cityKey } from "../geo/index";
import { resolveProfileCity } from "../geo/index";

const DAY_MS = 86_400_000;

/** The instant a calendar day starts in TOUR_TIME_ZONE (the operator's zone, contract/calendar.ts). */
export const startOfDay = operatorDayStart;

/** Today's calendar day in TOUR_TIME_ZONE (YYYY-MM-DD). */
export const todayIn = operatorDayOf;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

interface TourRow {
  id: number;
  city_name: string;
  city_slug: string;
  country_code: string;
  date_from: string;
  date_to: string;
  starts_at: number;
  ends_at: number;
  cancelled_at: number | null;
}

export function tourStatus(row: Pick<TourRow, "starts_at" | "ends_at" | "cancelled_at">, now: number): TourStatus {
  if (row.cancelled_at !== null) return "cancelled";
  if (Number(row.ends_at) <= now) return "past";
  return Number(row.starts_at) <= now ? "active" : "upcoming";
}

async function assertTouring(deps: ApiDeps, userId: number): Promise<void> {
  const user = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  if (!user) throw fail.unauthorized();
  if (!TOUR_USER_TYPES.includes(user.user_type)) throw fail.forbidden(TOUR_ERRORS.notForUserType);
}

const COLUMNS = ["id", "city_name", "city_slug", "country_code", "date_from", "date_to", "starts_at", "ends_at", "cancelled_at"] as const;

function toTour(row: TourRow, now: number): Tour {
  return {
    id: row.id,
    city_name: row.city_name,
    city_key: cityKey(row.country_code, row.city_slug),
    country_code: row.country_code,
    date_from: row.date_from,
    date_to: row.date_to,
    status: tourStatus(row, now),
  };
}

/** Not cancelled and not over: what counts towards TOURS_MAX_OPEN. */
const isOpen = (row: Pick<TourRow, "starts_at" | "ends_at" | "cancelled_at">, now: number) => {
  const status = tourStatus(row, now);
  return status === "upcoming" || status === "active";
};

export async function listTours(deps: ApiDeps, userId: number): Promise<TourList> {
  await assertTouring(deps, userId);
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom("tours")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return {
    tours: rows.map((row) => toTour(row, now)),
    open_count: rows.filter((row) => isOpen(row, now)).length,
    max_open: TOURS_MAX_OPEN,
    max_days: TOUR_MAX_DAYS,
  };
}

/** The date rules that need today's date (the schema checked the format and from ≤ to). */
function checkDates(input: CreateTourInput, now: number): void {
  const today = todayIn(now);
  if (input.date_from < today) throw fail.badRequest(TOUR_ERRORS.inThePast, "date_from");
  if (input.date_from > addDays(today, TOUR_MAX_DAYS_AHEAD)) throw fail.badRequest(TOUR_ERRORS.tooFarAhead, "date_from");
  if (tourDays(input.date_from, input.date_to) > TOUR_MAX_DAYS) throw fail.badRequest(TOUR_ERRORS.tooLong, "date_to");
}

export async function createTour(deps: ApiDeps, userId: number, input: CreateTourInput): Promise<TourList> {
  await assertTouring(deps, userId);
  const now = deps.clock.now();
  checkDates(input, now);
  const city = await resolveProfileCity(deps, input);
  const startsAt = startOfDay(input.date_from);
  const endsAt = startOfDay(addDays(input.date_to, 1));
  await deps.db.transaction().execute(async (trx) => {
    // Two announcements at once: the second waits here until the first committed, then counts it (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "tours", [userId]);
    const open = await trx
      .selectFrom("tours")
      .select(["starts_at", "ends_at", "cancelled_at"])
      .where("user_id", "=", userId)
      .where("cancelled_at", "is", null)
      .where("ends_at", ">", now)
      .execute();
    if (open.length >= TOURS_MAX_OPEN) throw new ApiError(409, [errorItem(409, TOUR_ERRORS.limitReached)]);
    // One place at a time: a profile is listed in one tour city, never two.
    if (open.some((row) => Number(row.starts_at) < endsAt && Number(row.ends_at) > startsAt))
      throw fail.badRequest(TOUR_ERRORS.overlaps, "date_from");
    await trx
      .insertInto("tours")
      .values({
        user_id: userId,
        city_id: city.id,
        city_slug: city.slug,
        city_name: city.name,
        country_code: city.country_code,
        region_code: city.region_code,
        lat: city.lat,
        lon: city.lon,
        date_from: input.date_from,
        date_to: input.date_to,
        starts_at: startsAt,
        ends_at: endsAt,
        cancelled_at: null,
        created_at: now,
      })
      .execute();
  });
  return listTours(deps, userId);
}

/** The member's own tour, or 404 (another member's id looks like no tour). */
async function ownTour(deps: ApiDeps, userId: number, tourId: number): Promise<TourRow> {
  const row = await deps.db.selectFrom("tours").select(COLUMNS).where("id", "=", tourId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound(TOUR_ERRORS.notFound);
  return row;
}

/** Cancels an upcoming or active tour (it stays in the list as cancelled); 409 for a past or cancelled one. */
export async function cancelTour(deps: ApiDeps, userId: number, tourId: number): Promise<TourList> {
  await assertTouring(deps, userId);
  const now = deps.clock.now();
  const row = await ownTour(deps, userId, tourId);
  if (!isOpen(row, now)) throw fail.conflict(TOUR_ERRORS.notCancellable);
  await deps.db.updateTable("tours").set({ cancelled_at: now }).where("id", "=", row.id).where("cancelled_at", "is", null).execute();
  return listTours(deps, userId);
}

/** Removes a tour from the member's list, whatever its state. */
export async function deleteTour(deps: ApiDeps, userId: number, tourId: number): Promise<TourList> {
  await assertTouring(deps, userId);
  const row = await ownTour(deps, userId, tourId);
  await deps.db.deleteFrom("tours").where("id", "=", row.id).execute();
  return listTours(deps, userId);
}

/** A profile's upcoming and active tours, soonest first (the profile page). */
export async function upcomingToursOf(deps: ApiDeps, userId: number): Promise<TourStop[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom("tours")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .where("cancelled_at", "is", null)
    .where("ends_at", ">", now)
    .orderBy("starts_at")
    .execute();
  return rows.map((row) => ({
    city_name: row.city_name,
    date_from: row.date_from,
    date_to: row.date_to,
    status: Number(row.starts_at) <= now ? "active" : "upcoming",
  }));
}

const ACTIVE_TOUR_COLUMNS = [
  "user_id",
  "city_id",
  "city_name",
  "country_code",
  "region_code",
  "lat",
  "lon",
  "date_from",
  "date_to",
] as const;
/** An active tour as search sees it: the member, the tour city's place and the dates. */
export type ActiveTour = Pick<ToursTable, (typeof ACTIVE_TOUR_COLUMNS)[number]>;

/**
 * Tours active now in a place: a box (radius searches; the caller checks the exact distance), countries,
 * a city or a region. Search lists these members there too (ADR 028).
 */
export async function activeTours(
  deps: ApiDeps,
  place: {
    box?: { minLat: number; maxLat: number; minLon: number; maxLon: number };
    countries?: readonly string[];
    cityId?: number;
    regionCode?: string;
  },
): Promise<ActiveTour[]> {
  const now = deps.clock.now();
  let query = deps.db
    .selectFrom("tours")
    .select(ACTIVE_TOUR_COLUMNS)
    .where("ends_at", ">", now)
    .where("starts_at", "<=", now)
    .where("cancelled_at", "is", null);
  if (place.box) {
    const { minLat, maxLat, minLon, maxLon } = place.box;
    query = query.where("lat", ">=", minLat).where("lat", "<=", maxLat).where("lon", ">=", minLon).where("lon", "<=", maxLon);
  }
  if (place.countries && place.countries.length > 0) query = query.where("country_code", "in", [...place.countries]);
  if (place.cityId !== undefined) query = query.where("city_id", "=", place.cityId);
  if (place.regionCode !== undefined) query = query.where("region_code", "=", place.regionCode);
  const rows = await query.orderBy("user_id").execute();
  return rows.map((row) => ({ ...row, lat: Number(row.lat), lon: Number(row.lon) }));
}

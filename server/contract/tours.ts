/**
 * Tours (issue 10 item 5, spec sections 4 and 9; ADR 028): an escort announces a stay in another city for
 * a range of calendar dates. While a tour is active the profile is also listed in that city's search and
 * directory, with "in town from/to", and matches the on_tour filter there.
 *
 * Dates are calendar days in TOUR_TIME_ZONE (the site's home); a tour runs from the start of `date_from`
 * to the end of `date_to` there. The status is derived, never stored: cancelled if cancelled, else past,
 * active or upcoming as of the server clock.
 */
import * as v from "valibot";
import { profileCityEntries } from "./profile-city";
import { OPERATOR_TIME_ZONE } from "./calendar";

/** Spec section 9: "Tour count limit 3 per person" — tours that are upcoming or active (past and cancelled ones do not count). */
export const TOURS_MAX_OPEN = 3;
/** The longest tour, counted in calendar days including both ends. */
export const TOUR_MAX_DAYS = 60;
/** How far ahead a tour may start (days from today). */
export const TOUR_MAX_DAYS_AHEAD = 365;
/** Calendar days are days here. */
export const TOUR_TIME_ZONE = OPERATOR_TIME_ZONE;
/** Who may tour: in ./tour-users (free of valibot, the dashboard reads it in the browser). */
export { TOUR_USER_TYPES } from "./tour-users";

export const TOUR_STATUSES = ["upcoming", "active", "past", "cancelled"] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

export const TOUR_ERRORS = {
  dateInvalid: "validation.tours.date_invalid",
  toBeforeFrom: "validation.tours.to_before_from",
  inThePast: "validation.tours.in_the_past",
  tooLong: `validation.tours.too_long?max=${TOUR_MAX_DAYS}`,
  tooFarAhead: `validation.tours.too_far_ahead?max=${TOUR_MAX_DAYS_AHEAD}`,
  limitReached: `exception.tours.limit_reached?max=${TOURS_MAX_OPEN}`,
  notForUserType: "exception.tours.not_for_user_type",
  notFound: "exception.tours.not_found",
  notCancellable: "exception.tours.not_cancellable",
  overlaps: "validation.tours.overlaps",
} as const;

const isoDate = v.pipe(
  v.string(TOUR_ERRORS.dateInvalid),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.isoDate(TOUR_ERRORS.dateInvalid),
  // isoDate accepts 2026-02-31; a real calendar day round-trips.
  // valibot runs the checks after a failed one too: an empty or malformed value must not throw here.
  v.check((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, TOUR_ERRORS.dateInvalid),
);

/** POST /tours: a city (as the profile's city field: a name or a /search/city key, plus the picked key) and two dates. */
export const createTourSchema = v.pipe(
  v.object({ ...profileCityEntries, date_from: isoDate, date_to: isoDate }, "validation.required"),
  v.forward(
    v.check((input) => input.date_from <= input.date_to, TOUR_ERRORS.toBeforeFrom),
    ["date_to"],
  ),
);
export type CreateTourInput = v.InferOutput<typeof createTourSchema>;

/** Calendar days from `from` to `to`, both included (ISO dates). */
export function tourDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A tour as its owner sees it. */
export interface Tour {
  id: number;
  city_name: string;
  city_key: string;
  country_code: string;
  date_from: string;
  date_to: string;
  status: TourStatus;
}

/** GET /tours: the member's tours (newest start first) and how many more may be announced. */
export interface TourList {
  tours: Tour[];
  open_count: number;
  max_open: number;
  max_days: number;
}

/** A tour on a profile page or a search tile: where and when ("in town from/to"). */
export interface TourStop {
  city_name: string;
  date_from: string;
  date_to: string;
  status: "upcoming" | "active";
}

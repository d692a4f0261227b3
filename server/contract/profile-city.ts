/**
 * The city a profile is found in (Wohnort / place of work): asked in the
 * individual "profile" step and the business "basic" step, and what search
 * (a radius around a point) and the SEO city directory (city_id) list by.
 *
 * `city` is what the field shows: a typed name ("München", "muenchen", a
 * prefix the API completes) or a key from GET /search/city ("de-berlin").
 * `city_key` is the suggestion picked with JavaScript; it only counts while
 * `city` still names that city, so typing something else afterwards wins.
 * Which city a value means is decided by the API (it has the geo tables);
 * an unknown one is a field error at `city` with CITY_UNKNOWN_MESSAGE.
 */
import * as v from "valibot";

/** Longer than any city name in the geo tables ("Frankfurt am Main" is 17). */
export const CITY_INPUT_MAX = 80;
export const CITY_UNKNOWN_MESSAGE = "validation.city_unknown";

export const cityInputSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.maxLength(CITY_INPUT_MAX, `validation.steps.too_long?max=${CITY_INPUT_MAX}`),
);

/** Never an error of its own: a key that is malformed or stale just falls back to `city`. */
export const cityKeyInputSchema = v.optional(
  v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(CITY_INPUT_MAX + 3, "validation.invalid")),
);

/** The entries both step schemas spread in. */
export const profileCityEntries = { city: cityInputSchema, city_key: cityKeyInputSchema };
export type ProfileCityInput = { city: string; city_key?: string | undefined };

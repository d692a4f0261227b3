/**
 * The location guide's "set your own location" without JavaScript (spec section 2 "location guide", ADR 138): a
 * typed place name, looked up with the search's city lookup, then picked from a list. Both tiers read this file.
 */
import * as v from "valibot";

export const PLACE_QUERY_MIN = 2;
/** The city lookup's own bound (GET /search/city takes at most 60 characters). */
export const PLACE_QUERY_MAX = 60;

/** GET location_guide?place=…: the typed name (the radius is read like the search reads it, never refused). */
export const placeQuerySchema = v.object(
  {
    place: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.minLength(PLACE_QUERY_MIN, `validation.steps.too_short?min=${PLACE_QUERY_MIN}`),
      v.maxLength(PLACE_QUERY_MAX, `validation.steps.too_long?max=${PLACE_QUERY_MAX}`),
    ),
  },
  "validation.required",
);

/** The place field's message when the lookup knows no such city (translated in the directory namespace). */
export const PLACE_NOT_FOUND = "seo.location_guide.set.not_found";

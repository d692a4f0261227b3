/**
 * The search form's min/max fields (weight, height, customized price): what
 * the user typed that the query-string parser (search.ts) had to drop or fix,
 * so the page can say so by the field. A module of its own because it needs
 * the profile form's bounds from traits.ts, which the search page's browser
 * bundle should not carry; the loader passes the bounds along with the hints.
 * Pure and never throws, like search.ts.
 */
import { parseRange } from "./search";
import { PRICE_MAX } from "./registration-steps";
import { APPEARANCE_MEASURES } from "./traits";

/**
 * Bounds of the numeric filter inputs: weight and height as the profile form
 * allows them (section 5), prices from 0 (the lowest band starts there) to the
 * price limit of section 5.
 */
export const SEARCH_INPUT_BOUNDS = {
  weight: { min: APPEARANCE_MEASURES.weight.min, max: APPEARANCE_MEASURES.weight.max },
  height: { min: APPEARANCE_MEASURES.height.min, max: APPEARANCE_MEASURES.height.max },
  price: { min: 0, max: PRICE_MAX },
} as const;
export type SearchInputField = keyof typeof SEARCH_INPUT_BOUNDS;
export type SearchInputError = "not_a_number" | "min_above_max" | "out_of_range";

const RANGE_TEXT_RE = /^(\d{1,6}|\*)?-(\d{1,6}|\*)?$|^\d{1,6}\+$/;

/**
 * What the user typed into the min/max fields (or a hand-made range) that the
 * parser had to drop or fix, per field: the page shows a hint by the field
 * instead of silently searching something else. Prices count only when
 * customized (otherwise the band select owns them).
 */
export function searchInputErrors(params: URLSearchParams): Partial<Record<SearchInputField, SearchInputError>> {
  const out: Partial<Record<SearchInputField, SearchInputError>> = {};
  const customized = params.get("customized") === "1" || params.get("customized") === "true";
  for (const field of Object.keys(SEARCH_INPUT_BOUNDS) as SearchInputField[]) {
    if (field === "price" && !customized) continue;
    const combined = params.get(field)?.trim() ?? "";
    const min = params.get(`${field}_min`)?.trim() ?? "";
    const max = params.get(`${field}_max`)?.trim() ?? "";
    if (combined !== "" && !RANGE_TEXT_RE.test(combined)) {
      out[field] = "not_a_number";
      continue;
    }
    if ((min !== "" && !/^\d{1,6}$/.test(min)) || (max !== "" && !/^\d{1,6}$/.test(max))) {
      out[field] = "not_a_number";
      continue;
    }
    const range = combined !== "" ? parseRange(combined) : undefined;
    const lo = min !== "" ? Number(min) : range && range[0] !== "*" ? range[0] : undefined;
    const hi = max !== "" ? Number(max) : range && range[1] !== "*" ? range[1] : undefined;
    const { min: floor, max: ceiling } = SEARCH_INPUT_BOUNDS[field];
    if ([lo, hi].some((n) => n !== undefined && (n < floor || n > ceiling))) out[field] = "out_of_range";
    else if (min !== "" && max !== "" && Number(min) > Number(max)) out[field] = "min_above_max";
  }
  return out;
}

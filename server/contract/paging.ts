/** The `page` parameter of the API's paged lists: one rule for every list. */
import * as v from "valibot";

const invalid = "validation.invalid";
/** 1 to 9999, as the query string carries it. */
const PAGE_DIGITS = /^[1-9]\d{0,3}$/;

/** `page` in a list's query: page 1 when left out; a number after parsing. */
export const pageQueryParam = v.optional(v.pipe(v.string(invalid), v.regex(PAGE_DIGITS, invalid), v.transform(Number)), "1");

/** The same for a list that ends: a page after `lastPage` is invalid. */
export function pageQueryParamUpTo(lastPage: number) {
  return v.optional(v.pipe(v.string(invalid), v.regex(PAGE_DIGITS, invalid), v.transform(Number), v.maxValue(lastPage, invalid)), "1");
}

/**
 * The limits and rules the join and settings forms render (price bounds, which genders see which appearance fields,
 * the appearance measures; the texts' lengths are a leaf of their own, ./profile-text-limits, ADR 174), in a module
 * without valibot (ADR 161, the pattern of ADR 156): the pages import them from here, and the step schemas that
 * enforce them (./registration-steps) reach the browser only by import() when a form is first used.
 * registration-steps.ts and traits.ts re-export them.
 */
import { PRICE_DURATIONS } from "./search-basics";
import { GENDER } from "./users";

/** Spec section 5: penis fields take at most 5 characters ("17.5"). */
export const PENIS_FIELD_MAX_CHARS = 5;
export const PRICE_MIN = 1;
export const PRICE_MAX = 100_000;
/** Spec section 3: the durations a time price can have, in minutes (one list, kept with search's filters). */
export { PRICE_DURATIONS };
export const priceKey = (minutes: number) => `price_${minutes}_mins`;
export const PRICE_ITEM_TYPE = { time: 1, extra: 2 } as const;
/** Extras (item type 2) one profile lists; the spec gives no number. */
export const EXTRAS_MAX = 10;
export const EXTRA_NAME_MAX = 60;
/** Several slots per day are allowed (e.g. lunch and evening); four a day is plenty. */
export const SCHEDULE_SLOTS_MAX = 28;
/**
 * "Available now" (spec section 3 user calls: available-now) lasts this long
 * after it is switched on; the spec gives no duration. Three hours matches the
 * basic rise-up window of spec section 6.
 */
export const AVAILABLE_NOW_MS = 3 * 60 * 60 * 1000;
/** Escort profiles a business links in one step; the spec gives no number. */
export const BUSINESS_ESCORTS_MAX = 50;

/**
 * Genders whose appearance form shows penis length and diameter: every
 * gender code of spec section 3 that includes a man or a trans person.
 * Women and female couples never see (nor may send) them.
 */
const PENIS_GENDERS: ReadonlySet<number> = new Set([
  GENDER.male,
  GENDER.trans,
  GENDER.couple_female_male,
  GENDER.trans_female,
  GENDER.male_male,
  GENDER.trans_male,
  GENDER.trans_trans,
]);
export function penisFieldsApply(gender: number | null | undefined): boolean {
  return gender !== null && gender !== undefined && PENIS_GENDERS.has(gender);
}

/**
 * Genders whose appearance form shows cup sizes: every gender code that
 * includes a woman or a trans person. Men and male couples never see (nor
 * may send) them.
 */
const CUP_SIZE_GENDERS: ReadonlySet<number> = new Set([
  GENDER.female,
  GENDER.trans,
  GENDER.female_female,
  GENDER.couple_female_male,
  GENDER.trans_female,
  GENDER.trans_male,
  GENDER.trans_trans,
]);
export function cupSizeApplies(gender: number | null | undefined): boolean {
  return gender !== null && gender !== undefined && CUP_SIZE_GENDERS.has(gender);
}

/**
 * Numeric appearance fields of spec section 5 (inclusive bounds). They sit
 * next to the choice groups in the same forms.
 */
export const APPEARANCE_MEASURES = {
  height: { min: 145, max: 230, unit: "cm" },
  weight: { min: 40, max: 200, unit: "kg" },
  penis_length: { min: 5, max: 40, unit: "cm" },
  penis_diameter: { min: 1, max: 15, unit: "cm" },
} as const;

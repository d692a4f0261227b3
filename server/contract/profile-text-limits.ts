/**
 * The lengths of a profile's texts the join and settings forms render (spec section 5), in a leaf (ADR 174): the
 * status and description forms need nothing else, and ./profile-form-limits brings the gender rules and the price
 * durations along. ./registration-steps re-exports these with the other limits.
 */

export const PROFESSION_MAX = 70;
export const STATUS_TEXT_MAX = 250;
export const DESCRIPTION_MAX = 2500;
export const INTERESTS_MAX = 2500;
export const BUSINESS_DESCRIPTION_MIN = 140;

/** Profile text limits of spec section 5 (validation rules), shared by both tiers. */

export const STATUS_TEXT_MAX = 250;
export const DESCRIPTION_MAX = 2500;
/** Businesses describe themselves in at least this many characters. */
export const BUSINESS_DESCRIPTION_MIN = 140;

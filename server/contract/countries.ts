/**
 * Countries offered in forms (ISO 3166-1 alpha-2) with phone codes. Names are
 * localized at run time with Intl.DisplayNames. Spec section 9 names the phone
 * codes DE 49, AT 43, CH 41, NL 31; the rest are the ITU codes of the region.
 */
export const COUNTRY_CODES: ReadonlyArray<{ code: string; phone: number }> = [
  { code: "DE", phone: 49 },
  { code: "AT", phone: 43 },
  { code: "CH", phone: 41 },
  { code: "NL", phone: 31 },
  { code: "BE", phone: 32 },
  { code: "LU", phone: 352 },
  { code: "FR", phone: 33 },
  { code: "IT", phone: 39 },
  { code: "ES", phone: 34 },
  { code: "PT", phone: 351 },
  { code: "PL", phone: 48 },
  { code: "CZ", phone: 420 },
  { code: "SK", phone: 421 },
  { code: "HU", phone: 36 },
  { code: "DK", phone: 45 },
  { code: "SE", phone: 46 },
  { code: "NO", phone: 47 },
  { code: "FI", phone: 358 },
  { code: "GB", phone: 44 },
  { code: "IE", phone: 353 },
  { code: "RO", phone: 40 },
  { code: "BG", phone: 359 },
  { code: "HR", phone: 385 },
  { code: "SI", phone: 386 },
  { code: "GR", phone: 30 },
  { code: "LT", phone: 370 },
  { code: "LV", phone: 371 },
  { code: "EE", phone: 372 },
  { code: "UA", phone: 380 },
];

/** Country codes accepted for phone verification (spec section 9). */
export const PHONE_COUNTRY_CODES = { DE: 49, AT: 43, CH: 41, NL: 31 } as const;

/**
 * The search form's bands and radii (spec section 9): what the search pages draw in the browser — the radius options
 * and their clamp, the age and price bands and which band a range is. A leaf: ./search-url (which re-exports all of
 * it) holds the URL mapping the pages' links are built with on the server (ADR 168).
 */

export const RADIUS_OPTIONS = [5, 10, 20, 30, 50, 100] as const;
export const DEFAULT_RADIUS = 100;
/** Members may search 150 to 500 km (spec section 6: "Radii 150-500 only for members"). */
export const MEMBER_RADIUS_OPTIONS = [150, 200, 300, 400, 500] as const;

export const AGE_BANDS = { "18-25": [18, 25], "26-35": [26, 35], "36-45": [36, 45], "46+": [46, "*"] } as const;
export type AgeBand = keyof typeof AGE_BANDS;
export const AGE_BAND_KEYS = Object.keys(AGE_BANDS) as AgeBand[];
export const PRICE_BANDS = { "0-100": [0, 100], "100-150": [100, 150], "150-200": [150, 200], "200+": [200, "*"] } as const;
export type PriceBand = keyof typeof PRICE_BANDS;
export const PRICE_BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];

/**
 * 0 or less, not a number, or above the default for non-members resets to the
 * default; members (`wideRadius`: wideRadiusFor) may use the member options up
 * to 500. Values between the regular options snap to the default too, so URLs
 * stay on the offered list.
 */
export function clampRadius(radius: number | undefined, wideRadius: boolean): number {
  if (radius === undefined || !Number.isFinite(radius) || radius <= 0) return DEFAULT_RADIUS;
  if ((RADIUS_OPTIONS as readonly number[]).includes(radius)) return radius;
  if (wideRadius && (MEMBER_RADIUS_OPTIONS as readonly number[]).includes(radius)) return radius;
  return DEFAULT_RADIUS;
}

export function radiusOptionsFor(wideRadius: boolean): number[] {
  return wideRadius ? [...RADIUS_OPTIONS, ...MEMBER_RADIUS_OPTIONS] : [...RADIUS_OPTIONS];
}

export type RangeEnd = number | "*";
export type Range = [RangeEnd, RangeEnd];

/** Two ranges with the same ends. */
export function sameRange(a: Range, b: Range): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The band key for a range, when it is one (for the form's selects). */
export function ageBandOf(range: Range | undefined): AgeBand | undefined {
  return range ? AGE_BAND_KEYS.find((band) => sameRange(AGE_BANDS[band] as unknown as Range, range)) : undefined;
}
export function priceBandOf(range: Range | undefined): PriceBand | undefined {
  return range ? PRICE_BAND_KEYS.find((band) => sameRange(PRICE_BANDS[band] as unknown as Range, range)) : undefined;
}

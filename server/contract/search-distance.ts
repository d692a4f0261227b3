/**
 * A profile tile's distance (spec section 9), a leaf of its own: the tile is the only browser module that reads it,
 * so the bundler keeps it in the tile's chunk, and the member homes, which show tiles but no search form, carry none
 * of contract/search-url's URL mapping (ADR 155). contract/search-url.ts re-exports it.
 */

/** "<1km" under 1, ">500km" over 500, else whole kilometres. */
export function distanceLabel(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km)) return null;
  if (km < 1) return "<1km";
  if (km > 500) return ">500km";
  return `${Math.round(km)}km`;
}

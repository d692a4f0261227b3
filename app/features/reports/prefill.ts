/** A `location` query (a path on this site, as the profile's guest link sends it) becomes the notice form's prefilled address. */
export function prefilledLocation(origin: string, location: string | null): string {
  if (!location || !location.startsWith("/") || location.startsWith("//") || location.length > 500) return "";
  return `${origin}${location}`;
}

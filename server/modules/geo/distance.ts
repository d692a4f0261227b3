/**
 * Distances on the one sphere of contract/geo (EARTH_RADIUS_KM, KM_PER_DEGREE): the great-circle distance, the
 * box around a circle that a (lat, lon) index can range-scan, and a point at a distance and bearing from another.
 */
import { EARTH_RADIUS_KM, KM_PER_DEGREE } from "../../contract/geo";

export interface GeoPoint {
  lat: number;
  lon: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Great-circle distance in km (haversine). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = RADIANS_PER_DEGREE;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The bounding box of a circle: a superset of it, for the first cut on a (lat, lon) index; the exact distance comes after. */
export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  // Near the poles a degree of longitude shrinks to nothing: the floor on the cosine and the cap at 180° keep the box finite.
  const cos = Math.max(0.01, Math.cos(lat * RADIANS_PER_DEGREE));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

/**
 * The point `distanceKm` from `origin` towards `bearing` (radians, 0 north, clockwise), on the plane tangent at the
 * origin (exact enough within a city), rounded to six decimals (~0.1 m) so both databases store and return the same
 * double.
 */
export function pointAt(origin: GeoPoint, distanceKm: number, bearing: number): GeoPoint {
  const lat = origin.lat + (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const lon = origin.lon + (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos(origin.lat * RADIANS_PER_DEGREE));
  return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
}

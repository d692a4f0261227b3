/**
 * The stored point of a registering profile: its city's centre plus a fixed
 * per-user offset of at most 2 km (no address is ever stored).
 */
import { describe, expect, it } from "vitest";
import { PROFILE_POINT_MAX_OFFSET_KM, profilePoint } from "#server/modules/profiles/city";

const HAMBURG = { lat: 53.55073, lon: 9.99302 };

function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe("profilePoint", () => {
  const points = Array.from({ length: 2000 }, (_, i) => profilePoint(HAMBURG, i + 1));

  it("stays within 2 km of the centre (plus rounding)", () => {
    for (const point of points) expect(km(HAMBURG, point)).toBeLessThanOrEqual(PROFILE_POINT_MAX_OFFSET_KM + 0.01);
  });

  it("is the same for the same user and differs between users", () => {
    expect(profilePoint(HAMBURG, 42)).toEqual(profilePoint(HAMBURG, 42));
    expect(new Set(points.map((p) => `${p.lat},${p.lon}`)).size).toBe(points.length);
  });

  it("spreads over the disc instead of piling up at the centre or the rim", () => {
    const inner = points.filter((p) => km(HAMBURG, p) <= PROFILE_POINT_MAX_OFFSET_KM / 2).length / points.length;
    // Uniform over the area: a quarter lies within half the radius.
    expect(inner).toBeGreaterThan(0.18);
    expect(inner).toBeLessThan(0.32);
  });
});

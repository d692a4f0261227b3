/** The profiles group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import * as v from "valibot";
import { defineOperation } from "../operation";

const coordinate = (min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.number("validation.invalid"),
      v.minValue(min, "validation.invalid"),
      v.maxValue(max, "validation.invalid"),
    ),
  );

/** GET /profiles/{username}/driving-minutes: the origin (else the viewer's own profile location). */
const drivingMinutesQuerySchema = v.object({ lat: coordinate(-90, 90), lon: coordinate(-180, 180) });

export const profilesOps = {
  mini: defineOperation({ method: "get", path: "/api/v2/profiles/:username/mini", response: "ProfileMini" }),
  detail: defineOperation({ method: "get", path: "/api/v2/profiles/:username/detail", response: "ProfileDetail" }),
  trustLevel: defineOperation({ method: "get", path: "/api/v2/profiles/:username/trust-level", response: "TrustLevel" }),
  regionbox: defineOperation({ method: "get", path: "/api/v2/profiles/:username/regionbox", response: "RegionBox" }),
  avatars: defineOperation({ method: "get", path: "/api/v2/profiles/:username/avatars", response: "GalleryItems" }),
  workHours: defineOperation({ method: "get", path: "/api/v2/profiles/:username/work-hours", response: "WorkHours" }),
  tags: defineOperation({ method: "get", path: "/api/v2/profiles/:username/tags", response: "ProfileTags" }),
  nearby: defineOperation({ method: "get", path: "/api/v2/profiles/:username/nearby", response: "NearbyProfiles" }),
  drivingMinutes: defineOperation({
    method: "get",
    path: "/api/v2/profiles/:username/driving-minutes",
    query: drivingMinutesQuerySchema,
    response: "DrivingMinutes",
  }),
};

import type { Context } from "hono";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ApiEnv } from "../../api/types";
import { isValidProfileUsername } from "../../contract/validation";
import { profilesOps } from "../../contract/operations/profiles";
import type { ModuleContext } from "../../api/module-context";
import { viewerContext, type ViewerContext } from "../access/index";
import { recordProfileView } from "../dashboard/index";
import { recordProfileVisit } from "../favorites/index";
import { haversineKm } from "../geo/index";
import {
  drivingMinutes,
  loadVisibleProfile,
  nearbyProfiles,
  PROFILE_NOT_FOUND,
  profileDetail,
  profileMini,
  regionbox,
  tagsOf,
  trustLevel,
  viewerPoint,
  visibleMedia,
  workHours,
} from "./service";

const TAG = "profiles";
const STATUSES = [403, 404];
const VISIBILITY_NOTE =
  " 404 when the profile does not exist, is not listed (inactive, hidden, unfinished registration) or a block separates viewer and owner; " +
  "403 exception.profile.members_only for guests on a members-only profile; " +
  "403 exception.profile.paused when its owner paused it (anyone a block does not separate from them).";

/** Guests share one answer per profile; a signed-in viewer's answer depends on who they are. */
function cacheFor(c: Context<ApiEnv>, viewer: ViewerContext) {
  c.header("Cache-Control", viewer.id === null ? "public, max-age=60" : "private, no-store");
  c.header("Vary", "Authorization, Accept-Language");
}

async function resolve(c: Context<ApiEnv>) {
  const username = c.req.param("username") ?? "";
  if (!isValidProfileUsername(username) || username === "") throw fail.notFound(PROFILE_NOT_FOUND);
  const deps = c.get("deps");
  const viewer = await viewerContext(deps, c.get("user"));
  const row = await loadVisibleProfile(deps, username, viewer);
  cacheFor(c, viewer);
  return { deps, viewer, row };
}

export function registerProfiles({ v2 }: ModuleContext): void {
  const base = { tag: TAG, auth: "optional" as const, statuses: STATUSES };

  v2.add(
    profilesOps.mini,
    {
      ...base,
      summary: "A profile's card: name, type, age, city, avatar." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, viewer, row } = await resolve(c);
      return ok(c, await profileMini(deps, row, viewer));
    },
  );

  v2.add(
    profilesOps.detail,
    {
      ...base,
      summary:
        "Everything the profile page shows: basics, location (city level), texts, appearance, traits (group_key + option ids), prices, work hours, badges, " +
        "tours, reviews summary, the gallery the viewer may see (public; logged_in for members; plus_member for plus members; fsk18 for age-verified viewers; " +
        "private for the owner) and how many media each level hides." +
        VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, viewer, row } = await resolve(c);
      const detail = await profileDetail(deps, row, viewer);
      // The dashboard's view counter (ADR 033). A failed count must not cost the viewer the page.
      await recordProfileView(deps, {
        ownerId: row.id,
        viewerId: viewer.id,
        viewerType: viewer.userType,
        ip: c.get("clientIp"),
        userAgent: c.req.header("user-agent") ?? "",
      }).catch((err: unknown) => c.get("log").warn({ err }, "profile view not counted"));
      // The visitors list (issue 11, ADR 036): signed-in members only, not invisible plus members or staff.
      await recordProfileVisit(deps, { ownerId: row.id, viewerId: viewer.id, viewerType: viewer.userType }).catch((err: unknown) =>
        c.get("log").warn({ err }, "profile visit not recorded"),
      );
      return ok(c, detail);
    },
  );

  v2.add(
    profilesOps.trustLevel,
    {
      ...base,
      summary: "Trust level 0–4 with its criteria; `shown` is the plus badge." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, row } = await resolve(c);
      return ok(c, await trustLevel(deps, row));
    },
  );

  v2.add(
    profilesOps.regionbox,
    {
      ...base,
      summary: "The profile's city, region and country slugs and up to 8 cities within 100 km." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, row } = await resolve(c);
      return ok(c, await regionbox(deps, row));
    },
  );

  v2.add(
    profilesOps.avatars,
    {
      ...base,
      summary: "The avatar photos the viewer may see." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, viewer, row } = await resolve(c);
      return ok(c, await visibleMedia(deps, row.id, viewer, { avatarsOnly: true }));
    },
  );

  v2.add(
    profilesOps.workHours,
    {
      ...base,
      summary: "Weekly schedule (ISO day 1–7, HH:MM) and available-now." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, row } = await resolve(c);
      return ok(c, await workHours(deps, row));
    },
  );

  v2.add(
    profilesOps.tags,
    {
      ...base,
      summary: "Offer tags (role, services, meeting options, customers) as group_key + option_id." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, row } = await resolve(c);
      return ok(c, await tagsOf(deps, row.id));
    },
  );

  v2.add(
    profilesOps.nearby,
    {
      ...base,
      summary: "Up to 12 listed profiles of the same type within 25 km, closest first, visible to the viewer." + VISIBILITY_NOTE,
    },
    async (c) => {
      const { deps, viewer, row } = await resolve(c);
      return ok(c, await nearbyProfiles(deps, row, viewer));
    },
  );

  v2.add(
    profilesOps.drivingMinutes,
    {
      ...base,
      statuses: [400, ...STATUSES],
      summary:
        "Estimated driving time from lat/lon (or the signed-in viewer's own profile location) to the profile's city-level point: " +
        "max(1, ceil(distance_km × 1.3 / 50 km/h × 60)). 400 when no origin is known." +
        VISIBILITY_NOTE,
    },
    async (c, { query }) => {
      const { deps, viewer, row } = await resolve(c);
      const origin =
        query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : await viewerPoint(deps, viewer);
      if (!origin) throw fail.badRequest("validation.required", "lat");
      if (row.lat === null || row.lon === null) return ok(c, { distance_km: null, minutes: null });
      const distance = haversineKm(origin, { lat: row.lat, lon: row.lon });
      return ok(c, { distance_km: Math.round(distance * 10) / 10, minutes: drivingMinutes(distance) });
    },
  );
}

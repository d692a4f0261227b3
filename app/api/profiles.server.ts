/**
 * The profile page's endpoints as the web tier calls them: one batch of /profiles/{username}/detail, /regionbox
 * and the extras (interview, preferred dates). What the page does with the answers is the profile feature's
 * (app/features/profile/page.server.ts).
 */
import { profilesOps } from "#server/contract/operations/profiles";
import { batchCall, type ApiClient, type DataOf } from "./client.server";
import { profileExtrasBatch } from "./profile-extras.server";

/** GET /profiles/{username}/detail as the web tier reads it. */
export type ProfileDetail = DataOf<typeof profilesOps.detail>;

/** GET /profiles/{username}/regionbox: the profile's place and the cities around it. */
export type RegionBox = DataOf<typeof profilesOps.regionbox>;

/** The profile page's calls in one batch: each answer on its own (a missing regionbox does not fail the page). */
export function fetchProfilePage(api: ApiClient, username: string) {
  return api.batch({
    detail: batchCall(profilesOps.detail, { params: { username } }),
    regionbox: batchCall(profilesOps.regionbox, { params: { username } }),
    ...profileExtrasBatch(username),
  });
}

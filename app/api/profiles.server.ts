/**
 * The profile page's endpoints as the web tier calls them: one batch of /profiles/{username}/detail, /regionbox
 * and the extras (interview, preferred dates). What the page does with the answers is the profile feature's
 * (app/features/profile/page.server.ts).
 */
import type { ProfileDetail as ContractProfileDetail, RegionBox as ContractRegionBox } from "#server/contract/profiles";
import type { Camelize } from "./camelize";
import type { ApiClient } from "./client.server";
import { profileExtrasBatch, type InterviewsData, type PreferredDatesData } from "./profile-extras.server";

/** GET /profiles/{username}/detail as the web tier reads it. */
export type ProfileDetail = Camelize<ContractProfileDetail>;

/** GET /profiles/{username}/regionbox: the profile's place and the cities around it. */
export type RegionBox = Camelize<ContractRegionBox>;

/** The profile page's calls in one batch: each answer on its own (a missing regionbox does not fail the page). */
export function fetchProfilePage(api: ApiClient, username: string) {
  const base = `/api/v2/profiles/${encodeURIComponent(username)}`;
  return api.batch<{
    detail: ProfileDetail;
    regionbox: RegionBox;
    interviews: InterviewsData;
    preferredDates: PreferredDatesData;
  }>({
    detail: { endpoint: `${base}/detail` },
    regionbox: { endpoint: `${base}/regionbox` },
    ...profileExtrasBatch(username),
  });
}

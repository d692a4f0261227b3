/**
 * The profile page's endpoints as the web tier calls them: one batch of /profiles/{username}/detail, /regionbox,
 * the contact outlook (/messenger/contact/{username}) and the extras (interview, preferred dates). What the page does with the answers is the profile feature's
 * (app/features/profile/page.server.ts).
 */
import { messengerOps } from "#server/contract/operations/messenger";
import { profilesOps } from "#server/contract/operations/profiles";
import { batchCall, type ApiClient, type DataOf } from "./client.server";
import { profileExtrasBatch } from "./profile-extras.server";

/** GET /profiles/{username}/detail as the web tier reads it. */
export type ProfileDetail = DataOf<typeof profilesOps.detail>;

/** GET /messenger/contact/{username}: may the viewer write, which rule applies, what instead (ADR 068). */
export type ContactOutlook = DataOf<typeof messengerOps.contact>;

/** GET /profiles/{username}/regionbox: the profile's place and the cities around it. */
export type RegionBox = DataOf<typeof profilesOps.regionbox>;

/** The profile page's calls in one batch: each answer on its own (a missing regionbox does not fail the page). */
export function fetchProfilePage(api: ApiClient, username: string) {
  return api.batch({
    detail: batchCall(profilesOps.detail, { params: { username } }),
    regionbox: batchCall(profilesOps.regionbox, { params: { username } }),
    // The contact rules before anyone writes (issue 25 item 1): the profile offers the form only where a send can succeed.
    contact: batchCall(messengerOps.contact, { params: { username } }),
    ...profileExtrasBatch(username),
  });
}

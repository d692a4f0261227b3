/**
 * A profile's relation to its signed-in viewer (issue 11): favorite, friend link, private note, and whether report
 * and block are open. Each part comes from its own group; this only puts them together for the detail answer.
 */
import type { ApiDeps } from "../../api/types";
import { NO_RELATION, type ProfileRelation } from "../../contract/profile-relation";
import { isStaffUserType } from "../../contract/moderation";
import type { ViewerContext } from "../access";
import { favoriteRelation } from "../favorites/index";
import { friendRelation } from "../friends/index";
import { noteRelation } from "../notes/index";

export async function profileRelation(deps: ApiDeps, viewer: ViewerContext, ownerId: number): Promise<ProfileRelation> {
  // Guests, the owner and the back office (who look at profiles as work) have nothing to do with the profile.
  if (viewer.id === null || viewer.id === ownerId || isStaffUserType(viewer.userType)) return NO_RELATION;
  const member = { ...viewer, id: viewer.id };
  const [favorite, friend, note] = await Promise.all([
    favoriteRelation(deps, member.id, ownerId),
    friendRelation(deps, member.id, ownerId),
    noteRelation(deps, member, ownerId),
  ]);
  return { favorite, friend, note, can_report: true, can_block: true };
}

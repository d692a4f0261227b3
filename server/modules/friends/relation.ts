/** The friend part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { FriendRelation } from "../../contract/profile-relation";

export async function friendRelation(_deps: ApiDeps, _viewerId: number, _ownerId: number): Promise<FriendRelation | null> {
  // Filled by the friends group (issue 11 item 3).
  return null;
}

/** The friend part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { FriendRelation } from "../../contract/profile-relation";
import { friendRelation as linkRelation } from "./service";

/** Called for a signed-in viewer on a profile they may see (not their own); the service says the rest. */
export async function friendRelation(deps: ApiDeps, viewerId: number, ownerId: number): Promise<FriendRelation | null> {
  return linkRelation(deps, viewerId, ownerId);
}

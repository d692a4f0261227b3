/** The favorite part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { FavoriteRelation } from "../../contract/profile-relation";

export async function favoriteRelation(_deps: ApiDeps, _viewerId: number, _ownerId: number): Promise<FavoriteRelation | null> {
  // Filled by the favorites group (issue 11 item 2).
  return null;
}

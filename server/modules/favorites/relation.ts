/** The favorite part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { FavoriteRelation } from "../../contract/profile-relation";

export async function favoriteRelation(deps: ApiDeps, viewerId: number, ownerId: number): Promise<FavoriteRelation | null> {
  const row = await deps.db
    .selectFrom("favorites")
    .select("target_id")
    .where("user_id", "=", viewerId)
    .where("target_id", "=", ownerId)
    .executeTakeFirst();
  return { is_favorite: row !== undefined };
}

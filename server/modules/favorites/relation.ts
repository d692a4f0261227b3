/** The favorite part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { Kysely } from "kysely";
import type { FavoriteRelation } from "../../contract/profile-relation";
import type { Database } from "../../db/schema";
import { entitlementsOf } from "../access/index";

export async function favoriteRelation(deps: ApiDeps, viewerId: number, ownerId: number): Promise<FavoriteRelation | null> {
  const row = await deps.db
    .selectFrom("favorites")
    .select("target_id")
    .where("user_id", "=", viewerId)
    .where("target_id", "=", ownerId)
    .executeTakeFirst();
  return { is_favorite: row !== undefined };
}

/**
 * Whether a member may see who keeps or visits their profile now: a plus benefit (section 6, ADR 036). Their
 * notifications name the other member only then (ADR 044).
 */
export async function seesWhoKeepsThem(db: Kysely<Database>, userId: number, now: number): Promise<boolean> {
  const row = await db.selectFrom("users").select(["user_type", "is_member", "member_until"]).where("id", "=", userId).executeTakeFirst();
  return row !== undefined && entitlementsOf(row, now).may("see_visitors");
}

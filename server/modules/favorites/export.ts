/**
 * The member's own lists in their data export (ADR 059): whom they keep and whose profiles they visited, exactly as
 * favorites type 1 and visitors type 2 show them — listed profiles, no block either way, visits of the last 90 days.
 * A member who blocked them, paused or left is withheld as the lists withhold them (the export must not tell the
 * member they were blocked); the rows stay and return to the next export when the lists show them again. Who keeps
 * or visited the member is others' doing and a plus benefit (ADR 036): never exported.
 */
import { FAVORITE_TYPE, VISITOR_TYPE } from "../../contract/favorites";
import type { DB } from "../../db/index";
import { baseQuery, type Relation } from "./list";
import { favoriteRelation } from "./service";
import { visitRelation, visitsSince } from "./visits";

async function shown(db: DB, relation: Relation, userId: number) {
  return baseQuery(db, relation, userId)
    .select(["users.username", "rel.at", "rel.visit_days"])
    .orderBy("rel.at")
    .orderBy("users.id")
    .execute();
}

export async function ownListsForExport(db: DB, userId: number, now: number) {
  const [favorites, visited] = await Promise.all([
    shown(db, favoriteRelation(db, userId, FAVORITE_TYPE.favorite), userId),
    shown(db, visitRelation(db, userId, VISITOR_TYPE.visited, visitsSince(now)), userId),
  ]);
  return {
    favorites: favorites.map((row) => ({ username: row.username, created_at: Number(row.at) })),
    visited: visited.map((row) => ({ username: row.username, last_visited_at: Number(row.at), visit_days: Number(row.visit_days) })),
  };
}

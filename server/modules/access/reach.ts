/**
 * The member one member may act on (favorite, friend request, note, report by id): a listed profile that no block
 * separates from the viewer. One lookup for every feature, so they all answer an unlisted or blocked member like
 * an unknown one (issue 11).
 */
import type { Kysely } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { Database } from "../../db/schema";
import { isBlockedBetween } from "./blocks";
import { isListedOwner, type OwnerState } from "./visibility";

export type NamedOwner = OwnerState & { username: string };

/** A member's state as the visibility rules read it, by id or by username (case-insensitive); `db` may be a transaction. */
export async function findOwner(db: Kysely<Database>, where: { id: number } | { username: string }): Promise<NamedOwner | undefined> {
  const query = db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.status",
      "users.user_type",
      "users.register_completed_step",
      "profiles.is_visible",
      "profiles.members_only",
    ]);
  return (
    "id" in where ? query.where("users.id", "=", where.id) : query.where("users.username_key", "=", where.username.toLowerCase())
  ).executeTakeFirst();
}

/** Whether the viewer may act on this member: listed, and no block either way. */
export async function isReachable(deps: ApiDeps, viewerId: number, owner: OwnerState): Promise<boolean> {
  return isListedOwner(owner) && !(await isBlockedBetween(deps, viewerId, owner.id));
}

/** How a member is named on someone else's page: their username and display name (the username without a profile). */
export interface MemberName {
  user_id: number;
  username: string;
  display_name: string;
}

/** The names of several members in one query (a list's creators, owners, fans). */
export async function memberNamesOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, MemberName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.id", "users.username", "profiles.display_name"])
    .where("users.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { user_id: row.id, username: row.username, display_name: row.display_name ?? row.username }]));
}

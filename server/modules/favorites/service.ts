/**
 * Favorites (spec sections 3, 6, 7 "favorites"; issue 11, ADR 036): a member keeps profiles (type 1) and,
 * with plus, sees who keeps theirs (type 2). Add and remove by username, both idempotent; at most
 * FAVORITES_LIMIT, also under concurrent posts. Every answer is about the caller's own favorites.
 */
import { sql } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { chartDayOf } from "../../contract/dashboard";
import {
  FAVORITE_ERRORS,
  FAVORITE_TYPE,
  FAVORITES_LIMIT,
  type FavoriteChange,
  type UserList,
  type UserListQuery,
} from "../../contract/favorites";
import { isStaffUserType } from "../../contract/moderation";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import type { Kysely } from "kysely";
import { findOwner, isListedOwner, isReachable, viewerContext } from "../access/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { countList, lockedList, runList, type ListRequest, type ListSource, type Relation } from "./list";
import { seesWhoKeepsThem } from "./relation";

/** The list request of a query: its page and its filters. */
export function listRequestOf(query: UserListQuery): ListRequest {
  const { type, page_no, page_size, ...filters } = query;
  return { type, page_no, page_size, filters };
}

export function favoriteRelation(db: DB, userId: number, type: number): Relation {
  return (type === FAVORITE_TYPE.favorite
    ? db
        .selectFrom("favorites")
        .select(["target_id as other_id", "created_at as at", sql<number | null>`null`.as("visit_days")])
        .where("user_id", "=", userId)
    : db
        .selectFrom("favorites")
        .select(["user_id as other_id", "created_at as at", sql<number | null>`null`.as("visit_days")])
        .where("target_id", "=", userId)) as unknown as Relation;
}

/** The favorites of a type as a list: whom the member keeps, or who keeps them. */
const FAVORITE_SOURCES = {
  kept: { kind: "favorites:kept", relation: (db, { userId }) => favoriteRelation(db, userId, FAVORITE_TYPE.favorite), since: 0 },
  keepers: { kind: "favorites:keepers", relation: (db, { userId }) => favoriteRelation(db, userId, FAVORITE_TYPE.been_favored), since: 0 },
} satisfies Record<string, ListSource>;

/**
 * GET /favorites?type=1|2: type 1 (whom I keep) is free for everyone; type 2 (who keeps me) is a plus
 * benefit (section 6): without plus the answer is locked — the count only, never who.
 */
export async function favoriteList(deps: ApiDeps, user: AuthUser, query: UserListQuery): Promise<UserList> {
  const viewer = await viewerContext(deps, user);
  const request = listRequestOf(query);
  const source = request.type === FAVORITE_TYPE.favorite ? FAVORITE_SOURCES.kept : FAVORITE_SOURCES.keepers;
  if (request.type === FAVORITE_TYPE.been_favored && !viewer.entitlements.may("see_visitors")) {
    return lockedList(request, await countList(deps, source, user.id), FAVORITES_LIMIT);
  }
  return runList(deps, source, { ...viewer, id: user.id }, request, FAVORITES_LIMIT);
}

/**
 * The profile a username names, if the caller may keep it: a listed profile (not banned, deleted, paused,
 * deactivated or unclaimed), not across a block either way (both answer like an unknown name), not oneself.
 */
async function target(deps: ApiDeps, userId: number, username: string): Promise<{ id: number; username: string }> {
  const row = await findOwner(deps.db, { username });
  // Oneself is 400 only where the profile is listed (as any other unlisted profile, an unlisted own one is unknown).
  if (row && row.id === userId && isListedOwner(row)) throw fail.badRequest(FAVORITE_ERRORS.self, "username");
  if (!row || row.id === userId || !(await isReachable(deps, userId, row))) throw fail.notFound(FAVORITE_ERRORS.notFound);
  return row;
}

async function countOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a profile's favorites counter (kept for search ranking, ADR 036) by `by`. */
async function bumpCounter(db: Kysely<Database>, userId: number, by: 1 | -1): Promise<void> {
  await db
    .insertInto("profile_counters")
    .values({ user_id: userId, favorites: Math.max(by, 0), visits: 0 })
    .onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ favorites: eb("profile_counters.favorites", "+", by) })))
    .execute();
}

/** POST /favorites/{username}: keeps a profile (again: no change); 409 at the limit. */
export async function addFavorite(deps: ApiDeps, user: AuthUser, username: string): Promise<FavoriteChange> {
  // The back office looks at profiles as work (ADR 033): it keeps none.
  if (isStaffUserType(user.userType)) throw fail.forbidden(FAVORITE_ERRORS.staff);
  const other = await target(deps, user.id, username);
  const now = deps.clock.now();
  const added = await deps.db.transaction().execute(async (trx): Promise<{ total: number; hints: NotificationHints }> => {
    // Concurrent adds of one member run one after the other (ADR 058), so the count below is exact at the insert.
    await lockMembersForLimits(trx, deps.dialect, "favorites", [user.id]);
    const existing = await trx
      .selectFrom("favorites")
      .select("target_id")
      .where("user_id", "=", user.id)
      .where("target_id", "=", other.id)
      .executeTakeFirst();
    const count = await countOf(trx, user.id);
    if (existing) return { total: count, hints: [] };
    if (count >= FAVORITES_LIMIT) {
      throw new ApiError(409, [errorItem(409, FAVORITE_ERRORS.limitReached, "username", { max: FAVORITES_LIMIT })]);
    }
    const inserted = await trx
      .insertInto("favorites")
      .values({ user_id: user.id, target_id: other.id, created_at: now, created_day: chartDayOf(now) })
      .onConflict((oc) => oc.columns(["user_id", "target_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      await bumpCounter(trx, other.id, 1);
      // Who keeps a profile is a plus benefit (ADR 036): without plus the owner learns only that someone did.
      // One notification per member and day, however often they remove and add again.
      const hints = await notify(deps, trx, {
        userId: other.id,
        event: "favorited",
        actorId: (await seesWhoKeepsThem(trx, other.id, now)) ? user.id : null,
        url: "favorite_visitor",
        dedupeKey: `favorited:${user.id}:${chartDayOf(now)}`,
      });
      return { total: count + 1, hints };
    }
    return { total: count, hints: [] };
  });
  await publishNotificationHints(deps, added.hints);
  return { username: other.username, is_favorite: true, total: added.total, limit: FAVORITES_LIMIT };
}

/** DELETE /favorites/{username}: stops keeping a profile (not kept: no change). */
export async function removeFavorite(deps: ApiDeps, user: AuthUser, username: string): Promise<FavoriteChange> {
  const other = await target(deps, user.id, username);
  const total = await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("favorites").where("user_id", "=", user.id).where("target_id", "=", other.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) await bumpCounter(trx, other.id, -1);
    return countOf(trx, user.id);
  });
  return { username: other.username, is_favorite: false, total, limit: FAVORITES_LIMIT };
}

/** Favorites per calendar day a profile received (the dashboard's series, ADR 033/036): favorites still kept, by the day they were added. */
export async function favoritesPerDay(deps: ApiDeps, userId: number, firstDay: string, lastDay: string): Promise<Map<string, number>> {
  const rows = await deps.db
    .selectFrom("favorites")
    .select(["created_day", (eb) => eb.fn.countAll<number>().as("n")])
    .where("target_id", "=", userId)
    .where("created_day", ">=", firstDay)
    .where("created_day", "<=", lastDay)
    .groupBy("created_day")
    .execute();
  return new Map(rows.map((row) => [row.created_day, Number(row.n)]));
}

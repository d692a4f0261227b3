/**
 * Visitors (spec sections 3, 6, 7 "visitors"; issue 11, ADR 036): who looked at whose profile. A visit is a
 * profile detail opened by another signed-in member, recorded once per visitor, profile and calendar day
 * (Europe/Berlin, as the dashboard's views, ADR 033). Not recorded: guests, the owner, staff (ADR 033), and
 * members browsing invisibly — `invisible_browsing = 1` while their plus membership runs (ADR 028).
 */
import { sql } from "kysely";
import type { ApiDeps, AuthUser } from "../../api/types";
import type { DB } from "../../db/index";
import { chartDayOf } from "../../contract/dashboard";
import { VISIT_RETENTION_DAYS, VISITOR_TYPE, type UserList, type UserListQuery } from "../../contract/favorites";
import { isStaffUserType } from "../../contract/moderation";
import { entitlementsOf, viewerContext } from "../access/index";
import { countList, lockedList, runList, type ListSource, type Relation } from "./list";
import { listRequestOf } from "./service";
import { seesWhoKeepsThem } from "./relation";
import { notify, publishNotificationHints } from "../notifications/index";

const DAY = 24 * 60 * 60 * 1000;

/** Per API instance: the day whose expired visits were last deleted, so the clean-up runs once a day. */
const cleanedOn = new WeakMap<ApiDeps, string>();

export interface ProfileVisit {
  ownerId: number;
  /** The signed-in viewer; guests leave no visit. */
  viewerId: number | null;
  viewerType: number;
}

/** Whether the member browses invisibly now: the switch counts only while plus runs (ADR 028). */
async function browsesInvisibly(deps: ApiDeps, userId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom("users")
    .select(["invisible_browsing", "user_type", "is_member", "member_until"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return true;
  return row.invisible_browsing === 1 && entitlementsOf(row, deps.clock.now()).may("invisible_browsing");
}

/** Records the visit if it is the visitor's first of this profile today. Returns whether it was recorded. */
export async function recordProfileVisit(deps: ApiDeps, visit: ProfileVisit): Promise<boolean> {
  const { ownerId, viewerId } = visit;
  if (viewerId === null || viewerId === ownerId || isStaffUserType(visit.viewerType)) return false;
  if (await browsesInvisibly(deps, viewerId)) return false;
  const now = deps.clock.now();
  const day = chartDayOf(now);
  const recorded = await deps.db.transaction().execute(async (trx) => {
    // One statement decides: a new pair, or a pair last counted on an earlier day. Concurrent first visits
    // of one day meet on the primary key; the loser's update finds last_day = today and changes nothing.
    const result = await trx
      .insertInto("profile_visits")
      .values({ owner_id: ownerId, visitor_id: viewerId, last_visited_at: now, last_day: day, visit_days: 1 })
      .onConflict((oc) =>
        oc
          .columns(["owner_id", "visitor_id"])
          .doUpdateSet((eb) => ({
            last_visited_at: eb.ref("excluded.last_visited_at"),
            last_day: eb.ref("excluded.last_day"),
            visit_days: eb("profile_visits.visit_days", "+", 1),
          }))
          .where("profile_visits.last_day", "<", day),
      )
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    await trx
      .insertInto("profile_counters")
      .values({ user_id: ownerId, favorites: 0, visits: 1 })
      .onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ visits: eb("profile_counters.visits", "+", 1) })))
      .execute();
    // Aggregated by nature: this runs once per visitor, profile and day. Who visited is a plus benefit (ADR 036).
    return notify(deps, trx, {
      userId: ownerId,
      event: "visited",
      actorId: (await seesWhoKeepsThem(trx, ownerId, now)) ? viewerId : null,
      url: "visitor",
      dedupeKey: `visited:${viewerId}:${day}`,
    });
  });
  if (recorded) await publishNotificationHints(deps, recorded);
  if (cleanedOn.get(deps) !== day) {
    cleanedOn.set(deps, day);
    await deps.db
      .deleteFrom("profile_visits")
      .where("last_visited_at", "<", now - VISIT_RETENTION_DAYS * DAY)
      .execute();
  }
  return recorded !== null;
}

/** The oldest visit the lists show at `now` (VISIT_RETENTION_DAYS). */
export function visitsSince(now: number): number {
  return now - VISIT_RETENTION_DAYS * DAY;
}

/** Visits of the last VISIT_RETENTION_DAYS (`since`): who looked at the member (type 1) or whom they looked at (2). */
export function visitRelation(db: DB, userId: number, type: number, since: number): Relation {
  const base = db.selectFrom("profile_visits").where("profile_visits.last_visited_at", ">=", since);
  return (type === VISITOR_TYPE.been_visited
    ? base
        .select([
          "profile_visits.visitor_id as other_id",
          "profile_visits.last_visited_at as at",
          sql<number>`profile_visits.visit_days`.as("visit_days"),
        ])
        .where("profile_visits.owner_id", "=", userId)
    : base
        .select([
          "profile_visits.owner_id as other_id",
          "profile_visits.last_visited_at as at",
          sql<number>`profile_visits.visit_days`.as("visit_days"),
        ])
        .where("profile_visits.visitor_id", "=", userId)) as unknown as Relation;
}

/** The visits of a type as a list, as of `now`. */
function visitSource(type: number, now: number): ListSource {
  return {
    kind: type === VISITOR_TYPE.been_visited ? "visits:visitors" : "visits:visited",
    relation: (db, args) => visitRelation(db, args.userId, type, args.since),
    since: visitsSince(now),
  };
}

/**
 * GET /visitors?type=1|2: type 2 (whom I looked at) is free for everyone; type 1 (who looked at me) is a plus
 * benefit for every member type (section 6 "see visitors"): without plus the answer is locked, the count only.
 */
export async function visitorList(deps: ApiDeps, user: AuthUser, query: UserListQuery): Promise<UserList> {
  const viewer = await viewerContext(deps, user);
  const request = listRequestOf(query);
  const source = visitSource(request.type, deps.clock.now());
  if (request.type === VISITOR_TYPE.been_visited && !viewer.entitlements.may("see_visitors")) {
    return lockedList(request, await countList(deps, source, user.id), null);
  }
  return runList(deps, source, { ...viewer, id: user.id }, request, null);
}

/**
 * Profile views for the dashboard charts (ADR 033). A view is one fetch of a profile's detail by somebody
 * other than its owner; each viewer counts once per profile and calendar day, so reloads add nothing.
 * Who viewed is not stored: a signed-in viewer is known by their user id, a guest by address and browser,
 * and only a keyed hash of (day, profile, that) is kept, until the day is over.
 */
import { isbot } from "isbot";
import { chartDayOf, chartDaysEnding } from "../../contract/dashboard";
import { USER_TYPE } from "../../contract/users";
import type { ApiDeps } from "../../api/types";
import { hmac } from "../../lib/crypto";

export interface ProfileView {
  ownerId: number;
  /** The signed-in viewer, or null for a guest. */
  viewerId: number | null;
  viewerType: number;
  ip: string;
  userAgent: string;
}

/** Staff looking at profiles (moderation, support) is work, not interest: not counted. */
const UNCOUNTED_VIEWER_TYPES: readonly number[] = [USER_TYPE.backend, USER_TYPE.team];

/** Marks of days before this many days ago are deleted (today's and yesterday's stay for late requests). */
const MARK_DAYS_KEPT = 2;

/** Per API instance: the day whose old marks were last cleaned, so the clean-up runs once a day. */
const cleanedOn = new WeakMap<ApiDeps, string>();

export function viewerHash(secret: string, day: string, ownerId: number, view: Pick<ProfileView, "viewerId" | "ip" | "userAgent">): string {
  const who = view.viewerId !== null ? `member:${view.viewerId}` : `guest:${view.ip}|${view.userAgent}`;
  // Domain-separated from the product's other HMACs; 128 bits are plenty to tell a day's viewers apart.
  return hmac(secret, `profile-view|${day}|${ownerId}|${who}`).slice(0, 22);
}

/** Counts the view if it is the viewer's first of this profile today. Returns whether it counted. */
export async function recordProfileView(deps: ApiDeps, view: ProfileView): Promise<boolean> {
  if (view.viewerId === view.ownerId) return false;
  if (UNCOUNTED_VIEWER_TYPES.includes(view.viewerType)) return false;
  // Crawlers fetch every profile every day; a guest without a browser name is a script.
  if (view.viewerId === null && (view.userAgent === "" || isbot(view.userAgent))) return false;
  const day = chartDayOf(deps.clock.now());
  const hash = viewerHash(deps.config.appSecret, day, view.ownerId, view);
  const counted = await deps.db.transaction().execute(async (trx) => {
    const mark = await trx
      .insertInto("profile_view_marks")
      .values({ user_id: view.ownerId, day, viewer_hash: hash })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(mark.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await trx
      .insertInto("profile_view_days")
      .values({ user_id: view.ownerId, day, views: 1 })
      .onConflict((oc) => oc.columns(["user_id", "day"]).doUpdateSet((eb) => ({ views: eb("profile_view_days.views", "+", 1) })))
      .execute();
    return true;
  });
  if (cleanedOn.get(deps) !== day) {
    cleanedOn.set(deps, day);
    const oldest = chartDaysEnding(day, MARK_DAYS_KEPT)[0]!;
    await deps.db.deleteFrom("profile_view_marks").where("day", "<", oldest).execute();
  }
  return counted;
}

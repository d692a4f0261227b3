/**
 * Profile views for the dashboard charts (ADR 033, ADR 132). A view is one fetch of a profile's detail by somebody
 * other than its owner; each viewer counts once per profile and calendar day, so reloads add nothing. The server adds
 * the views it sees to the activity tracker's store (server/modules/activity), the browser's tracker may add the same
 * view again, and the rollup counts distinct visitors per day: one number, one counter, whichever saw it.
 * Who viewed is not stored: only a keyed hash of (day, profile, viewer), deleted with the raw events after two days.
 */
import { isbot } from "isbot";
import { USER_TYPE } from "../../contract/users";
import type { ApiDeps } from "../../api/types";
import { storeActivity } from "../activity/index";

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

/** Adds the view to the activity store unless it is the owner's, staff's or a crawler's. Returns whether it was added. */
export async function recordProfileView(deps: ApiDeps, view: ProfileView): Promise<boolean> {
  if (view.viewerId === view.ownerId) return false;
  if (UNCOUNTED_VIEWER_TYPES.includes(view.viewerType)) return false;
  // Crawlers fetch every profile every day; a guest without a browser name is a script.
  if (view.viewerId === null && (view.userAgent === "" || isbot(view.userAgent))) return false;
  const visitor = { userId: view.viewerId, userType: view.viewerType, ip: view.ip, userAgent: view.userAgent };
  return (await storeActivity(deps, visitor, [{ object: view.ownerId, title: "profile_view" }], "server")) === 1;
}

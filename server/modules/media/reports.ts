/**
 * The report kind "media" (ADR 038), declared in this module's manifest: a photo or video as its reporter may report it.
 * Media ids are sequential: only what the reporter may see can be reported, and anything else answers like a missing
 * id, so probing ids reveals nothing. A block does not count here (reporting is no contact: the harassed must still be heard).
 */
import type { ApiDeps, ReportedObject } from "../../api/types";
import { isPublishedFor, MEDIA_OWNER_COLUMNS, mediaAccess, mediaOwnerOf, viewerContext } from "../access/index";

export async function findReportedMedia(deps: ApiDeps, mediaId: number, reporterId: number | null): Promise<ReportedObject | null> {
  const row = await deps.db
    .selectFrom("media")
    .innerJoin("users", "users.id", "media.user_id")
    .leftJoin("profiles", "profiles.user_id", "media.user_id")
    .select(["media.id", "media.visibility", "media.status", "media.publish_at", ...MEDIA_OWNER_COLUMNS])
    .where("media.id", "=", mediaId)
    .executeTakeFirst();
  const owner = row && mediaOwnerOf(row);
  const viewer = await viewerContext(deps, reporterId === null ? null : { id: reporterId });
  if (!row || !owner || !mediaAccess(viewer, owner, row, { blocked: false, granted: false })) return null;
  // A scheduled medium does not exist for others before its publication (issue 28, ADR 093).
  if (!isPublishedFor({ id: viewer.id, isStaff: false }, row, deps.clock.now())) return null;
  return { objectId: row.id, targetUserId: row.user_id };
}

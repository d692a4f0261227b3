/**
 * The report kind "media" (ADR 038), declared in this module's manifest: a photo or video as its reporter may report it.
 * Media ids are sequential: only what the reporter may see can be reported, and anything else answers like a missing
 * id, so probing ids reveals nothing. A block does not count here (reporting is no contact: the harassed must still be heard).
 */
import type { Transaction } from "kysely";
import type { ApiDeps, RemovalDecision, ReportedObject } from "../../api/types";
import { MEDIA_STATUS } from "../../contract/media";
import type { Database } from "../../db/schema";
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

/**
 * A report decided "content_removed" (ADR 112): the photo is refused as the moderation queue refuses one, with the
 * same decision row (ADR 030), so the owner's gallery shows why; the file stays for an appeal.
 */
export async function removeReportedMedia(deps: ApiDeps, trx: Transaction<Database>, mediaId: number, decision?: RemovalDecision) {
  const media = await trx.selectFrom("media").select("user_id").where("id", "=", mediaId).executeTakeFirst();
  if (!media) return;
  const now = deps.clock.now();
  await trx.updateTable("media").set({ status: MEDIA_STATUS.rejected }).where("id", "=", mediaId).execute();
  const row = {
    user_id: media.user_id,
    status: MEDIA_STATUS.rejected,
    reason: decision?.reason ?? null,
    decided_by: decision?.staffId ?? 0,
    decided_at: now,
  };
  await trx
    .insertInto("media_decisions")
    .values({ media_id: mediaId, ...row })
    .onConflict((oc) => oc.column("media_id").doUpdateSet(row))
    .execute();
}

/** An appeal reversed the removal: the photo is accepted again and its refusal leaves the owner's gallery. */
export async function restoreReportedMedia(_deps: ApiDeps, trx: Transaction<Database>, mediaId: number): Promise<void> {
  const restored = await trx
    .updateTable("media")
    .set({ status: MEDIA_STATUS.accepted })
    .where("id", "=", mediaId)
    .where("status", "=", MEDIA_STATUS.rejected)
    .executeTakeFirst();
  if (Number(restored.numUpdatedRows) === 1) await trx.deleteFrom("media_decisions").where("media_id", "=", mediaId).execute();
}

/** The owner's refused photos (GET /moderation/my and the dashboard, ADR 160): apart from the service, which imports much. */
import type { ApiDeps } from "../../api/types";
import { MEDIA_STATUS } from "../../contract/media";
import type { MyModeration, RejectionReason } from "../../contract/moderation";
import { precompiled, type Slots } from "../../db/precompiled";
import { REJECTION_SHOWN_MS } from "./texts";

const rejectedSince = precompiled((db, slot: Slots<{ userId: number; since: number }>) =>
  db
    .selectFrom("media")
    .leftJoin("media_decisions", "media_decisions.media_id", "media.id")
    .select(["media.id", "media_decisions.reason", "media_decisions.decided_at"])
    .where("media.user_id", "=", slot("userId"))
    .where("media.status", "=", MEDIA_STATUS.rejected)
    .where((eb) => eb.or([eb("media_decisions.decided_at", "is", null), eb("media_decisions.decided_at", ">=", slot("since"))]))
    .orderBy("media.id"),
);

/** The member's photos refused in the last 30 days (or refused with no decision row), with the reason. */
export async function ownRejectedMedia(deps: ApiDeps, userId: number): Promise<MyModeration["media"]["rejected"]> {
  // Built once (ADR 148): the dashboard reads it on every view (ADR 173).
  const rows = await rejectedSince(deps.db, { userId, since: deps.clock.now() - REJECTION_SHOWN_MS });
  return rows.map((row) => ({
    id: row.id,
    reason: (row.reason as RejectionReason | null) ?? null,
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
  }));
}

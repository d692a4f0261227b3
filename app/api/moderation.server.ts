/** The moderation group's endpoints (ADR 030): the back office's queue and decisions (the owner's view is in GET /dashboard since ADR 160). */
import type { RejectionReason } from "#server/contract/moderation";
import { moderationOps } from "#server/contract/operations/moderation";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type Queue = DataOf<typeof moderationOps.queue>;
export type QueueEntry = Queue["items"][number];

/** GET /backoffice/queue: waiting photos and texts, oldest first (403 for members). */
export function fetchModerationQueue(api: ApiClient, page: number, owner: string | null): Promise<ApiResult<Queue>> {
  return api.op(moderationOps.queue, { query: { page, owner: owner || undefined }, handleErrors: true });
}

/** POST /backoffice/{media|texts}/{id}/accept|reject. */
export function decideModeration(
  api: ApiClient,
  kind: "media" | "text",
  id: number,
  reason: RejectionReason | null,
): Promise<ApiResult<DataOf<typeof moderationOps.decide.media.accept>>> {
  const decide = moderationOps.decide[kind === "media" ? "media" : "texts"];
  return reason === null
    ? api.op(decide.accept, { params: { id }, handleErrors: true })
    : api.op(decide.reject, { params: { id }, body: { reason }, handleErrors: true });
}

/** The moderation group's endpoints (ADR 030): the back office's queue and decisions, and the owner's view. */
import type { ModerationDecision, ModerationQueue, MyModeration, RejectionReason } from "#server/contract/moderation";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type Queue = Camelize<ModerationQueue>;
export type QueueEntry = Queue["items"][number];

/** GET /backoffice/queue: waiting photos and texts, oldest first (403 for members). */
export function fetchModerationQueue(api: ApiClient, page: number, owner: string | null): Promise<ApiResult<Queue>> {
  return api.call<Queue>("/api/v2/backoffice/queue", { params: { page, owner: owner || undefined }, handleErrors: true });
}

/** POST /backoffice/{media|texts}/{id}/accept|reject. */
export function decideModeration(
  api: ApiClient,
  kind: "media" | "text",
  id: number,
  reason: RejectionReason | null,
): Promise<ApiResult<Camelize<ModerationDecision>>> {
  const group = kind === "media" ? "media" : "texts";
  return api.call<Camelize<ModerationDecision>>(`/api/v2/backoffice/${group}/${id}/${reason === null ? "accept" : "reject"}`, {
    method: "POST",
    body: reason === null ? {} : { reason },
    handleErrors: true,
  });
}

/** GET /moderation/my: the member's own texts and photos under review. */
export function fetchMyModeration(api: ApiClient): Promise<ApiResult<Camelize<MyModeration>>> {
  return api.call<Camelize<MyModeration>>("/api/v2/moderation/my", { handleErrors: true });
}

/** The escorts' shared warning list (issue 30 item 6, ADR 121), as the web tier calls it. */
import { warningsOps } from "#server/contract/operations/warnings";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type WarningQueueData = DataOf<typeof warningsOps.queue>;
export type WarningCandidateData = WarningQueueData["items"][number];
export type WarningObjectionQueueData = DataOf<typeof warningsOps.objections>;
export type WarningObjectionData = WarningObjectionQueueData["items"][number];
export type OwnWarningData = DataOf<typeof warningsOps.mine>;

/** GET /warnings/members/{id}: true only for an escort viewer and a confirmed entry (the API decides). */
export function fetchWarningVisibility(api: ApiClient, userId: number): Promise<ApiResult<DataOf<typeof warningsOps.visibility>>> {
  return api.op(warningsOps.visibility, { params: { id: userId }, handleErrors: true });
}

export function fetchOwnWarning(api: ApiClient): Promise<ApiResult<OwnWarningData>> {
  return api.op(warningsOps.mine, { handleErrors: true });
}

export function objectToWarning(api: ApiClient, text: string): Promise<ApiResult<OwnWarningData>> {
  return api.op(warningsOps.object, { body: { text }, handleErrors: true });
}

export function fetchWarningQueue(api: ApiClient): Promise<ApiResult<WarningQueueData>> {
  return api.op(warningsOps.queue, { handleErrors: true });
}

export function decideWarning(
  api: ApiClient,
  userId: number,
  body: { outcome: "confirm" | "reject"; reason: string },
): Promise<ApiResult<DataOf<typeof warningsOps.decide>>> {
  return api.op(warningsOps.decide, { params: { id: userId }, body, handleErrors: true });
}

export function fetchObjectionQueue(api: ApiClient): Promise<ApiResult<WarningObjectionQueueData>> {
  return api.op(warningsOps.objections, { handleErrors: true });
}

export function decideObjection(
  api: ApiClient,
  id: number,
  body: { outcome: "lift" | "keep"; reason: string },
): Promise<ApiResult<DataOf<typeof warningsOps.decideObjection>>> {
  return api.op(warningsOps.decideObjection, { params: { id }, body, handleErrors: true });
}

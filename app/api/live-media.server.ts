/** Live video's media endpoints (ADR 125) as the web tier calls them: the creator's RTMP stream key. */
import { liveMediaOps } from "#server/contract/operations/live-media";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type LiveKeyStateData = DataOf<typeof liveMediaOps.keyState>;
export type LiveKeyCreatedData = DataOf<typeof liveMediaOps.rotateKey>;

/** GET /live/keys: the RTMP server address and the current key's hint. */
export function fetchLiveKeyState(api: ApiClient): Promise<ApiResult<LiveKeyStateData>> {
  return api.op(liveMediaOps.keyState, { handleErrors: true });
}

/** POST /live/keys: a new key, shown this once. */
export function rotateLiveKey(api: ApiClient): Promise<ApiResult<LiveKeyCreatedData>> {
  return api.op(liveMediaOps.rotateKey, { handleErrors: true });
}

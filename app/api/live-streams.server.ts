/** The live streams part's endpoints (issue 31, ADR 124), as the web tier calls them. */
import type { LiveCategory, LiveCreateInput, LiveRecordingUpdateInput, LiveRescheduleInput, LiveUpdateInput } from "#server/contract/live";
import { liveMediaOps } from "#server/contract/operations/live-media";
import { liveStreamOps } from "#server/contract/operations/live-streams";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type LiveBrowseData = DataOf<typeof liveStreamOps.browse>;
export type LiveStreamData = DataOf<typeof liveStreamOps.get>;
export type LiveStreamItemData = DataOf<typeof liveStreamOps.create>;
export type LiveMineData = DataOf<typeof liveStreamOps.mine>;
export type LiveProfileTabData = DataOf<typeof liveStreamOps.profile>;
export type LiveRecordingListData = DataOf<typeof liveStreamOps.recordings>;
export type LiveRecordingData = DataOf<typeof liveStreamOps.updateRecording>;
export type LiveRecordingPageData = DataOf<typeof liveStreamOps.recording>;

export function browseLiveStreams(api: ApiClient, filters: { category?: LiveCategory; city?: number }): Promise<ApiResult<LiveBrowseData>> {
  return api.op(liveStreamOps.browse, { query: filters, handleErrors: true });
}

export function fetchLiveStream(api: ApiClient, id: number): Promise<ApiResult<LiveStreamData>> {
  return api.op(liveStreamOps.get, { params: { id }, handleErrors: true });
}

export function fetchMyLiveStreams(api: ApiClient): Promise<ApiResult<LiveMineData>> {
  return api.op(liveStreamOps.mine, { handleErrors: true });
}

export function createLiveStream(api: ApiClient, body: LiveCreateInput): Promise<ApiResult<LiveStreamItemData>> {
  return api.op(liveStreamOps.create, { body, handleErrors: true });
}

export function updateLiveStream(api: ApiClient, id: number, body: LiveUpdateInput): Promise<ApiResult<LiveStreamItemData>> {
  return api.op(liveStreamOps.update, { params: { id }, body, handleErrors: true });
}

export function rescheduleLiveStream(api: ApiClient, id: number, body: LiveRescheduleInput): Promise<ApiResult<LiveStreamItemData>> {
  return api.op(liveStreamOps.reschedule, { params: { id }, body, handleErrors: true });
}

export function startLiveStream(api: ApiClient, id: number): Promise<ApiResult<LiveStreamItemData>> {
  return api.op(liveStreamOps.start, { params: { id }, handleErrors: true });
}

export function stopLiveStream(api: ApiClient, id: number): Promise<ApiResult<LiveStreamItemData>> {
  return api.op(liveStreamOps.stop, { params: { id }, handleErrors: true });
}

export function payLiveStream(api: ApiClient, id: number) {
  return api.op(liveStreamOps.pay, { params: { id }, handleErrors: true });
}

export function watchCreator(api: ApiClient, username: string, subscribe: boolean) {
  return api.op(subscribe ? liveStreamOps.subscribe : liveStreamOps.unsubscribe, { params: { username }, handleErrors: true });
}

export function fetchLiveProfileTab(api: ApiClient, username: string): Promise<ApiResult<LiveProfileTabData>> {
  return api.op(liveStreamOps.profile, { params: { username }, handleErrors: true });
}

export function fetchLiveRecordings(api: ApiClient, mine: boolean): Promise<ApiResult<LiveRecordingListData>> {
  return api.op(mine ? liveStreamOps.myRecordings : liveStreamOps.recordings, { handleErrors: true });
}

/** GET /live/recordings/{id}: the recording's page for the viewer, with the grant for its file when they may play it. */
export function fetchLiveRecording(api: ApiClient, id: number): Promise<ApiResult<LiveRecordingPageData>> {
  return api.op(liveStreamOps.recording, { params: { id }, handleErrors: true });
}

/** GET /live/recordings/{id}/recording.mp4 with the viewer's grant and the player's Range header, answered as is. */
export function fetchLiveRecordingFile(api: ApiClient, id: number, grant: string | null, range: string | null): Promise<Response> {
  return api.raw(liveMediaOps.recordingFile, { params: { id }, query: grant ? { g: grant } : undefined, range });
}

export function updateLiveRecording(api: ApiClient, id: number, body: LiveRecordingUpdateInput): Promise<ApiResult<LiveRecordingData>> {
  return api.op(liveStreamOps.updateRecording, { params: { id }, body, handleErrors: true });
}

export function deleteLiveRecording(api: ApiClient, id: number): Promise<ApiResult<LiveRecordingListData>> {
  return api.op(liveStreamOps.deleteRecording, { params: { id }, handleErrors: true });
}

export function buyLiveRecording(api: ApiClient, id: number) {
  return api.op(liveStreamOps.buyRecording, { params: { id }, handleErrors: true });
}

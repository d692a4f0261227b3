/** The media group's endpoints: uploads in and image bytes out (files, raw), and the gallery's JSON calls. */
import type { MediaVisibility } from "#server/contract/media";
import type { WatermarkInput } from "#server/contract/media-gallery";
import { mediaOps } from "#server/contract/operations/media";
import type { ApiClient, ApiResult, DataOf, RawCallOptions } from "./client.server";

/** POST /media/upload, the member's multipart body streamed through as it arrives. */
export function uploadMedia(api: ApiClient, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw(mediaOps.upload, { body });
}

/** GET /media/{key}/{variant}: the file, through the API's access gate (ADR 017); a video's byte range passed on. */
export function fetchMediaFile(
  api: ApiClient,
  key: string,
  variant: string,
  grant: string | null,
  range: string | null = null,
): Promise<Response> {
  return api.raw(mediaOps.file, { params: { key, variant }, query: grant ? { g: grant } : undefined, range });
}

/** POST /media/video: one video, streamed through as it arrives (ADR 034). */
export function uploadVideoFile(api: ApiClient, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw(mediaOps.uploadVideo, { body });
}

/** GET /media/my: the member's own photos (keys as stored). */
export function fetchMyMedia(api: ApiClient): Promise<ApiResult<DataOf<typeof mediaOps.mine>>> {
  return api.op(mediaOps.mine);
}

/** GET /media/gallery?page=N: one page of the member's own gallery with the watermark settings. */
export function fetchGallery(api: ApiClient, page: number): Promise<ApiResult<DataOf<typeof mediaOps.gallery>>> {
  return api.op(mediaOps.gallery, { query: { page }, handleErrors: true });
}

/** The managing actions of the gallery, one endpoint each (spec section 7 "media and gallery"). */
export type GalleryAction =
  | { kind: "visibility"; id: number; visibility: MediaVisibility }
  | { kind: "position"; id: number; position: number }
  | { kind: "top"; id: number }
  | { kind: "avatar"; id: number }
  | { kind: "cover"; id: number }
  | { kind: "fake_check"; id: number }
  | { kind: "delete"; id: number };

/** What an action answers: the item as it is now, or (delete) what was deleted. */
export type GalleryActionData = DataOf<typeof mediaOps.visibility> | DataOf<typeof mediaOps.remove>;

export function runGalleryAction(api: ApiClient, action: GalleryAction): Promise<ApiResult<GalleryActionData>> {
  const params = { id: action.id };
  const settings = { handleErrors: true } as const;
  switch (action.kind) {
    case "visibility":
      return api.op(mediaOps.visibility, { ...settings, params, body: { visibility: action.visibility } });
    case "position":
      return api.op(mediaOps.position, { ...settings, params, body: { position: action.position } });
    case "top":
      return api.op(mediaOps.moveToTop, { ...settings, params });
    case "avatar":
      return api.op(mediaOps.avatar, { ...settings, params });
    case "cover":
      return api.op(mediaOps.cover, { ...settings, params });
    case "fake_check":
      return api.op(mediaOps.fakeCheck, { ...settings, params });
    case "delete":
      return api.op(mediaOps.remove, { ...settings, params });
  }
}

/** PUT /media/watermark. */
export function saveWatermark(api: ApiClient, body: WatermarkInput): Promise<ApiResult<DataOf<typeof mediaOps.watermark>>> {
  return api.op(mediaOps.watermark, { body, handleErrors: true });
}

/** POST /media/upload/token: an upload-only token the gallery page hands to its script (ADR 029). */
export function fetchUploadToken(api: ApiClient): Promise<ApiResult<DataOf<typeof mediaOps.uploadToken>>> {
  return api.op(mediaOps.uploadToken, { handleErrors: true });
}

/** The media group's endpoints whose bodies are not JSON: uploads in, image bytes out. */
import type { MediaItem, MediaVisibility } from "#server/contract/media";
import type { UploadToken } from "#server/contract/media-chunked";
import type { GalleryPage, WatermarkInput, WatermarkSettings } from "#server/contract/media-gallery";
import type { ApiClient, ApiResult, RawCallOptions } from "./client.server";

/** POST /media/upload, the member's multipart body streamed through as it arrives. */
export function uploadMedia(api: ApiClient, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw("/api/v2/media/upload", { method: "POST", body });
}

/** GET /media/{key}/{variant}: the file, through the API's access gate (ADR 017); a video's byte range passed on. */
export function fetchMediaFile(
  api: ApiClient,
  key: string,
  variant: string,
  grant: string | null,
  range: string | null = null,
): Promise<Response> {
  const query = grant ? `?g=${encodeURIComponent(grant)}` : "";
  return api.raw(`/api/v2/media/${key}/${variant}${query}`, { range });
}

/** POST /media/video: one video, streamed through as it arrives (ADR 034). */
export function uploadVideoFile(api: ApiClient, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw("/api/v2/media/video", { method: "POST", body });
}

/** GET /media/my: the member's own photos (keys as stored). */
export function fetchMyMedia(api: ApiClient): Promise<ApiResult<MediaItem[]>> {
  return api.call<MediaItem[]>("/api/v2/media/my", { camelize: false });
}

/** GET /media/gallery?page=N: one page of the member's own gallery with the watermark settings. */
export function fetchGallery(api: ApiClient, page: number): Promise<ApiResult<GalleryPage>> {
  return api.call<GalleryPage>("/api/v2/media/gallery", { params: { page }, camelize: false, handleErrors: true });
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

export function runGalleryAction(api: ApiClient, action: GalleryAction): Promise<ApiResult<unknown>> {
  const base = `/api/v2/media/${action.id}`;
  const options = { camelize: false, handleErrors: true } as const;
  switch (action.kind) {
    case "visibility":
      return api.call(`${base}/visibility`, { ...options, method: "PUT", body: { visibility: action.visibility } });
    case "position":
      return api.call(`${base}/position`, { ...options, method: "PUT", body: { position: action.position } });
    case "top":
      return api.call(`${base}/move-to-top`, { ...options, method: "POST" });
    case "avatar":
      return api.call(`${base}/avatar`, { ...options, method: "PUT" });
    case "cover":
      return api.call(`${base}/cover`, { ...options, method: "PUT" });
    case "fake_check":
      return api.call(`${base}/fake-check`, { ...options, method: "POST" });
    case "delete":
      return api.call(base, { ...options, method: "DELETE" });
  }
}

/** PUT /media/watermark. */
export function saveWatermark(api: ApiClient, body: WatermarkInput): Promise<ApiResult<WatermarkSettings>> {
  return api.call<WatermarkSettings>("/api/v2/media/watermark", { method: "PUT", body, camelize: false, handleErrors: true });
}

/** POST /media/upload/token: an upload-only token the gallery page hands to its script (ADR 029). */
export function fetchUploadToken(api: ApiClient): Promise<ApiResult<UploadToken>> {
  return api.call<UploadToken>("/api/v2/media/upload/token", { method: "POST", camelize: false, handleErrors: true });
}

/** The media group's endpoints whose bodies are not JSON: uploads in, image bytes out. */
import type { MediaItem } from "#server/contract/media";
import type { ApiClient, ApiResult, RawCallOptions } from "./client.server";

/** POST /media/upload, the member's multipart body streamed through as it arrives. */
export function uploadMedia(api: ApiClient, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw("/api/v2/media/upload", { method: "POST", body });
}

/** GET /media/{key}/{variant}: the file, through the API's access gate (ADR 017). */
export function fetchMediaFile(api: ApiClient, key: string, variant: string, grant: string | null): Promise<Response> {
  const query = grant ? `?g=${encodeURIComponent(grant)}` : "";
  return api.raw(`/api/v2/media/${key}/${variant}${query}`);
}

/** GET /media/my: the member's own photos (keys as stored). */
export function fetchMyMedia(api: ApiClient): Promise<ApiResult<MediaItem[]>> {
  return api.call<MediaItem[]>("/api/v2/media/my", { camelize: false });
}

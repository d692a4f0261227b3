/**
 * Media files: /media/{key}/{variant} (ADR 017). Never a bare static URL: every
 * request goes through the API's access gate (app/api/media.server fetchMediaFile)
 * with the viewer's own token, so a guest sees only what guests may see and
 * everything else answers 404. The key is random per photo; the variant names
 * a width and format (ADR 018), and each URL's bytes never change.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchMediaFile } from "~/api/media.server";
import { forwardMediaFile, mediaNotFound } from "~/utils/media-file.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const variant = params.variant ?? "";
  // The API validates both too; this keeps junk from costing an API call.
  if (!/^[0-9a-f]{32}$/.test(key) || !/^[\w.]{1,16}$/.test(variant)) return mediaNotFound();
  const grant = new URL(request.url).searchParams.get("g");
  // 206 and 416 answer a video player's byte range (ADR 034).
  return forwardMediaFile(await fetchMediaFile(createApiClient({ request, context }), key, variant, grant, request.headers.get("range")));
}

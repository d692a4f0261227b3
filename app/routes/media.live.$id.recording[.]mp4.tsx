/**
 * A live recording's video: /media/live/{id}/recording.mp4?g=… (ADR 130). The page's native <video> plays it without
 * JavaScript; like paid media (ADR 093) every request, each byte range a player asks for, goes through the API's gate
 * with the viewer's own session and the grant the page handed out, and the API streams it from the storage port.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchLiveRecordingFile } from "~/api/live-streams.server";
import { forwardMediaFile, mediaNotFound } from "~/utils/media-file.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!/^[1-9]\d{0,9}$/.test(id)) return mediaNotFound();
  const grant = new URL(request.url).searchParams.get("g");
  const upstream = await fetchLiveRecordingFile(createApiClient({ request, context }), Number(id), grant, request.headers.get("range"));
  return forwardMediaFile(upstream);
}

/** The activity tracker's endpoint (ADR 132): the browser's batch relayed to the API as it came, with the session's token. */
import { activityOps } from "#server/contract/operations/activity";
import type { ApiClient } from "./client.server";

export function relayActivityBatch(api: ApiClient, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body
    ? { stream: request.body, contentType: request.headers.get("content-type") ?? "", contentLength: request.headers.get("content-length") }
    : undefined;
  return api.raw(activityOps.ingest, { query: { t: url.searchParams.get("t"), g: url.searchParams.get("g") }, body });
}

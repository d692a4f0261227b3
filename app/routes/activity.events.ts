/**
 * POST /activity/events: where public/scripts/activity.js posts its batches (ADR 132). Same origin, so the session's
 * cookie comes along (the host refuses a cross-site post before this runs); the API does everything else.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { doNotTrack } from "#server/contract/activity";
import { relayActivityBatch } from "~/api/activity.server";
import { createApiClient } from "~/api/client.server";
import { noStore } from "~/utils/cache-headers";

export async function action({ request, context }: ActionFunctionArgs) {
  // The API never sees the browser's own headers: "do not track" is honoured here, before anything is relayed.
  if (doNotTrack(request.headers)) return new Response(null, { status: 204, headers: noStore() });
  const upstream = await relayActivityBatch(createApiClient({ request, context }), request);
  // The browser posts no-cors and reads nothing: the status and the counts, for whoever debugs it.
  const headers = new Headers(noStore());
  for (const name of ["x-activity-accepted", "x-activity-rejected", "content-type"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.status === 204 ? null : upstream.body, { status: upstream.status, headers });
}

/** A GET is no batch. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...noStore() } });
}

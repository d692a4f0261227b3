/**
 * Media files: /media/{id}. Never a bare static URL: every request goes
 * through the API's visibility gate (GET /api/v2/media/{id}/file) with the
 * viewer's own token, so a guest sees public photos only and the rest
 * answer 404. Sizes (thumbnails) arrive with the media gallery feature.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { rawApiFetch } from "~/api/raw.server";

const PASSED_HEADERS = ["content-type", "content-length", "cache-control", "vary", "x-content-type-options"];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!/^\d{1,12}$/.test(id)) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const upstream = await rawApiFetch(request, context, `/api/v2/media/${id}/file`);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return new Response("Not found", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The answer depends on who asks (the session cookie), not only on the URL.
  headers.set("Vary", "Cookie");
  return new Response(upstream.body, { status: 200, headers });
}

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
import { CACHE_HEADER, noStore } from "~/utils/cache-headers";

const PASSED_HEADERS = [
  "content-type",
  "content-length",
  CACHE_HEADER.toLowerCase(),
  "x-content-type-options",
  "accept-ranges",
  "content-range",
];

const notFound = () => new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const variant = params.variant ?? "";
  // The API validates both too; this keeps junk from costing an API call.
  if (!/^[0-9a-f]{32}$/.test(key) || !/^[\w.]{1,16}$/.test(variant)) return notFound();
  const grant = new URL(request.url).searchParams.get("g");
  const upstream = await fetchMediaFile(createApiClient({ request, context }), key, variant, grant, request.headers.get("range"));
  // 206 and 416 answer a video player's byte range (ADR 034).
  if (upstream.status !== 200 && upstream.status !== 206 && upstream.status !== 416) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // A private answer depends on who asks (the session cookie), not only on the URL.
  if (!/^\s*public\b/i.test(headers.get(CACHE_HEADER) ?? "")) headers.set("Vary", "Cookie");
  return new Response(upstream.body, { status: upstream.status, headers });
}

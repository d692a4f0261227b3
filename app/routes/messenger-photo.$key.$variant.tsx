/**
 * Message photos: /messenger-photo/{key}/{variant} (ADR 043). Every request goes through the API's check that the
 * viewer is one of the two members of the thread and still has the message in view; anything else is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchMessagePhoto } from "~/api/messenger.server";
import { CACHE_HEADER, noStore } from "~/utils/cache-headers";

const notFound = () => new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const variant = params.variant ?? "";
  if (!/^[0-9a-f]{32}$/.test(key) || !/^[\w.]{1,16}$/.test(variant)) return notFound();
  const upstream = await fetchMessagePhoto(createApiClient({ request, context }), key, variant);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers({ Vary: "Cookie" });
  for (const name of ["content-type", "content-length", CACHE_HEADER.toLowerCase(), "x-content-type-options"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}

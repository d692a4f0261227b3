/**
 * /bundle-preview/{id}.jpg (contract/creators bundlePreviewPath): a bundle's blurred cover, made by the API for this
 * viewer (the session is forwarded); 404 for anything the viewer may not see.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fetchBundlePreview } from "~/api/bundles.server";
import { createApiClient } from "~/api/client.server";
import { CACHE_HEADER, noStore } from "~/utils/cache-headers";

const notFound = () => new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const match = /^([1-9]\d{0,9})\.jpg$/.exec(params.file ?? "");
  if (!match) return notFound();
  const upstream = await fetchBundlePreview(createApiClient({ request, context }), Number(match[1]));
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers({ "Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff", Vary: "Cookie" });
  for (const name of ["content-length", CACHE_HEADER.toLowerCase()]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}

/**
 * Spec section 7: "A timeout during server rendering sets a flag." The API
 * client marks the request's load context when a call times out; the
 * document render (entry.server.tsx) then serves the page as degraded: never
 * stored (Cache-Control: no-store, so neither the micro-cache nor a CDN keeps
 * it), tagged X-Render-Timeout: 1, and with a "some content could not be
 * loaded" notice. Keyed by the load context because that one object belongs to
 * exactly one request from the loaders to the render, whatever the host.
 */
import type { AppLoadContext } from "@remix-run/node";
import { CACHE_HEADER, NO_STORE } from "~/utils/cache-headers";

export const RENDER_TIMEOUT_HEADER = "X-Render-Timeout";

const timedOut = new WeakSet<object>();

export function markRenderTimeout(context: AppLoadContext | undefined): void {
  if (context && typeof context === "object") timedOut.add(context);
}

export function hadRenderTimeout(context: AppLoadContext | undefined): boolean {
  return !!context && typeof context === "object" && timedOut.has(context);
}

/** Marks a degraded answer so nothing downstream caches it. */
export function applyRenderTimeoutHeaders(headers: Headers): void {
  headers.set(CACHE_HEADER, NO_STORE);
  headers.delete("ETag");
  headers.set(RENDER_TIMEOUT_HEADER, "1");
}

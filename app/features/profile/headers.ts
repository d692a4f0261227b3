import type { HeadersFunction } from "@remix-run/node";
import { CACHE_HEADER, NO_STORE } from "~/utils/cache-headers";

// A module of its own: the search pages answer with these headers too, and importing them from ./meta brought the
// profile's tabs into the search pages' browser code, where `headers` is never used (ADR 155).

/** A paused profile's page keeps search engines out with this header too (page.server.ts, ADR 070). */
export const ROBOTS_HEADER = "X-Robots-Tag";

/** The profile loader's caching headers apply to every tab. */
export const profileHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) => {
  const headers = new Headers();
  if (errorHeaders) {
    headers.set(CACHE_HEADER, errorHeaders.get(CACHE_HEADER) ?? NO_STORE);
    return headers;
  }
  for (const name of [CACHE_HEADER, "Vary", ROBOTS_HEADER]) {
    const value = loaderHeaders.get(name) ?? parentHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { metaFromLoader } from "~/utils/meta";
import { CACHE_HEADER, NO_STORE } from "~/utils/cache-headers";

/**
 * Title, description, canonical and hreflang of an info page. Previous
 * versions are noindex: they are archived text, the current one should rank.
 */
export function infoPageMeta(options: { noindex?: boolean } = {}): MetaFunction {
  return metaFromLoader({ ...options, titleField: "metaTitle" });
}

/** Forwards the loader's caching headers (public for guests, private for signed-in viewers). */
export const infoPageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  if (errorHeaders) {
    headers.set(CACHE_HEADER, NO_STORE);
    return headers;
  }
  for (const name of [CACHE_HEADER, "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

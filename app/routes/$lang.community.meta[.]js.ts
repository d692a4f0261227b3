/**
 * /{lang}/community/meta.js: the forum's meta interface script (spec section 7; ADR 139). Public, the same for every
 * visitor of a language, cacheable anywhere; it reads no session and sets no cookie.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "#server/contract/locales";
import { etagOf, metaScript, metaScriptCaching, metaScriptConfig } from "~/features/forum/meta-script.server";
import { publicOrigin } from "~/utils/seo";

// The header's texts come from the forum namespace (read on the server; declared for the locale check).
export const handle = { i18n: ["forum"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang))
    return new Response("/* unknown language */\n", { status: 404, headers: { "Content-Type": "text/javascript; charset=utf-8" } });
  const body = metaScript(await metaScriptConfig(params.lang, publicOrigin()));
  const etag = etagOf(body);
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    ...metaScriptCaching(),
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // The forum's pages load it from another origin: a classic script needs no CORS, but a `crossorigin` one (for
    // error details or subresource integrity) does, and a resource policy must not stop either.
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

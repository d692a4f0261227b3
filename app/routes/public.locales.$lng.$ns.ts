import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, NAMESPACES, type Namespace } from "#server/contract/locales";
import { resources } from "~/i18n/resources.server";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

// Serialized once per process; the files change only with a deploy.
const cache = new Map<string, { body: string; etag: string }>();

function file(lng: keyof typeof resources, ns: Namespace) {
  const key = `${lng}/${ns}`;
  let entry = cache.get(key);
  if (!entry) {
    const body = JSON.stringify(resources[lng][ns]);
    entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    cache.set(key, entry);
  }
  return entry;
}

/**
 * GET /public/locales/{lng}/{ns}.json (spec section 7): the translation files
 * the browser's i18next loads. A resource route, so the web tier serves them
 * under remix-serve as well as in the one-process host.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const ns = (params.ns ?? "").replace(/\.json$/, "");
  if (!isLanguage(params.lng) || !(NAMESPACES as readonly string[]).includes(ns)) {
    return Response.json(
      { code: 404, errors: [{ code: 404, title: "exception.common.not_found", message: "exception.common.not_found", key: "not_found" }] },
      { status: 404 },
    );
  }
  const { body, etag } = file(params.lng, ns as Namespace);
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    ...guestPage(GUEST_MAX_AGE.static, { staleWhileRevalidateSeconds: 86_400 }),
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

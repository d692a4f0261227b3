/**
 * support/sso and support/signout (spec section 2; issue 32 item 4, ADR 134): the pages ask the API server-side, as
 * every page does, and send the browser on. A guest goes to login and comes back (the spec's `r`); without a help desk
 * the page explains how to reach the team; a refused return address is said next to the way to reach support.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { createApiClient } from "~/api/client.server";
import { fetchSupportSignOn, signOutOfSupport, type SupportSignOnQuery } from "~/api/helpdesk.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const SIGN_ON_PARAMS = ["return_to", "redirect_uri", "state", "nonce"] as const;

/** The login page, coming back to this very address afterwards. */
export function loginAndReturn(request: Request, lang: string): Response {
  const url = new URL(request.url);
  return redirect(`/${lang}/login?r=${encodeURIComponent(url.pathname + url.search)}`, { headers: PRIVATE_HEADERS });
}

export async function loadSupportSignOn({ request, context, params }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const search = new URL(request.url).searchParams;
  const query: SupportSignOnQuery = {};
  for (const name of SIGN_ON_PARAMS) {
    const value = search.get(name);
    if (value !== null) query[name] = value;
  }
  const result = await fetchSupportSignOn(createApiClient({ request, context }), query);
  const t = await i18nServer.getFixedT(request);
  const title = t("helpdesk.title");
  if (result.ok && result.data.url) throw redirect(result.data.url, { headers: PRIVATE_HEADERS });
  if (result.ok) return data({ title, state: "off" as const, errorKey: null }, { headers: PRIVATE_HEADERS });
  if (result.status === 401) throw loginAndReturn(request, lang);
  const errorKey = result.errors[0]?.title ?? DEFAULT_ERROR_KEY;
  return data(
    { title, state: "refused" as const, errorKey },
    { status: result.status === 403 ? 403 : result.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
  );
}

/** support/signout: the help desk signed the member out; on to its page (return_to there) or our home. */
export async function loadSupportSignOut({ request, context, params }: LoaderFunctionArgs) {
  const returnTo = new URL(request.url).searchParams.get("return_to") ?? undefined;
  const result = await signOutOfSupport(createApiClient({ request, context }), returnTo);
  throw redirect(result.ok && result.data.url ? result.data.url : `/${params.lang}`, { headers: PRIVATE_HEADERS });
}

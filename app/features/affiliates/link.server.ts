/**
 * A partner's link, /{lang}/a/{code} (ADR 135): the page says which partner sent the visitor and offers the sign-up.
 * Only pressing "sign up" stores the partner's code (a first-party cookie, the code alone, deleted at sign-up): it is
 * stored for the partner-referred sign-up the visitor asked for, never by merely opening the link (TDDDG § 25).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { AFFILIATE_COOKIE, AFFILIATE_COOKIE_MAX_AGE_S } from "#server/contract/affiliates";
import { fetchAffiliateLink } from "~/api/affiliates.server";
import { createApiClient } from "~/api/client.server";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseCookies, serializeCookie } from "~/session/session.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { AFFILIATE_CODE_PATTERN } from "#server/contract/affiliates";

/** The partner code the visitor chose to sign up with, or "" (the API checks it again at sign-up). */
export function affiliateCodeOf(request: Request): string {
  const value = parseCookies(request.headers.get("cookie")).get(AFFILIATE_COOKIE) ?? "";
  return AFFILIATE_CODE_PATTERN.test(value) ? value : "";
}

async function checkedCode(request: Request, context: LoaderFunctionArgs["context"], raw: string | undefined) {
  const api = createApiClient({ request, context });
  return fetchAffiliateLink(api, raw ?? "");
}

export async function loadAffiliateLink({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const signedIn = (await loadViewer(request, context)) !== null;
  const result = await checkedCode(request, context, params.code);
  const status = result.ok ? 200 : result.status === 429 ? 429 : 404;
  // A deactivated partner's printed link still lands on a page (ADR 139): a welcome without the attribution offer.
  const inactive = result.ok && !result.data.active;
  return data(
    {
      title: t(inactive ? "affiliates.link.inactive_title" : "affiliates.link.title"),
      code: result.ok && result.data.active ? result.data.code : null,
      inactive,
      tooMany: status === 429,
      signedIn,
    },
    { status, headers: PRIVATE_HEADERS },
  );
}

/** "Sign up": the code kept for the sign-up, then on to join/user. An unknown or deactivated partner's code goes there without it. */
export async function submitAffiliateLink({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const result = await checkedCode(request, context, params.code);
  const headers = new Headers(PRIVATE_HEADERS);
  if (result.ok && result.data.active)
    headers.append(
      "Set-Cookie",
      serializeCookie(AFFILIATE_COOKIE, result.data.code, { httpOnly: true, maxAge: AFFILIATE_COOKIE_MAX_AGE_S }),
    );
  throw redirect(`/${lang}/join/user`, { headers });
}

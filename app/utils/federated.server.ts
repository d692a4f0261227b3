/**
 * Federated sign-in in the web tier (Google). start: ask the API for an
 * authorization URL, keep state, nonce, PKCE verifier and the return path in
 * a short httpOnly cookie, send the browser to the provider. callback: check
 * the state against the cookie, hand the code to the API, start the session
 * like a login, and go to the user's next destination. Every failure is a
 * translation key for the error page, never a 5xx.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { FEDERATED_STATE_COOKIE, FEDERATED_STATE_TTL_S, type FederatedProvider } from "#server/contract/invites";
import { createApiClient } from "~/api/client.server";
import { authorizeThirdParty, fetchThirdPartyProviders, signInThirdParty } from "~/api/registration.server";
import { clearCookie, loginCookies, parseCookies, serializeCookie } from "~/session/session.server";
import { safeReturnPath } from "./forms.server";
import { PRIVATE_HEADERS, publicOrigin } from "./seo";

interface StoredState {
  state: string;
  nonce: string;
  verifier: string;
  r: string | null;
}

export interface FederatedArgs {
  request: Request;
  context: AppLoadContext;
  lang: string;
  provider: FederatedProvider;
}

export function callbackUrl(request: Request, lang: string, provider: FederatedProvider): string {
  return `${publicOrigin()}/${lang}/federated/${provider}/callback`;
}

function readState(request: Request): StoredState | null {
  const raw = parseCookies(request.headers.get("cookie")).get(FEDERATED_STATE_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredState>;
    return typeof parsed.state === "string" && typeof parsed.nonce === "string" && typeof parsed.verifier === "string"
      ? { state: parsed.state, nonce: parsed.nonce, verifier: parsed.verifier, r: typeof parsed.r === "string" ? parsed.r : null }
      : null;
  } catch {
    return null;
  }
}

/** Redirects to the provider, or answers the error key when that is impossible. */
export async function startFederatedSignIn({ request, context, lang, provider }: FederatedArgs): Promise<{ errorKey: string }> {
  const api = createApiClient({ request, context });
  const result = await authorizeThirdParty(api, { provider, redirect_uri: callbackUrl(request, lang, provider) });
  if (!result.ok)
    return { errorKey: result.errors[0]?.key && result.status === 404 ? result.errors[0].key : "exception.federated.provider_failed" };
  const r = safeReturnPath(new URL(request.url).searchParams.get("r"), lang);
  const stored: StoredState = { state: result.data.state, nonce: result.data.nonce, verifier: result.data.codeVerifier, r };
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append(
    "Set-Cookie",
    serializeCookie(FEDERATED_STATE_COOKIE, JSON.stringify(stored), { httpOnly: true, maxAge: FEDERATED_STATE_TTL_S }),
  );
  throw redirect(result.data.authorizationUrl, { headers });
}

/** Completes the sign-in (throws the redirect) or answers the error key to show. */
export async function completeFederatedSignIn({
  request,
  context,
  lang,
  provider,
}: FederatedArgs): Promise<{ errorKey: string; setCookies: string[] }> {
  const url = new URL(request.url);
  const stored = readState(request);
  // The state cookie is single use, whatever happens next.
  const setCookies = [clearCookie(FEDERATED_STATE_COOKIE)];
  const error = url.searchParams.get("error");
  if (error)
    return {
      errorKey: error === "access_denied" ? "exception.federated.access_denied" : "exception.federated.provider_failed",
      setCookies,
    };
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (!stored || !state || state !== stored.state) return { errorKey: "exception.federated.state_mismatch", setCookies };
  if (!code) return { errorKey: "exception.federated.provider_failed", setCookies };

  const api = createApiClient({ request, context });
  const result = await signInThirdParty(api, {
    provider,
    code,
    code_verifier: stored.verifier,
    redirect_uri: callbackUrl(request, lang, provider),
    nonce: stored.nonce,
  });
  if (!result.ok) {
    const key = result.errors[0]?.key ?? "";
    return { errorKey: /^exception\.(federated|login)\./.test(key) ? key : "exception.federated.provider_failed", setCookies };
  }
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of [...setCookies, ...loginCookies(result.data.accessToken, false, Date.now())]) headers.append("Set-Cookie", cookie);
  // Open duties first (unfinished registration for new accounts), then the return path.
  const duty = result.data.user.nextDestination ? `/${lang}/${result.data.user.nextDestination}` : null;
  throw redirect(duty ?? stored.r ?? `/${lang}/my_dashboard`, { headers });
}

/** Whether the login page should offer the provider. */
export async function federatedProviders(request: Request, context: AppLoadContext): Promise<string[]> {
  const api = createApiClient({ request, context });
  const result = await fetchThirdPartyProviders(api);
  return result.ok ? result.data.providers : [];
}

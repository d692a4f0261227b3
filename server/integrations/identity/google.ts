/**
 * Google sign-in (OpenID Connect, authorization code flow with PKCE). The ID
 * token comes straight from Google's token endpoint over TLS, so its issuer
 * is trusted without a signature check (OIDC Core 3.1.3.7); its audience,
 * expiry and nonce are still checked, and the profile comes from userinfo.
 */
import type { AppConfig } from "../../config";
import type { Clock } from "../../lib/clock";
import { IdentityProviderError, type OAuthProvider } from "./oauth";

const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);
const TIMEOUT_MS = 10_000;

interface TokenAnswer {
  access_token?: string;
  id_token?: string;
}
interface IdTokenClaims {
  iss?: string;
  aud?: string | string[];
  sub?: string;
  exp?: number;
  nonce?: string;
}
interface UserInfo {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
}

function decodeJwtPayload(token: string): IdTokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as IdTokenClaims;
  } catch {
    return null;
  }
}

async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

export function googleProvider(config: AppConfig["google"], clock: Clock, fetchImpl: typeof fetch = fetch): OAuthProvider {
  const { clientId, clientSecret } = config;
  if (!clientId || !clientSecret) throw new Error("Google sign-in is not configured");
  return {
    name: "google",
    authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        prompt: "select_account",
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri, nonce }) {
      let tokenResponse: Response;
      try {
        tokenResponse = await fetchImpl(config.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            code_verifier: codeVerifier,
            redirect_uri: redirectUri,
            client_id: clientId,
            client_secret: clientSecret,
          }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new IdentityProviderError(`token endpoint unreachable: ${(err as Error).message}`);
      }
      const tokens = await readJson<TokenAnswer & { error?: string }>(tokenResponse);
      if (!tokenResponse.ok || !tokens?.access_token) {
        // invalid_grant: a used, expired or foreign code (e.g. a reloaded callback).
        const key = tokens?.error === "invalid_grant" ? "exception.federated.code_rejected" : "exception.federated.provider_failed";
        throw new IdentityProviderError(`token endpoint answered ${tokenResponse.status} ${tokens?.error ?? ""}`, key);
      }
      const claims = tokens.id_token ? decodeJwtPayload(tokens.id_token) : null;
      if (!claims) throw new IdentityProviderError("no usable id_token");
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!claims.iss || !GOOGLE_ISSUERS.has(claims.iss) || !audiences.includes(clientId) || !claims.sub) {
        throw new IdentityProviderError("id_token issuer, audience or subject mismatch");
      }
      if (typeof claims.exp !== "number" || claims.exp * 1000 <= clock.now()) throw new IdentityProviderError("id_token expired");
      if (nonce !== undefined && claims.nonce !== nonce)
        throw new IdentityProviderError("id_token nonce mismatch", "exception.federated.state_mismatch");

      let infoResponse: Response;
      try {
        infoResponse = await fetchImpl(config.userinfoUrl, {
          headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new IdentityProviderError(`userinfo unreachable: ${(err as Error).message}`);
      }
      const info = await readJson<UserInfo>(infoResponse);
      if (!infoResponse.ok || !info || info.sub !== claims.sub) throw new IdentityProviderError(`userinfo answered ${infoResponse.status}`);
      const email = typeof info.email === "string" && info.email.includes("@") ? info.email.trim() : null;
      return {
        provider: "google",
        subject: claims.sub,
        email,
        emailVerified: email !== null && (info.email_verified === true || info.email_verified === "true"),
        name: typeof info.name === "string" ? info.name : null,
        picture: typeof info.picture === "string" ? info.picture : null,
      };
    },
  };
}

/**
 * Google's OAuth endpoints for msw: a token endpoint that answers an ID token
 * for known codes and a userinfo endpoint for the matching access token.
 */
import { http, HttpResponse } from "msw";

export const GOOGLE = {
  authUrl: "http://google.test/o/oauth2/v2/auth",
  tokenUrl: "http://google.test/token",
  userinfoUrl: "http://google.test/v1/userinfo",
  clientId: "client-id.apps.googleusercontent.test",
  clientSecret: "client-secret",
};

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256", kid: "test" })}.${part(claims)}.c2lnbmF0dXJl`;
}

export interface TokenCall {
  body: URLSearchParams;
}

/**
 * Handlers for one authorization code → one account. `nonce` is what Google
 * would echo from the authorization request; `now` the test clock in ms.
 */
export function googleHandlers(options: { code: string; account: GoogleAccount; nonce?: string; now: () => number; calls?: TokenCall[] }) {
  const accessToken = `at-${options.account.sub}`;
  return [
    http.post(GOOGLE.tokenUrl, async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      options.calls?.push({ body });
      if (body.get("code") !== options.code || body.get("client_secret") !== GOOGLE.clientSecret) {
        return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
      }
      const idToken = jwt({
        iss: "https://accounts.google.com",
        aud: GOOGLE.clientId,
        sub: options.account.sub,
        email: options.account.email,
        exp: Math.floor(options.now() / 1000) + 3600,
        ...(options.nonce ? { nonce: options.nonce } : {}),
      });
      return HttpResponse.json({ access_token: accessToken, id_token: idToken, token_type: "Bearer", expires_in: 3599 });
    }),
    http.get(GOOGLE.userinfoUrl, ({ request }) => {
      if (request.headers.get("authorization") !== `Bearer ${accessToken}`)
        return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
      return HttpResponse.json({ email_verified: true, ...options.account, picture: "https://lh3.google.test/a.png" });
    }),
  ];
}

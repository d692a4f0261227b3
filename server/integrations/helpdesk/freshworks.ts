/**
 * Freshworks' custom JWT sign-on for Freshdesk ("How to configure SSO with custom JWT implementation", "Setting up the
 * id_token"; ADR 134). Service-provider initiated, the OAuth 2.0 implicit flow: Freshworks sends the member to our
 * authorization URL with redirect_uri, state and nonce; we answer `${redirect_uri}?state=…&id_token=…`, the id_token an
 * RS256 JWT signed with our private key (Freshworks holds the public key) carrying the documented sub, email, iat and
 * nonce and the optional given_name. The user type is a custom claim (`user_type`), which Freshworks maps to a contact
 * field only when the account's SSO policy names it: an assumption, not a documented claim (ADR 134).
 */
import { createPrivateKey } from "node:crypto";
import { importPKCS8, SignJWT } from "jose";
import type { FreshworksConfig } from "./config";
import type { HelpdeskAdapter, HelpdeskMember, IssuedToken, SignOnRequest } from "./port";

export function freshworksAdapter(config: FreshworksConfig): HelpdeskAdapter {
  // PKCS#1 ("BEGIN RSA PRIVATE KEY") or PKCS#8: read by node, handed to jose as PKCS#8.
  const pkcs8 = createPrivateKey(config.privateKey).export({ type: "pkcs8", format: "pem" }).toString();
  const key = importPKCS8(pkcs8, "RS256");
  return {
    provider: "freshworks",
    home: `${config.portalUrl}/support/home`,
    returnOrigins: [config.portalUrl, config.ssoUrl],
    redirectOrigins: [config.ssoUrl],
    async signOn(member: HelpdeskMember, request: SignOnRequest, token: IssuedToken) {
      if (!request.redirectUri || !request.state || !request.nonce) return null;
      const idToken = await new SignJWT({
        email: member.email,
        nonce: request.nonce,
        given_name: member.name,
        user_type: member.userType,
      })
        .setProtectedHeader({ alg: "RS256", typ: "JWT" })
        .setSubject(String(member.id))
        .setIssuedAt(token.iat)
        .setExpirationTime(token.exp)
        .setJti(token.jti)
        .sign(await key);
      const url = new URL(request.redirectUri);
      url.searchParams.set("state", request.state);
      url.searchParams.set("id_token", idToken);
      return url.href;
    },
  };
}

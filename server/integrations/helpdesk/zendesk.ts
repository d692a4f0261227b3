/**
 * Zendesk's JWT single sign-on ("Enabling JWT single sign-on", "Anatomy of a JWT request"; ADR 134): an HS256 JWT
 * signed with the account's shared secret, carrying iat and jti (both required: Zendesk refuses a reused jti and an
 * old iat), name, email and external_id, sent as /access/jwt?jwt=…&return_to=…. The member's user type goes in the
 * documented `tags` claim (velora_<type>), which Zendesk sets on the end user on every sign-on.
 */
import { SignJWT } from "jose";
import type { ZendeskConfig } from "./config";
import type { HelpdeskAdapter, HelpdeskMember, IssuedToken, SignOnRequest } from "./port";

/** The tag Zendesk keeps on the end user for a member's user type. */
export function zendeskUserTypeTag(userType: string): string {
  return `velora_${userType}`;
}

export function zendeskAdapter(config: ZendeskConfig): HelpdeskAdapter {
  const secret = new TextEncoder().encode(config.secret);
  return {
    provider: "zendesk",
    home: `${config.url}/hc`,
    returnOrigins: [config.url],
    redirectOrigins: [],
    async signOn(member: HelpdeskMember, request: SignOnRequest, token: IssuedToken) {
      const jwt = await new SignJWT({
        name: member.name,
        email: member.email,
        external_id: String(member.id),
        tags: [zendeskUserTypeTag(member.userType)],
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuedAt(token.iat)
        .setExpirationTime(token.exp)
        .setJti(token.jti)
        .sign(secret);
      const url = new URL("/access/jwt", config.url);
      url.searchParams.set("jwt", jwt);
      if (request.returnTo) url.searchParams.set("return_to", request.returnTo.href);
      return url.href;
    },
  };
}

/**
 * The help desk behind support/sso (issue 32 item 4, ADR 134): one port, one adapter per provider. An adapter turns
 * a signed-in member and the sign-on request into the address the browser goes to next, carrying a token signed as
 * that provider documents it; it never decides who may sign on or where a member may be sent (the helpdesk module does).
 */
import type { HelpdeskProvider } from "./config";

/** What we pass to the help desk about a member: the spec's "name, e-mail and user type", signed. */
export interface HelpdeskMember {
  id: number;
  name: string;
  email: string;
  /** The member's user type name (client, escort, business, …). */
  userType: string;
  language: string;
}

/**
 * The sign-on request as the help desk started it. Zendesk sends the member to our remote login URL with return_to;
 * Freshworks (service-provider initiated, OAuth 2.0 implicit flow) with redirect_uri, state and nonce.
 * Addresses are already checked against the adapter's origins.
 */
export interface SignOnRequest {
  returnTo: URL | null;
  redirectUri: URL | null;
  state: string | null;
  nonce: string | null;
}

/** One signed token as the product records it: its id and lifetime (epoch seconds). */
export interface IssuedToken {
  jti: string;
  iat: number;
  exp: number;
}

export interface HelpdeskAdapter {
  readonly provider: HelpdeskProvider;
  /** The help desk's start page: where support/signout sends a member back to. */
  readonly home: string;
  /** Origins a return_to may be on (the help center and, for Freshworks, its account's sign-on host). */
  readonly returnOrigins: readonly string[];
  /** Origins a redirect_uri may be on; empty: the provider sends none. */
  readonly redirectOrigins: readonly string[];
  /**
   * The address to send the member to, or null when the request lacks what the provider's flow needs (then the
   * member is sent to return_to or home without a token, and the help desk starts its sign-on anew).
   */
  signOn(member: HelpdeskMember, request: SignOnRequest, token: IssuedToken): Promise<string | null>;
}

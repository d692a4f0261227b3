/**
 * Federated sign-in behind one interface: an OAuth 2.0 / OpenID Connect
 * provider builds the authorization URL (state, nonce, PKCE S256) and turns
 * the returned code into a verified identity.
 */
import { createHash } from "node:crypto";
import { randomToken } from "../../lib/crypto";

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface FederatedIdentity {
  provider: string;
  /** The provider's stable account id (OIDC `sub`). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /** The nonce sent with the authorization request; the ID token must carry it. */
  nonce?: string;
}

export interface OAuthProvider {
  readonly name: string;
  authorizationUrl(request: AuthorizationRequest): string;
  /** Throws IdentityProviderError when the provider refuses or fails. */
  exchangeCode(exchange: CodeExchange): Promise<FederatedIdentity>;
}

export class IdentityProviderError extends Error {
  constructor(
    message: string,
    /** Translation key shown to the user. */
    readonly key: string = "exception.federated.provider_failed",
  ) {
    super(message);
    this.name = "IdentityProviderError";
  }
}

/** PKCE (RFC 7636): a verifier of 43 URL-safe characters and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32);
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

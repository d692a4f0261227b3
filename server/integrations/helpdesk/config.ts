/**
 * The help desk members reach through support/sso (issue 32 item 4, ADR 134): which provider is active and each
 * provider's settings. Off unless HELPDESK_PROVIDER names a configured provider; then support/sso explains how to
 * reach the team instead.
 */
export const HELPDESK_PROVIDERS = ["zendesk", "freshworks"] as const;
export type HelpdeskProvider = (typeof HELPDESK_PROVIDERS)[number];

/** Zendesk's JWT single sign-on: the account's address (https://<subdomain>.zendesk.com) and the shared secret. */
export interface ZendeskConfig {
  url: string;
  secret: string;
}

/**
 * Freshworks' custom JWT sign-on (Freshdesk): the help center's address, the Freshworks account address its
 * sign-on answers go to (redirect_uri is there), and our RSA private key (PEM; Freshworks holds the public key).
 */
export interface FreshworksConfig {
  portalUrl: string;
  ssoUrl: string;
  privateKey: string;
}

export interface HelpdeskConfig {
  /** The active provider; null: no help desk, support/sso explains how to reach support. */
  provider: HelpdeskProvider | null;
  zendesk: ZendeskConfig | null;
  freshworks: FreshworksConfig | null;
}

export const NO_HELPDESK: HelpdeskConfig = { provider: null, zendesk: null, freshworks: null };

function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${name} must be an http(s) URL`);
  return url.origin;
}

/**
 * HELPDESK_PROVIDER (zendesk | freshworks; unset: off); ZENDESK_URL and ZENDESK_JWT_SECRET; FRESHWORKS_PORTAL_URL,
 * FRESHWORKS_SSO_URL and FRESHWORKS_JWT_PRIVATE_KEY (PEM, "\n" may be written as the two characters).
 */
export function helpdeskConfigFrom(env: Record<string, string | undefined>): HelpdeskConfig {
  const zendesk = env.ZENDESK_URL ? { url: originOf("ZENDESK_URL", env.ZENDESK_URL), secret: env.ZENDESK_JWT_SECRET ?? "" } : null;
  if (zendesk && zendesk.secret.length < 16)
    throw new Error("ZENDESK_URL needs ZENDESK_JWT_SECRET (the shared secret, 16 characters or more)");
  const freshworks = env.FRESHWORKS_PORTAL_URL
    ? {
        portalUrl: originOf("FRESHWORKS_PORTAL_URL", env.FRESHWORKS_PORTAL_URL),
        ssoUrl: originOf("FRESHWORKS_SSO_URL", env.FRESHWORKS_SSO_URL ?? ""),
        privateKey: (env.FRESHWORKS_JWT_PRIVATE_KEY ?? "").replace(/\\n/g, "\n"),
      }
    : null;
  if (freshworks && !freshworks.privateKey.includes("PRIVATE KEY")) {
    throw new Error("FRESHWORKS_PORTAL_URL needs FRESHWORKS_JWT_PRIVATE_KEY (an RSA private key in PEM)");
  }
  const raw = env.HELPDESK_PROVIDER?.trim() || null;
  if (raw === null) return { provider: null, zendesk, freshworks };
  if (!(HELPDESK_PROVIDERS as readonly string[]).includes(raw)) {
    throw new Error(`HELPDESK_PROVIDER must be one of ${HELPDESK_PROVIDERS.join(", ")}, got ${JSON.stringify(raw)}`);
  }
  const provider = raw as HelpdeskProvider;
  if (provider === "zendesk" && !zendesk) throw new Error("HELPDESK_PROVIDER=zendesk needs ZENDESK_URL and ZENDESK_JWT_SECRET");
  if (provider === "freshworks" && !freshworks)
    throw new Error("HELPDESK_PROVIDER=freshworks needs FRESHWORKS_PORTAL_URL, FRESHWORKS_SSO_URL and FRESHWORKS_JWT_PRIVATE_KEY");
  return { provider, zendesk, freshworks };
}

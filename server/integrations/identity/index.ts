/** The identity providers the configuration enables. */
import type { AppConfig } from "../../config";
import type { Clock } from "../../lib/clock";
import { googleProvider } from "./google";
import type { OAuthProvider } from "./oauth";

export type { FederatedIdentity, OAuthProvider } from "./oauth";
export { IdentityProviderError, pkcePair } from "./oauth";

/** The configured providers by name (only those with credentials). */
export function oauthProviderFor(name: string, config: AppConfig, clock: Clock): OAuthProvider | null {
  if (name === "google" && config.google.clientId && config.google.clientSecret) return googleProvider(config.google, clock);
  return null;
}

export function configuredProviders(config: AppConfig): string[] {
  return config.google.clientId && config.google.clientSecret ? ["google"] : [];
}

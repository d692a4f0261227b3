/**
 * Which age-verification provider members are sent to (issue 30 item 1, ADR 105), by configuration
 * (config.ageVerification): the in-app fake (the embedded default) or the generic hosted-flow adapter.
 */
import type { ApiDeps } from "../../api/types";
import { systemClock } from "../../lib/clock";
import { createFakeAgeProvider, FAKE_AGE_PROVIDER_NAME } from "./fake";
import { createHostedAgeProvider, HOSTED_AGE_PROVIDER_NAME } from "./hosted";
import type { AgeVerificationProvider } from "./port";

/** The deps a provider needs: the configuration, and the clock its webhook check reads (the tests' clock moves). */
export type AgeProviderDeps = Pick<ApiDeps, "config"> & Partial<Pick<ApiDeps, "clock">>;

/** The provider of this name if it is enabled here, else null (its webhook then answers 404). */
export function ageProviderNamed(deps: AgeProviderDeps, name: string): AgeVerificationProvider | null {
  const now = () => (deps.clock ?? systemClock).now();
  const settings = deps.config.ageVerification;
  if (name === FAKE_AGE_PROVIDER_NAME && settings.fake.enabled) return createFakeAgeProvider(deps.config, now);
  if (name === HOSTED_AGE_PROVIDER_NAME && settings.hosted) return createHostedAgeProvider(settings.hosted, settings.toleranceSeconds, now);
  return null;
}

/** The provider new identifications go to, or null when none is configured. */
export function configuredAgeProvider(deps: AgeProviderDeps): AgeVerificationProvider | null {
  const chosen = deps.config.ageVerification.provider;
  return chosen ? ageProviderNamed(deps, chosen) : null;
}

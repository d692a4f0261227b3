/**
 * The age-verification provider's settings (issue 30 item 1, ADR 105), read once with the rest of the configuration
 * (server/config.ts). It imports nothing from the product, so config.ts may import it.
 *
 * - The fake provider (the embedded default) runs wherever the product is not a real production start; a real
 *   production start runs it only with AGE_VERIFICATION_FAKE=1 (a staging system): anyone could verify with it.
 * - AGE_VERIFICATION_PROVIDER picks the provider members are sent to: "fake" (the default where the fake runs) or
 *   "hosted" (the generic adapter of ./hosted.ts, configured by AGE_VERIFICATION_HOSTED_URL and _SECRET).
 */
import { createHmac } from "node:crypto";

export interface AgeVerificationHostedConfig {
  /** The provider's hosted identification flow: the member is sent there with a signed session reference. */
  url: string;
  /** The shared secret both sides sign with (at least 16 characters). */
  secret: string;
  /** Our account at the provider, sent with every redirect. */
  clientId: string;
}

export interface AgeVerificationConfig {
  /** The in-app fake provider and its hosted page (/fake-age-provider/…). */
  fake: { enabled: boolean; secret: string };
  /** Where members are sent to identify: null when no provider is configured (the page says so). */
  provider: "fake" | "hosted" | null;
  hosted: AgeVerificationHostedConfig | undefined;
  /** How far a webhook's signed timestamp may be from now before it is refused, in seconds. */
  toleranceSeconds: number;
}

const flag = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : ["1", "true", "yes", "on"].includes(value.toLowerCase());

function hostedFrom(env: Record<string, string | undefined>): AgeVerificationHostedConfig | undefined {
  const url = env.AGE_VERIFICATION_HOSTED_URL || undefined;
  const secret = env.AGE_VERIFICATION_HOSTED_SECRET || undefined;
  if (!url && !secret) return undefined;
  const problems: string[] = [];
  if (!url || !/^https?:\/\//.test(url)) problems.push("AGE_VERIFICATION_HOSTED_URL must be an http(s) URL");
  if (!secret || secret.length < 16) problems.push("AGE_VERIFICATION_HOSTED_SECRET must be at least 16 characters");
  if (problems.length > 0) throw new Error(`The age-verification provider is incomplete: ${problems.join("; ")}`);
  return { url: url as string, secret: secret as string, clientId: env.AGE_VERIFICATION_HOSTED_CLIENT_ID || "" };
}

/** `realProduction`: NODE_ENV=production without DEMO_MODE (config.ts isRealProduction). */
export function ageVerificationConfigFrom(
  env: Record<string, string | undefined>,
  realProduction: boolean,
  appSecret: string,
): AgeVerificationConfig {
  const fakeFlag = flag(env.AGE_VERIFICATION_FAKE);
  const fakeEnabled = realProduction ? fakeFlag === true : fakeFlag !== false;
  const hosted = hostedFrom(env);
  const chosen = env.AGE_VERIFICATION_PROVIDER || (fakeEnabled ? "fake" : hosted ? "hosted" : "");
  if (chosen === "fake" && !fakeEnabled) throw new Error("AGE_VERIFICATION_PROVIDER=fake needs AGE_VERIFICATION_FAKE=1 in production");
  if (chosen === "hosted" && !hosted)
    throw new Error("AGE_VERIFICATION_PROVIDER=hosted needs AGE_VERIFICATION_HOSTED_URL and AGE_VERIFICATION_HOSTED_SECRET");
  if (chosen !== "" && chosen !== "fake" && chosen !== "hosted")
    throw new Error(`AGE_VERIFICATION_PROVIDER must be "fake" or "hosted", got ${JSON.stringify(chosen)}`);
  const toleranceRaw = env.AGE_VERIFICATION_TOLERANCE_SECONDS;
  const tolerance = toleranceRaw ? Number(toleranceRaw) : 300;
  if (!Number.isInteger(tolerance) || tolerance < 1) throw new Error("AGE_VERIFICATION_TOLERANCE_SECONDS must be a positive integer");
  return {
    fake: {
      enabled: fakeEnabled,
      // Its own key, derived from APP_SECRET unless given: a leaked fake key says nothing about the app's.
      secret: env.AGE_VERIFICATION_FAKE_SECRET || createHmac("sha256", appSecret).update("age-verification:fake-provider").digest("hex"),
    },
    provider: chosen === "" ? null : chosen,
    hosted,
    toleranceSeconds: tolerance,
  };
}

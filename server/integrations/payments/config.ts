/**
 * The payment providers' settings (issue 26, ADR 075), read once with the rest of the configuration (server/config.ts).
 * It imports nothing from the product, so config.ts may import it.
 *
 * - The fake provider (the embedded default) runs wherever the product is not a real production start; a real
 *   production start runs it only with PAYMENTS_FAKE=1 (a staging system), and refuses nothing else for it.
 * - Card (CC) and open banking (OB) go to the fake provider or the hosted-form adapter: PAYMENTS_CARD_PROVIDER and
 *   PAYMENTS_OB_PROVIDER, each "fake" (default where the fake runs) or "hosted".
 */
import { createHmac } from "node:crypto";

export type HostedSignatureScheme = "hmac-sha256" | "sorted-sha256";

export interface HostedFormConfig {
  /** The provider's hosted payment form: the buyer is sent there with the signed payment request. */
  formUrl: string;
  /** The provider's server API for refunds and charges of stored tokens (POST JSON, signed like the postbacks). */
  apiUrl: string;
  /** The shared secret both sides sign with. */
  secret: string;
  /** Our account at the provider, sent with every request. */
  merchantId: string;
  /**
   * How postbacks are signed: "hmac-sha256" (the default: HMAC-SHA256 over "<timestamp>.<raw body>", header
   * X-Signature "t=<seconds>,v1=<hex>") or "sorted-sha256" (SHA-256 over the secret and the form fields sorted by
   * name, "secret:k1=v1:k2=v2", field `signature`: the scheme one provider documents, ADR 075).
   */
  scheme: HostedSignatureScheme;
}

export interface PaymentsConfig {
  /** The in-app fake provider and its hosted page (/fake-provider/…). */
  fake: { enabled: boolean; secret: string };
  card: "fake" | "hosted" | null;
  openBanking: "fake" | "hosted" | null;
  hosted: HostedFormConfig | undefined;
  /** How old a signed postback may be before it is refused (replays of old captures), in seconds. */
  postbackToleranceSeconds: number;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

function hostedFrom(env: Record<string, string | undefined>): HostedFormConfig | undefined {
  const formUrl = env.PAYMENTS_HOSTED_FORM_URL || undefined;
  const apiUrl = env.PAYMENTS_HOSTED_API_URL || undefined;
  const secret = env.PAYMENTS_HOSTED_SECRET || undefined;
  if (!formUrl && !apiUrl && !secret) return undefined;
  const problems: string[] = [];
  if (!formUrl) problems.push("PAYMENTS_HOSTED_FORM_URL is required");
  if (!apiUrl) problems.push("PAYMENTS_HOSTED_API_URL is required");
  if (!secret || secret.length < 16) problems.push("PAYMENTS_HOSTED_SECRET must be at least 16 characters");
  for (const [name, url] of [
    ["PAYMENTS_HOSTED_FORM_URL", formUrl],
    ["PAYMENTS_HOSTED_API_URL", apiUrl],
  ] as const) {
    if (url && !/^https?:\/\//.test(url)) problems.push(`${name} must be an http(s) URL`);
  }
  const scheme = env.PAYMENTS_HOSTED_SCHEME || "hmac-sha256";
  if (scheme !== "hmac-sha256" && scheme !== "sorted-sha256")
    problems.push('PAYMENTS_HOSTED_SCHEME must be "hmac-sha256" or "sorted-sha256"');
  if (problems.length > 0) throw new Error(`The hosted payment form is incomplete: ${problems.join("; ")}`);
  return {
    formUrl: formUrl as string,
    apiUrl: apiUrl as string,
    secret: secret as string,
    merchantId: env.PAYMENTS_HOSTED_MERCHANT_ID || "",
    scheme: scheme as HostedSignatureScheme,
  };
}

function methodProvider(
  name: string,
  value: string | undefined,
  fake: boolean,
  hosted: HostedFormConfig | undefined,
): "fake" | "hosted" | null {
  const chosen = value || (fake ? "fake" : hosted ? "hosted" : "");
  if (chosen === "") return null;
  if (chosen === "fake") {
    if (!fake) throw new Error(`${name}=fake needs the fake provider (PAYMENTS_FAKE=1 in production)`);
    return "fake";
  }
  if (chosen === "hosted") {
    if (!hosted) throw new Error(`${name}=hosted needs PAYMENTS_HOSTED_FORM_URL, PAYMENTS_HOSTED_API_URL and PAYMENTS_HOSTED_SECRET`);
    return "hosted";
  }
  throw new Error(`${name} must be "fake" or "hosted", got ${JSON.stringify(value)}`);
}

/**
 * The payments settings. `realProduction`: NODE_ENV=production without DEMO_MODE (config.ts isRealProduction): there
 * the fake provider answers only with PAYMENTS_FAKE=1, since anyone could pay with it for nothing.
 */
export function paymentsConfigFrom(env: Record<string, string | undefined>, realProduction: boolean, appSecret: string): PaymentsConfig {
  const fakeFlag = flag(env.PAYMENTS_FAKE);
  const fakeEnabled = realProduction ? fakeFlag === true : fakeFlag !== false;
  const hosted = hostedFrom(env);
  const toleranceRaw = env.PAYMENTS_POSTBACK_TOLERANCE_SECONDS;
  const tolerance = toleranceRaw ? Number(toleranceRaw) : 300;
  if (!Number.isInteger(tolerance) || tolerance < 1) throw new Error("PAYMENTS_POSTBACK_TOLERANCE_SECONDS must be a positive integer");
  return {
    fake: {
      enabled: fakeEnabled,
      // Its own key, derived from APP_SECRET unless given: a leaked fake key says nothing about the app's.
      secret: env.PAYMENTS_FAKE_SECRET || createHmac("sha256", appSecret).update("payments:fake-provider").digest("hex"),
    },
    card: methodProvider("PAYMENTS_CARD_PROVIDER", env.PAYMENTS_CARD_PROVIDER, fakeEnabled, hosted),
    openBanking: methodProvider("PAYMENTS_OB_PROVIDER", env.PAYMENTS_OB_PROVIDER, fakeEnabled, hosted),
    hosted,
    postbackToleranceSeconds: tolerance,
  };
}

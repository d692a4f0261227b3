/**
 * The generic hosted-flow adapter (issue 30 item 1, ADR 105): for a provider whose documentation describes the shape
 * the KJM-evaluated systems share — a redirect to its hosted identification with our session reference, and a
 * server-to-server answer signed with a shared secret. The redirect is signed with the same secret so the provider can
 * trust the reference and the addresses; the webhook uses ./signature.ts. Unverified assumptions about real providers
 * are listed in ADR 105; this is no claim of compatibility with any named provider.
 */
import { createHmac } from "node:crypto";
import type { AgeVerificationHostedConfig } from "./config";
import { eventOfBody, type AgeVerificationProvider, type IdentificationRequest } from "./port";
import { verifyWebhook } from "./signature";

export const HOSTED_AGE_PROVIDER_NAME = "hosted";
export const AGE_SIGNATURE_HEADER = "x-age-signature";

export function createHostedAgeProvider(
  config: AgeVerificationHostedConfig,
  toleranceSeconds: number,
  now: () => number,
): AgeVerificationProvider {
  return {
    name: HOSTED_AGE_PROVIDER_NAME,
    identificationUrl(request: IdentificationRequest): string {
      const params = new URLSearchParams({
        client_id: config.clientId,
        reference: request.reference,
        return_url: request.returnUrl,
        notify_url: request.notifyUrl,
        lang: request.language,
        ts: String(Math.floor(now() / 1000)),
      });
      params.set("sig", createHmac("sha256", config.secret).update(params.toString()).digest("hex"));
      return `${config.url}${config.url.includes("?") ? "&" : "?"}${params.toString()}`;
    },
    verifyWebhook({ headers, body }) {
      const check = verifyWebhook(config.secret, body, headers[AGE_SIGNATURE_HEADER], now(), toleranceSeconds);
      if (!check.ok) return check;
      const event = eventOfBody(HOSTED_AGE_PROVIDER_NAME, body, check.nonce);
      return event ? { ok: true, event } : { ok: false, verdict: "invalid_body" };
    },
  };
}

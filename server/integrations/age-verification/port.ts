/**
 * The age-verification port (issue 30 item 1, ADR 105): the shape of the systems the KJM evaluated positively for
 * closed user groups — an identification once, at a provider's hosted flow, reported back server to server — with
 * the authentication on each use kept by the product (ADR 105: a PIN bound to the identification, asked once per
 * login session). Adapters: the in-app fake (./fake.ts, the embedded default) and a generic hosted-flow adapter
 * (./hosted.ts). Neither claims compatibility with a named provider.
 */
import type { SignatureVerdict } from "./signature";

/** What the product asks of a provider when a member starts an identification. */
export interface IdentificationRequest {
  /** Our session reference: random, unguessable, the key of the provider's answer. */
  reference: string;
  /** Where the provider sends the member back afterwards: it shows a state and grants nothing. */
  returnUrl: string;
  /** Where the provider posts its signed answer (the webhook). */
  notifyUrl: string;
  language: string;
}

/** A verified webhook's content. */
export interface AgeVerificationEvent {
  provider: string;
  reference: string;
  /** "verified": the provider identified the person and confirmed 18 or older; "declined": it did not. */
  outcome: "verified" | "declined";
  /** The signed nonce: the receiver refuses it a second time (replay). */
  nonce: string;
  /** The provider's id of its identification, kept for the record. */
  providerTxnId: string;
}

export type WebhookCheck = { ok: true; event: AgeVerificationEvent } | { ok: false; verdict: SignatureVerdict | "invalid_body" };

export interface AgeVerificationProvider {
  name: string;
  /** The provider's hosted identification flow for this request: the member's browser is sent there. */
  identificationUrl(request: IdentificationRequest): string;
  /** Checks a webhook's signature, timestamp and body; never trusts anything unsigned. */
  verifyWebhook(message: { headers: Record<string, string>; body: string }): WebhookCheck;
}

/** The webhook's JSON body, signed whole (both adapters). */
export interface AgeWebhookBody {
  reference: string;
  outcome: "verified" | "declined";
  /** The provider's statement that the person is 18 or older; "verified" without it counts as declined. */
  age_over_18: boolean;
  txn_id: string;
}

/** The event a signed body describes, or null when its fields are not what a provider sends. */
export function eventOfBody(provider: string, body: string, nonce: string): AgeVerificationEvent | null {
  let parsed: Partial<AgeWebhookBody>;
  try {
    parsed = JSON.parse(body) as Partial<AgeWebhookBody>;
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { reference, outcome, age_over_18, txn_id } = parsed;
  if (typeof reference !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(reference)) return null;
  if (outcome !== "verified" && outcome !== "declined") return null;
  if (typeof age_over_18 !== "boolean") return null;
  if (typeof txn_id !== "string" || txn_id.length === 0 || txn_id.length > 200) return null;
  // Identification alone is not enough: the statement about the age must come with it.
  const verified = outcome === "verified" && age_over_18;
  return { provider, reference, outcome: verified ? "verified" : "declined", nonce, providerTxnId: txn_id };
}

/**
 * The payment port (issue 26): every way money comes in — the in-app fake provider (the embedded default), a hosted
 * form with signed postbacks (CC, OB), SEPA direct debit (DD), bank transfer against an invoice (TR), cash to code
 * (CT) — is one adapter behind this interface. The checkout starts a payment and reads verified messages through it;
 * it never trusts a return URL: access follows only from `verifyPostback` or a matched bank line.
 */
import type { PaymentMethod, PaymentOutcome } from "../../contract/billing";

/** What the checkout asks a provider to collect. */
export interface PaymentRequest {
  /** The order's public id: the provider echoes it in every message. */
  orderRef: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  /** A neutral description for statements (no adult words): the billing descriptor and the order ref. */
  description: string;
  language: string;
  /** Where the provider sends the buyer back (shows the paying state, grants nothing). */
  returnUrl: string;
  /** Where the provider posts its signed messages. */
  notifyUrl: string;
  customer: { name: string; email: string; country: string };
  /** SEPA direct debit (DD): the account to debit and its holder's exact name, as the payment step took them. */
  bankAccount?: { iban: string; holder: string };
}

/** How the buyer continues: to the provider's hosted page, or with instructions shown by us (bank transfer, SEPA). */
export type PaymentStart =
  | { kind: "redirect"; url: string; providerReference: string }
  | { kind: "instructions"; providerReference: string; instructions: Record<string, string> };

/** A verified message: what happened to which order's payment. */
export interface PaymentEvent {
  provider: string;
  /** The provider's id of this transaction (idempotency: one row per provider, id and outcome). */
  providerTxnId: string;
  orderRef: string;
  outcome: PaymentOutcome;
  amountCents: number;
  method: PaymentMethod | null;
  /** The card's or bank's country, when told (VAT location evidence). */
  paymentCountry?: string | null;
  /** A token for charging the same method again (renewals), when the buyer agreed to it. */
  rebillToken?: string | null;
  raw?: unknown;
}

/** A request that arrived at the postback URL, as the adapter needs it to check the signature. */
export interface IncomingPostback {
  headers: Record<string, string>;
  /** The raw body, byte for byte as received (signatures cover it). */
  body: string;
}

export interface PaymentProvider {
  readonly name: string;
  readonly methods: readonly PaymentMethod[];
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Charges a stored token again (renewals, dunning); the outcome may arrive later by postback. The order's ref is
   * the merchant's reference of the charge: a provider that gets a second charge for the same ref answers the first
   * one instead of charging again (renewals' sweep charges a lost one again under its ref: ADR 088).
   */
  charge(request: PaymentRequest & { token: string }): Promise<{ accepted: boolean; providerReference: string; event?: PaymentEvent }>;
  /** Sends money back (full or partial); the provider confirms by postback where it does. */
  refund(request: { orderRef: string; providerReference: string; amountCents: number; reason: string }): Promise<{
    accepted: boolean;
    /** The refund's own transaction id, when the provider names it (its postback about the refund carries it). */ providerTxnId?: string;
  }>;
  /**
   * What the provider knows of the charge made under `orderRef`, where it can say (renewals' sweep of charges that
   * never answered, ADR 088): the charge's event, "none" when it never received one (charging again is safe), or
   * "unknown". A provider without a status query leaves it out; the sweep then waits for a postback.
   */
  chargeStatus?(orderRef: string): Promise<PaymentEvent | "none" | "unknown">;
  /** The message if its signature holds, else null (the route answers 400 and changes nothing). */
  verifyPostback(postback: IncomingPostback): PaymentEvent | null;
}

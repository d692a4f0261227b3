/**
 * A generic "hosted form + signed postback" adapter for card (CC) and open banking (OB) (issue 26, ADR 075): the shape
 * the adult-friendly providers share. It is named after no provider and claims compatibility with none; the
 * assumptions it makes about the provider's side are listed in ADR 075 and are what an integration must check first.
 *
 * - start: the buyer is redirected to `formUrl` with the payment request in the query, signed
 *   (`signature` = HMAC-SHA256 over "<ts>.<the other fields as a sorted query string>").
 * - postbacks: scheme "hmac-sha256": a JSON body, header X-Signature "t=<seconds>,v1=<hex>" over "<t>.<raw body>";
 *   scheme "sorted-sha256": form fields with `signature` = SHA-256 of "secret:k1=v1:k2=v2" (fields sorted by name).
 * - refunds and charges of stored tokens: POST JSON to `apiUrl` + "/refunds" | "/charges", signed like a postback;
 *   the answer is JSON `{ accepted: boolean, txn_id?: string, outcome?: … }`.
 */
import { createHmac } from "node:crypto";
import { PAYMENT_METHODS, PAYMENT_OUTCOMES, type PaymentMethod, type PaymentOutcome } from "../../contract/billing";
import type { HostedFormConfig } from "./config";
import type { IncomingPostback, PaymentEvent, PaymentProvider, PaymentRequest, PaymentStart } from "./port";
import { signPayload, verifyPayload, verifySortedFields } from "./signature";

export const HOSTED_PROVIDER_NAME = "hosted";
export const HOSTED_SIGNATURE_HEADER = "x-signature";

/** The provider's words for outcomes in the sorted-fields scheme (an assumption, ADR 075). */
const SORTED_EVENT_OUTCOMES: Record<string, PaymentOutcome> = {
  initial: "success",
  rebill: "success",
  success: "success",
  failed: "failure",
  failure: "failure",
  pending: "pending",
  chargeback: "chargeback",
  credit: "refund",
  refund: "refund",
};

export interface HostedFormOptions {
  config: HostedFormConfig;
  toleranceSeconds: number;
  now: () => number;
  /** The network (tests intercept it with msw). */
  fetch?: typeof fetch;
}

function requestSignature(secret: string, fields: Record<string, string>, ts: number): string {
  const canonical = new URLSearchParams(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return createHmac("sha256", secret).update(`${ts}.${canonical}`).digest("hex");
}

/** Cents as the decimal the sorted-fields scheme carries ("12.34"), and back; null when it is no amount. */
function centsOfDecimal(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}(?:\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export function createHostedFormProvider({ config, toleranceSeconds, now, fetch: fetcher = fetch }: HostedFormOptions): PaymentProvider {
  const post = async (path: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ merchant_id: config.merchantId, ...payload });
    const response = await fetcher(`${config.apiUrl.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [HOSTED_SIGNATURE_HEADER]: signPayload(config.secret, body, Math.floor(now() / 1000)),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return null;
    return (await response.json().catch(() => null)) as { accepted?: unknown; txn_id?: unknown; outcome?: unknown } | null;
  };

  return {
    name: HOSTED_PROVIDER_NAME,
    methods: ["CC", "OB"],
    async start(request: PaymentRequest): Promise<PaymentStart> {
      const ts = Math.floor(now() / 1000);
      const fields: Record<string, string> = {
        merchant_id: config.merchantId,
        order_ref: request.orderRef,
        amount_cents: String(request.amountCents),
        currency: request.currency,
        method: request.method,
        description: request.description,
        language: request.language,
        return_url: request.returnUrl,
        notify_url: request.notifyUrl,
        email: request.customer.email,
        country: request.customer.country,
      };
      const query = new URLSearchParams({ ...fields, ts: String(ts), signature: requestSignature(config.secret, fields, ts) });
      // The order's ref is our reference at the provider until its postback names its own transaction.
      return { kind: "redirect", url: `${config.formUrl}?${query.toString()}`, providerReference: request.orderRef };
    },
    async charge(request) {
      const answer = await post("/charges", {
        order_ref: request.orderRef,
        token: request.token,
        amount_cents: request.amountCents,
        currency: request.currency,
        description: request.description,
        notify_url: request.notifyUrl,
      });
      const txnId = typeof answer?.txn_id === "string" ? answer.txn_id : "";
      const accepted = answer?.accepted === true && txnId !== "";
      const outcome = answer?.outcome;
      // An answer that already says how it went settles at once; otherwise the postback will.
      const event: PaymentEvent | undefined =
        accepted && (outcome === "success" || outcome === "failure")
          ? {
              provider: HOSTED_PROVIDER_NAME,
              providerTxnId: txnId,
              orderRef: request.orderRef,
              outcome,
              amountCents: request.amountCents,
              method: request.method,
              rebillToken: request.token,
            }
          : undefined;
      return { accepted, providerReference: txnId, ...(event ? { event } : {}) };
    },
    async refund(request) {
      const answer = await post("/refunds", {
        order_ref: request.orderRef,
        txn_id: request.providerReference,
        amount_cents: request.amountCents,
        reason: request.reason,
      });
      const txnId = typeof answer?.txn_id === "string" ? answer.txn_id : undefined;
      return { accepted: answer?.accepted === true, ...(txnId ? { providerTxnId: txnId } : {}) };
    },
    verifyPostback(postback: IncomingPostback): PaymentEvent | null {
      return config.scheme === "sorted-sha256"
        ? sortedPostback(config.secret, postback)
        : hmacPostback(config.secret, postback, now(), toleranceSeconds);
    },
  };
}

function hmacPostback(secret: string, postback: IncomingPostback, nowMs: number, toleranceSeconds: number): PaymentEvent | null {
  if (verifyPayload(secret, postback.body, postback.headers[HOSTED_SIGNATURE_HEADER], nowMs, toleranceSeconds) !== "ok") return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(postback.body) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { txn_id, order_ref, outcome, amount_cents, method } = parsed;
  if (typeof txn_id !== "string" || !txn_id || txn_id.length > 200) return null;
  if (typeof order_ref !== "string" || !order_ref || order_ref.length > 100) return null;
  if (!(PAYMENT_OUTCOMES as readonly unknown[]).includes(outcome)) return null;
  if (!Number.isSafeInteger(amount_cents) || (amount_cents as number) < 0) return null;
  return {
    provider: HOSTED_PROVIDER_NAME,
    providerTxnId: txn_id,
    orderRef: order_ref,
    outcome: outcome as PaymentOutcome,
    amountCents: amount_cents as number,
    method: (PAYMENT_METHODS as readonly unknown[]).includes(method) ? (method as PaymentMethod) : null,
    paymentCountry: typeof parsed.payment_country === "string" && /^[A-Z]{2}$/.test(parsed.payment_country) ? parsed.payment_country : null,
    rebillToken: typeof parsed.rebill_token === "string" ? parsed.rebill_token : null,
    raw: parsed,
  };
}

/**
 * The sorted-fields scheme carries no timestamp in its signature, so a captured postback could be sent again: a replay
 * changes nothing all the same (one row per provider, transaction id and outcome), which is what keeps it safe.
 */
function sortedPostback(secret: string, postback: IncomingPostback): PaymentEvent | null {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(postback.body)) fields[name] = value;
  if (!verifySortedFields(secret, fields)) return null;
  const outcome = SORTED_EVENT_OUTCOMES[(fields.type ?? fields.event ?? "").toLowerCase()];
  const amount = centsOfDecimal(fields.priceAmount ?? fields.amount);
  const txnId = fields.transactionID ?? fields.saleID ?? fields.txn_id;
  const orderRef = fields.referenceID ?? fields.order_ref;
  if (!outcome || amount === null || !txnId || !orderRef || txnId.length > 200 || orderRef.length > 100) return null;
  return {
    provider: HOSTED_PROVIDER_NAME,
    providerTxnId: txnId,
    orderRef,
    outcome,
    amountCents: amount,
    method: "CC",
    paymentCountry: null,
    rebillToken: fields.saleID ?? null,
    raw: fields,
  };
}

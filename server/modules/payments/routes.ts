import type { ModuleContext } from "../../api/module-context";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { paymentsOps } from "../../contract/operations/payments";
import { providerNamed } from "../../integrations/payments/registry";
import { settlePaymentEvent } from "./settle";

/** A provider's message is small; anything larger is no postback of theirs. */
const POSTBACK_MAX_BYTES = 64 * 1024;

/**
 * The providers' postbacks (issue 26, ADR 075): server to server, so no session and no origin check — the signature
 * is the check. A message whose signature does not hold (or is too old) is refused with 400 and changes nothing; a
 * verified one settles once, and its replays answer 200 without changing anything.
 */
export function registerPayments({ v2 }: ModuleContext): void {
  v2.add(
    paymentsOps.postback,
    {
      tag: "payment",
      auth: "optional",
      summary:
        "A payment provider's signed message about a payment (success, failure, pending, refund, chargeback). The raw body and the signature header are checked by the provider's adapter (HMAC-SHA256 over timestamp and body for the fake provider and the hosted-form adapter; stale timestamps refused); then the message settles once: a replay answers 200 and changes nothing. Access to what was bought follows only from here, never from the buyer's return URL.",
      statuses: [400, 404, 413],
      maxBodyBytes: POSTBACK_MAX_BYTES,
    },
    async (c) => {
      const deps = c.get("deps");
      const provider = providerNamed(deps, c.req.param("provider") ?? "");
      if (!provider) throw fail.notFound();
      const body = await c.req.text();
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const event = provider.verifyPostback({ headers, body });
      if (!event || event.provider !== provider.name) {
        c.get("log").warn({ provider: provider.name }, "payment postback refused: signature");
        throw fail.badRequest("exception.payments.invalid_signature");
      }
      const result = await settlePaymentEvent(deps, event);
      return ok(c, { received: true as const, applied: result.applied });
    },
  );
}

/**
 * Which provider collects which method (issue 26). The embedded default is the in-app fake provider for every method
 * but those the bank module runs itself (DD, TR) and cash to code; real adapters are chosen by configuration.
 *
 * SKELETON (lead, session 16): the payments helper implements it.
 */
import type { ApiDeps } from "../../api/types";
import type { PaymentMethod } from "../../contract/billing";
import type { PaymentProvider } from "./port";

/** The provider that collects `method`, or null when none is configured for it (the checkout does not offer it). */
export function providerFor(_deps: Pick<ApiDeps, "config">, _method: PaymentMethod): PaymentProvider | null {
  throw new Error("payments: providerFor is not built yet");
}

/** A provider by its name (the postback URL names it). */
export function providerNamed(_deps: Pick<ApiDeps, "config">, _name: string): PaymentProvider | null {
  throw new Error("payments: providerNamed is not built yet");
}

/** The methods the checkout may offer now. */
export function offeredMethods(_deps: Pick<ApiDeps, "config">): PaymentMethod[] {
  throw new Error("payments: offeredMethods is not built yet");
}

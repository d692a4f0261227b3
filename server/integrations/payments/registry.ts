/**
 * Which provider collects which method (issue 26, ADR 075), by configuration (config.payments):
 * - CC and OB: the in-app fake provider (the embedded default) or the generic hosted-form adapter;
 * - DD, TR and CT: the bank module's own providers (./bank-providers.ts). A method is offered only when its factory
 *   builds a provider: while the bank's are not built (they throw) or not configured, the checkout does not offer them.
 */
import type { ApiDeps } from "../../api/types";
import { PAYMENT_METHODS, type PaymentMethod } from "../../contract/billing";
import { systemClock } from "../../lib/clock";
import { createBankTransferProvider, createCashToCodeProvider, createSepaDebitProvider } from "./bank-providers";
import { createFakeProvider } from "./fake";
import { createHostedFormProvider } from "./hosted-form";
import type { PaymentProvider } from "./port";

/** The deps a provider needs: the configuration, and the clock its postback check reads (the tests' clock moves). */
export type PaymentDeps = Pick<ApiDeps, "config"> & Partial<Pick<ApiDeps, "clock">>;

const BANK_FACTORIES = {
  DD: createSepaDebitProvider,
  TR: createBankTransferProvider,
  CT: createCashToCodeProvider,
} as const;

/** The bank's providers per configuration, built once; null where the factory throws (not built or not configured). */
const bankProviders = new WeakMap<object, Map<PaymentMethod, PaymentProvider | null>>();

function bankProvider(deps: PaymentDeps, method: keyof typeof BANK_FACTORIES): PaymentProvider | null {
  let known = bankProviders.get(deps.config);
  if (!known) bankProviders.set(deps.config, (known = new Map()));
  if (!known.has(method)) {
    let provider: PaymentProvider | null;
    try {
      provider = BANK_FACTORIES[method](deps.config);
    } catch {
      provider = null;
    }
    known.set(method, provider);
  }
  return known.get(method) ?? null;
}

function hostedOrFake(deps: PaymentDeps, choice: "fake" | "hosted" | null): PaymentProvider | null {
  const now = () => (deps.clock ?? systemClock).now();
  const payments = deps.config.payments;
  if (choice === "fake" && payments.fake.enabled) return createFakeProvider(deps.config, now);
  if (choice === "hosted" && payments.hosted)
    return createHostedFormProvider({ config: payments.hosted, toleranceSeconds: payments.postbackToleranceSeconds, now });
  return null;
}

/** The provider that collects `method`, or null when none is configured for it (the checkout does not offer it). */
export function providerFor(deps: PaymentDeps, method: PaymentMethod): PaymentProvider | null {
  switch (method) {
    case "CC":
      return hostedOrFake(deps, deps.config.payments.card);
    case "OB":
      return hostedOrFake(deps, deps.config.payments.openBanking);
    default:
      return bankProvider(deps, method);
  }
}

/** A provider by its name (the postback URL names it); null for a name nobody configured. */
export function providerNamed(deps: PaymentDeps, name: string): PaymentProvider | null {
  if (name === "fake") return hostedOrFake(deps, "fake");
  if (name === "hosted") return hostedOrFake(deps, "hosted");
  for (const method of Object.keys(BANK_FACTORIES) as Array<keyof typeof BANK_FACTORIES>) {
    const provider = bankProvider(deps, method);
    if (provider?.name === name) return provider;
  }
  return null;
}

/** The methods the checkout may offer now, in the spec's order. */
export function offeredMethods(deps: PaymentDeps): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => providerFor(deps, method) !== null);
}

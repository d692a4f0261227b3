/**
 * The methods the platform collects itself through its bank (issue 26): SEPA direct debit (DD: a mandate, then a
 * pain.008 collection), bank transfer against the invoice (TR: a payment reference, matched from camt.053), and cash
 * to code (CT: a voucher bought with cash, redirect flow, fixed amounts).
 *
 * SKELETON (lead, session 16): the bank helper implements these; the payments registry (./registry.ts) uses them.
 */
import type { AppConfig } from "../../config";
import type { PaymentProvider } from "./port";

export function createSepaDebitProvider(_config: AppConfig): PaymentProvider {
  throw new Error("bank: the SEPA direct debit provider is not built yet");
}

export function createBankTransferProvider(_config: AppConfig): PaymentProvider {
  throw new Error("bank: the bank transfer provider is not built yet");
}

export function createCashToCodeProvider(_config: AppConfig): PaymentProvider {
  throw new Error("bank: the cash-to-code provider is not built yet");
}

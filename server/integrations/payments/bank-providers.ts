/**
 * The methods the platform collects itself through its bank (issue 26 item 3, ADR 079): SEPA direct debit (DD: a
 * mandate, then a pain.008 collection), bank transfer against the invoice (TR: a payment reference, matched from
 * camt.053), and cash to code (CT: a voucher bought with cash, redirect flow, fixed amounts).
 *
 * A factory throws when its method is not configured (a real production start without the operator's bank): the
 * payments registry then does not offer it. None of them grants anything by itself: DD settles when the bank module
 * puts the collection into a pain.008 file, TR when a statement line matches, CT from a signed postback.
 */
import { createHmac } from "node:crypto";
import { cashToCodeFits, checkHolder, checkIban } from "../../contract/bank";
import type { AppConfig } from "../../config";
import { safeEqual } from "../../lib/crypto";
import { formatReference, seal, transferReference } from "./bank-seal";
import type { IncomingPostback, PaymentEvent, PaymentProvider, PaymentRequest, PaymentStart } from "./port";

export const SEPA_PROVIDER = "sepa";
export const TRANSFER_PROVIDER = "transfer";
export const CASH_TO_CODE_PROVIDER = "cashtocode";

/** What a DD order's provider_reference carries to the bank module (sealed): the account as the payment step took it. */
export interface SealedDebit {
  kind: "debit";
  orderRef: string;
  /** A new mandate: the account and the holder's exact name, signed now. */
  iban?: string;
  bic?: string | null;
  holder?: string;
  signedAt?: number;
  /** A renewal: the mandate already on file. */
  mandateReference?: string;
}

/** A provider start that cannot go on (no account, a total no voucher pays): the checkout shows the key at the field. */
export class BankStartError extends Error {
  constructor(
    readonly key: string,
    readonly field: string,
  ) {
    super(key);
  }
}

function assertEnabled(config: AppConfig, what: string): void {
  if (!config.bank.enabled) throw new Error(`bank: ${what} needs BANK_IBAN and BANK_CREDITOR_ID in production`);
}

/** The mandate reference of a new mandate: unique per order, at most 35 characters of the SEPA set. */
export function mandateReferenceFor(orderRef: string): string {
  return `VLR-${orderRef
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 24)
    .toUpperCase()}`;
}

export function createSepaDebitProvider(config: AppConfig, now: () => number = Date.now): PaymentProvider {
  assertEnabled(config, "SEPA direct debit");
  const bank = config.bank;
  return {
    name: SEPA_PROVIDER,
    methods: ["DD"],
    async start(request: PaymentRequest): Promise<PaymentStart> {
      const iban = checkIban(request.bankAccount?.iban);
      if (!iban.ok) throw new BankStartError(iban.error, "iban");
      if (!iban.sepa) throw new BankStartError("validation.bank.iban_country", "iban");
      const holder = checkHolder(request.bankAccount?.holder);
      if (!holder.ok) throw new BankStartError(holder.error, "holder");
      const mandateReference = mandateReferenceFor(request.orderRef);
      const debit: SealedDebit = {
        kind: "debit",
        orderRef: request.orderRef,
        iban: iban.iban,
        holder: holder.holder,
        signedAt: now(),
        mandateReference,
      };
      return {
        kind: "instructions",
        providerReference: seal(config.appSecret, debit),
        instructions: {
          method: "DD",
          mandate_reference: mandateReference,
          creditor_id: bank.creditorId,
          creditor_name: bank.creditorName,
          amount_cents: String(request.amountCents),
          iban_last4: iban.iban.slice(-4),
          holder: holder.holder,
          prenotification_days: String(bank.prenotificationDays),
          demo: bank.demo ? "1" : "0",
        },
      };
    },
    /** A renewal charges the mandate on file (token = its reference): collected with the next file, settled then. */
    async charge(request) {
      const debit: SealedDebit = { kind: "debit", orderRef: request.orderRef, mandateReference: request.token };
      return { accepted: true, providerReference: seal(config.appSecret, debit) };
    },
    // The bank module pays a DD refund back by transfer to the mandate's account (pain.001), from the refund's
    // payment transaction: accepted here, exported with the next transfer file.
    refund: async () => ({ accepted: true }),
    // Nothing posts back: the bank module settles from its files and statements.
    verifyPostback: () => null,
  };
}

export function createBankTransferProvider(config: AppConfig, now: () => number = Date.now): PaymentProvider {
  assertEnabled(config, "bank transfer");
  const bank = config.bank;
  return {
    name: TRANSFER_PROVIDER,
    methods: ["TR"],
    async start(request: PaymentRequest): Promise<PaymentStart> {
      const reference = transferReference(config.appSecret, request.orderRef);
      const due = new Date(now() + bank.transferDueDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      return {
        kind: "instructions",
        providerReference: reference,
        instructions: {
          method: "TR",
          account_holder: bank.creditorName,
          iban: bank.iban,
          bic: bank.bic,
          amount_cents: String(request.amountCents),
          reference: formatReference(reference),
          due_date: due,
          demo: bank.demo ? "1" : "0",
        },
      };
    },
    // A transfer cannot be pulled again: renewals paid by transfer get a new invoice to pay.
    charge: async (request) => ({ accepted: false, providerReference: transferReference(config.appSecret, request.orderRef) }),
    // Paid back by transfer to the account it came from (the matched statement line): see the DD provider.
    refund: async () => ({ accepted: true }),
    verifyPostback: () => null,
  };
}

/** The signature header of a cash-to-code postback: `t=<ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const CASH_TO_CODE_SIGNATURE_HEADER = "x-cashtocode-signature";

export function signCashToCode(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What the voucher page (or the real provider) posts when a voucher was paid or given up. */
export interface CashToCodePostback {
  transaction_id: string;
  order_ref: string;
  status: "paid" | "cancelled";
  amount_cents: number;
  currency: string;
}

/** The embedded voucher page's address for an order (a sealed ticket: amount, where to post, where to return). */
export const CASH_TO_CODE_PAGE_PATH = "/api/v2/payment/cash-to-code/voucher";

export interface VoucherTicket {
  kind: "voucher";
  orderRef: string;
  amountCents: number;
  notifyUrl: string;
  returnUrl: string;
  language: string;
}

export function createCashToCodeProvider(config: AppConfig): PaymentProvider {
  if (!config.bank.cashToCode.enabled) throw new Error("bank: cash to code needs CASHTOCODE_URL and CASHTOCODE_SECRET in production");
  const ct = config.bank.cashToCode;
  return {
    name: CASH_TO_CODE_PROVIDER,
    methods: ["CT"],
    async start(request: PaymentRequest): Promise<PaymentStart> {
      // One voucher pays one order of exactly its value: the checkout offers CT only where cashToCodeFits.
      if (!cashToCodeFits(request.amountCents) || request.currency !== "EUR")
        throw new BankStartError("exception.bank.cash_to_code_amount", "method");
      const ticket: VoucherTicket = {
        kind: "voucher",
        orderRef: request.orderRef,
        amountCents: request.amountCents,
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
        language: request.language,
      };
      const sealed = seal(config.appSecret, ticket);
      const url = ct.url
        ? `${ct.url}?${new URLSearchParams({ order: request.orderRef, amount: String(request.amountCents), currency: "EUR", notify: request.notifyUrl, return: request.returnUrl })}`
        : `${config.publicUrl}${CASH_TO_CODE_PAGE_PATH}/${sealed}`;
      return { kind: "redirect", url, providerReference: `ct:${request.orderRef}` };
    },
    // Vouchers are bought with cash each time: nothing to charge again.
    charge: async (request) => ({ accepted: false, providerReference: `ct:${request.orderRef}` }),
    // The provider refunds nothing: a refund the law requires is accepted here (credit note, good taken back) and
    // paid by transfer to the IBAN the member gives (bank module requestTransferRefund → pain.001).
    refund: async () => ({ accepted: true }),
    verifyPostback(postback: IncomingPostback): PaymentEvent | null {
      const header = postback.headers[CASH_TO_CODE_SIGNATURE_HEADER] ?? "";
      const parts = Object.fromEntries(header.split(",").map((kv) => kv.trim().split("=", 2) as [string, string]));
      const timestamp = Number(parts.t);
      if (!Number.isSafeInteger(timestamp) || typeof parts.v1 !== "string") return null;
      if (!safeEqual(signCashToCode(ct.secret, postback.body, timestamp), header.replace(/\s+/g, ""))) return null;
      let message: Partial<CashToCodePostback>;
      try {
        message = JSON.parse(postback.body) as Partial<CashToCodePostback>;
      } catch {
        return null;
      }
      if (
        typeof message.transaction_id !== "string" ||
        typeof message.order_ref !== "string" ||
        (message.status !== "paid" && message.status !== "cancelled") ||
        typeof message.amount_cents !== "number" ||
        !Number.isSafeInteger(message.amount_cents) ||
        message.currency !== "EUR"
      )
        return null;
      return {
        provider: CASH_TO_CODE_PROVIDER,
        providerTxnId: message.transaction_id.slice(0, 100),
        orderRef: message.order_ref,
        outcome: message.status === "paid" ? "success" : "failure",
        amountCents: message.amount_cents,
        method: "CT",
        paymentCountry: null,
        raw: message,
      };
    },
  };
}

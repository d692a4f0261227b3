/**
 * Every transaction kind as transfers between accounts (issue 27 item 1, ADR 073), in dollars. Features build their
 * operations here and post them with `postOperation`; what moves where is decided in this one file.
 *
 * The money's path: dollars enter from `sales` (bought) or `grants` (given) into a wallet; members spend them on the
 * platform (`revenue`) or on each other (a tip lands in the receiver's `pending` account for the probation period,
 * then DEFROST makes it available); an available balance leaves by payout (`payout` in transit, then `paid_out`).
 */
import type { AccountRef, EuroOperationKind, MemberAccount, SystemAccount, TransactionKind, TransferInput } from "../../contract/ledger";
import type { PartialTransferInput } from "./ledger";

export interface DollarOperation {
  kind: TransactionKind;
  transfers: Array<TransferInput | PartialTransferInput>;
}

const member = (id: number, account: MemberAccount = "wallet"): AccountRef => ({ member: id, account });
const platform = (account: SystemAccount): AccountRef => ({ system: account });
const one = (kind: TransactionKind, from: AccountRef, to: AccountRef, amount: number): DollarOperation => ({
  kind,
  transfers: [{ from, to, amount }],
});

/** What the platform's services cost a member: each a CONSUME-like kind paid into revenue. */
export type PlatformPurchase = Extract<
  TransactionKind,
  "CONSUME" | "FIRST_CONTACT_UNLOCK" | "MESSAGE_BOOST" | "RISE_UP" | "PROMOTION_PROFILE"
>;

export const dollarOperations = {
  /** Dollars bought through the checkout. */
  purchase: (buyer: number, amount: number) => one("PURCHASE", platform("sales"), member(buyer), amount),
  /** A purchase refunded: the dollars go back (the euros leave through the checkout's credit note). */
  refund: (buyer: number, amount: number) => one("REFUND", member(buyer), platform("sales"), amount),
  /** A refund undone (the bank reversed it): the dollars come back. */
  refundReversal: (buyer: number, amount: number) => one("REFUND_REVERSAL", platform("sales"), member(buyer), amount),
  /** Dollars the platform gives: staff grants, rewards for real actions, balances migrated from elsewhere. */
  grant: (receiver: number, amount: number, kind: Extract<TransactionKind, "GRANT" | "REWARD" | "MIGRATED"> = "GRANT") =>
    one(kind, platform("grants"), member(receiver), amount),
  /** Staff take back dollars granted by mistake (the other way of a grant; ADR 087): never below zero. */
  correction: (target: number, amount: number) => one("CORRECTION", member(target), platform("grants"), amount),
  /** A member pays for a platform service. */
  spend: (payer: number, amount: number, kind: PlatformPurchase) => one(kind, member(payer), platform("revenue"), amount),
  /** A platform service that was paid for and is not delivered (a refused promotion profile, ADR 090): the dollars go back. */
  serviceRefund: (payer: number, amount: number) => one("REFUND", platform("revenue"), member(payer), amount),
  /** A tip (or any payment to a creator): pending for the receiver until its probation ends. */
  tip: (payer: number, receiver: number, amount: number) => one("TRANSFER", member(payer), member(receiver, "pending"), amount),
  /**
   * A member buys a creator's content (issue 28: a bundle, a pay-per-view medium, a fan subscription's period): like a
   * tip, the whole price is the creator's earning, pending until its probation ends; the platform's share is taken at
   * payout (PAYOUT_CENTS_PER_DOLLAR). The operation's reference names what was bought: `bundle:<id>`, `medium:<id>`,
   * `fans:<subscription id>:<period>` (the creator's earnings chart groups by it).
   */
  creatorSale: (buyer: number, creator: number, amount: number) => one("CONSUME", member(buyer), member(creator, "pending"), amount),
  /** A gift of dollars from one member to another, available at once (no earning, no probation). */
  gift: (sender: number, receiver: number, amount: number) => one("GIFT", member(sender), member(receiver), amount),
  /** A gift the receiver did not take in time goes back to its sender. */
  resumeGift: (sender: number, receiver: number, amount: number) => one("RESUME_GIFT", member(receiver), member(sender), amount),
  /** Earnings whose probation ended become available. */
  release: (earner: number, amount: number) => one("DEFROST", member(earner, "pending"), member(earner), amount),
  /** Staff freeze a member's available dollars (fraud), and free them again. */
  freeze: (target: number, amount: number) => one("FREEZE", member(target), member(target, "frozen"), amount),
  defrost: (target: number, amount: number) => one("DEFROST", member(target, "frozen"), member(target), amount),
  /** A payout requested: the amount leaves the wallet and is in transit. */
  payoutRequest: (earner: number, amount: number) => one("PAYOUT_ONGOING", member(earner), member(earner, "payout"), amount),
  /** The bank confirmed the transfer. */
  payoutSucceeded: (earner: number, amount: number) => one("PAYOUT", member(earner, "payout"), platform("paid_out"), amount),
  /** The payout failed or came back: the amount is available again. */
  payoutReturned: (earner: number, amount: number) => one("PAYOUT_RETURNED", member(earner, "payout"), member(earner), amount),
  /**
   * A payout the bank sent back after it was booked as paid out (a returned credit transfer, days after the file was
   * sent): the amount comes back from `paid_out` and is available again (issue 27 item 7, ADR 086).
   */
  payoutBounced: (earner: number, amount: number) => one("PAYOUT_RETURNED", platform("paid_out"), member(earner), amount),
  /**
   * A charged-back purchase, first step: take back what the wallet still holds, up to the purchase. The second step,
   * `chargebackLoss`, books the rest (dollars already spent) as the platform's loss; spent dollars are not taken from
   * the creators who earned them (issue 27 item 2).
   */
  reclaim: (buyer: number, amount: number): DollarOperation => ({
    kind: "RECLAIM",
    transfers: [{ from: member(buyer), to: platform("sales"), amount, upTo: true }],
  }),
  chargebackLoss: (amount: number) => one("RECLAIM", platform("chargeback_loss"), platform("sales"), amount),
} as const;

/** A euro operation: transfers in cents between the platform's accounts (issue 26, ADR 075). */
export interface EuroOperation {
  kind: EuroOperationKind;
  transfers: TransferInput[];
}

/** Drops the zero legs (a reverse-charge order has no VAT; the ledger takes positive amounts only). */
const legs = (kind: EuroOperationKind, transfers: TransferInput[]): EuroOperation => ({
  kind,
  transfers: transfers.filter((t) => t.amount > 0),
});

/**
 * The VAT part of `grossPart` of an order of `gross` with `vat` in it, computed on the running total so that the
 * parts of several partial refunds add up to exactly the order's VAT: the VAT of everything refunded after this part
 * minus the VAT of everything refunded before it.
 */
export function vatShare(gross: number, vat: number, before: number, grossPart: number): number {
  if (gross <= 0) return 0;
  const vatUpTo = (amount: number) => Math.round((amount * vat) / gross);
  return vatUpTo(before + grossPart) - vatUpTo(before);
}

/**
 * Every euro movement of the checkout as transfers (issue 26, ADR 075). A paid order's gross reaches the provider's
 * clearing account from net revenue and VAT payable (both go negative: earned and owed); a refund or a chargeback
 * books (part of) it back the other way; money that bought nothing waits in unapplied payments.
 */
export const euroOperations = {
  /** A verified payment of an order: `net + vat` cents now held by the provider for us. */
  charge: (net: number, vat: number) =>
    legs("EURO_CHARGE", [
      { from: platform("revenue"), to: platform("provider_clearing"), amount: net },
      { from: platform("vat_payable"), to: platform("provider_clearing"), amount: vat },
    ]),
  /** A refund of `net + vat` cents (the VAT part from vatShare). */
  refund: (net: number, vat: number) =>
    legs("EURO_REFUND", [
      { from: platform("provider_clearing"), to: platform("revenue"), amount: net },
      { from: platform("provider_clearing"), to: platform("vat_payable"), amount: vat },
    ]),
  /** A chargeback: the provider took the money back from what it held for us. */
  chargeback: (net: number, vat: number) =>
    legs("EURO_CHARGEBACK", [
      { from: platform("provider_clearing"), to: platform("revenue"), amount: net },
      { from: platform("provider_clearing"), to: platform("vat_payable"), amount: vat },
    ]),
  /** Money that arrived but bought nothing (wrong amount, second payment): held until staff refund or apply it. */
  unapplied: (amount: number) =>
    legs("EURO_UNAPPLIED", [{ from: platform("unapplied_payments"), to: platform("provider_clearing"), amount }]),
} as const;

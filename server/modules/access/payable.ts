/**
 * Paying a payable product in place (issue 27 item 3, ADR 083): the first-contact unlock, the message boost and the
 * date-review unlock are paid in the same transaction as what they buy (the message sent, the boost or the unlock
 * recorded), so a payment without its effect — or the effect without the payment — cannot commit. The movement is
 * the ledger's (dollarOperations.spend, posted with postOperationIn under the caller's idempotency key); this file
 * only names the product's price and answers the token operation.
 */
import type { Transaction } from "kysely";
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { PRICES, type Product } from "../../contract/prices";
import { INSUFFICIENT_DOLLARS_KEY, type TokenOperationAnswer } from "../../contract/wallet";
import type { Database } from "../../db/schema";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn, type PlatformPurchase } from "../ledger/index";

/** The dollar products paid into the platform's revenue, with the transaction kind each is booked as. */
const PAID_KINDS = {
  first_contact_unlock: "FIRST_CONTACT_UNLOCK",
  boost: "MESSAGE_BOOST",
  review_unlock: "CONSUME",
} as const satisfies Partial<Record<Product, PlatformPurchase>>;
export type InPlaceProduct = keyof typeof PAID_KINDS;

export interface InPlacePayment {
  payer: number;
  product: InPlaceProduct;
  /** The ledger's key: the caller's prefix and the client's key (`unlock:<key>`), so one key pays for one thing. */
  key: string;
  /** What it paid for, for the history (`message:99`, `date:7`). */
  reference: string;
}

/** What the payment did: the operation, and whether this request repeats an earlier one with the same key. */
export interface PaidInPlace {
  operationId: number;
  kind: PlatformPurchase;
  amount: number;
  replayed: boolean;
}

/**
 * The one refusal of a payment the wallet does not cover: 402 with INSUFFICIENT_DOLLARS_KEY (params price, balance)
 * and the offer's top-level fields a page needs to say so and link to buying dollars.
 */
export async function insufficientDollars(deps: ApiDeps, payer: number, product: InPlaceProduct, extra: Record<string, unknown> = {}) {
  const balance = (await memberBalances(deps, payer, "dollar")).wallet;
  const { amount, currency } = PRICES[product];
  return new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { product, price: amount, currency, balance })], {
    ...extra,
    insufficient: true,
  });
}

/**
 * Pays `product` at its price inside the caller's transaction. A retry with the same key answers the first payment
 * (`replayed`, nothing moves again). When the wallet does not cover it, LedgerInsufficient is thrown: the caller lets
 * it roll its transaction back and answers insufficientDollars after it.
 */
export async function payInPlace(trx: Transaction<Database>, deps: ApiDeps, payment: InPlacePayment): Promise<PaidInPlace> {
  const kind = PAID_KINDS[payment.product];
  const operation = dollarOperations.spend(payment.payer, PRICES[payment.product].amount, kind);
  const result = await postOperationIn(trx, deps, {
    key: payment.key,
    kind,
    currency: "dollar",
    actorId: payment.payer,
    reference: payment.reference,
    transfers: operation.transfers,
  });
  // An earlier attempt under this key found too little: that answer stands for the key (the page renders a new one).
  if (result.status !== "succeeded" || result.operationId === null) throw new LedgerInsufficient();
  return { operationId: result.operationId, kind, amount: result.moved, replayed: result.replayed };
}

/** The token operation a page shows after the commit: what moved and the payer's balance now. */
export async function paidAnswer(deps: ApiDeps, payer: number, paid: PaidInPlace): Promise<TokenOperationAnswer> {
  const balance = (await memberBalances(deps, payer, "dollar")).wallet;
  return { status: "succeeded", operation_id: paid.operationId, kind: paid.kind, amount: paid.amount, balance, replayed: paid.replayed };
}

export { LedgerInsufficient };

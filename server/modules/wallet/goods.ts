/**
 * Dollars as a good the checkout sells (issue 27 item 2): the packages of contract/wallet DOLLAR_PACKAGES, credited
 * to the buyer's wallet in the checkout's transaction when the order is paid, under a key of the order, so a second
 * delivery of one order changes nothing. Dollars are digital content delivered at once: the checkout asks for the
 * buyer's express consent to lose the withdrawal right (§ 356 (5) BGB).
 *
 * Taken back (refund, chargeback, withdrawal): what the wallet still holds of the purchase returns to sales; what was
 * already spent is the platform's loss (chargeback_loss): dollars that reached creators stay theirs.
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { INVOICE_ITEM_TYPES, type GoodsQuote, type SettledOrder } from "../../contract/billing";
import { DOLLAR_PACKAGES, type DollarPackage } from "../../contract/wallet";
import type { Database } from "../../db/schema";
import { dollarOperations, postOperationIn } from "../ledger/index";
import type { GoodsHandler } from "../manifest";
import { notifyWalletAfterCommit } from "./notify";

export function dollarPackageOf(sku: string): DollarPackage | null {
  return DOLLAR_PACKAGES.find((pkg) => pkg.sku === sku) ?? null;
}

/** The translation key of a package's name on the checkout's pages and the invoice (namespace checkout). */
export const dollarPackageTitleKey = (pkg: DollarPackage) => `checkout.dollar_package.${pkg.dollars}`;

function quoteOf(pkg: DollarPackage): GoodsQuote {
  return {
    goods: "dollar",
    sku: pkg.sku,
    gross_cents: pkg.priceCents,
    item_type: INVOICE_ITEM_TYPES.dollars,
    renewable: false,
    months: 0,
    title_key: dollarPackageTitleKey(pkg),
    digital_content: true,
  };
}

/** The ledger keys of one order's movements: the same order always posts under the same keys. */
const orderKey = (order: SettledOrder, step: string) => `dollar-order:${order.id}:${step}`;

export const dollarGoods: GoodsHandler = {
  async catalogue() {
    return DOLLAR_PACKAGES.map(quoteOf);
  },

  async quote(_deps, _buyerId, sku) {
    const pkg = dollarPackageOf(sku);
    return pkg ? quoteOf(pkg) : null;
  },

  async fulfil(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder) {
    const pkg = dollarPackageOf(order.sku);
    if (!pkg) throw new Error(`dollar order ${order.id}: unknown package ${order.sku}`);
    const operation = dollarOperations.purchase(order.user_id, pkg.dollars);
    const key = orderKey(order, "purchase");
    await postOperationIn(trx, deps, {
      key,
      kind: operation.kind,
      currency: "dollar",
      actorId: order.user_id,
      reference: `order:${order.public_id}`,
      transfers: operation.transfers,
    });
    // The checkout commits this transaction after more work: the header's balance follows once it did.
    notifyWalletAfterCommit(trx, deps, order.user_id);
  },

  async revoke(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder) {
    const pkg = dollarPackageOf(order.sku);
    if (!pkg) return;
    const reclaim = dollarOperations.reclaim(order.user_id, pkg.dollars);
    const taken = await postOperationIn(trx, deps, {
      key: orderKey(order, "reclaim"),
      kind: reclaim.kind,
      currency: "dollar",
      actorId: null,
      reference: `order:${order.public_id}`,
      transfers: reclaim.transfers,
    });
    notifyWalletAfterCommit(trx, deps, order.user_id);
    const spent = pkg.dollars - taken.moved;
    if (spent <= 0) return;
    const loss = dollarOperations.chargebackLoss(spent);
    await postOperationIn(trx, deps, {
      key: orderKey(order, "loss"),
      kind: loss.kind,
      currency: "dollar",
      actorId: null,
      reference: `order:${order.public_id}`,
      transfers: loss.transfers,
    });
  },
};

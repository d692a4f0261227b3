/**
 * The wallet (issue 27): dollars bought through the checkout (goods "dollar"), balances, the history, auto recharge,
 * and the one spend service every feature that moves dollars calls (./spend.ts). The ledger kernel (../ledger) holds
 * the money; this module is how members and features reach it.
 */
import { defineFeature } from "../manifest";
import { dollarGoods } from "./goods";
import * as m0069 from "./migrations/0069_wallet";
import { registerWallet } from "./routes";

export const manifest = defineFeature({
  name: "wallet",
  routes: registerWallet,
  migrations: { "0069_wallet": m0069 },
  goods: { dollar: dollarGoods },
});
export { dollarBalances, spendDollars, afterRechargeKey, type DollarSpend } from "./spend";
// After a change a feature posted itself (postOperation / postOperationIn), once it committed: the header's live balance.
export { notifyWalletChanged, notifyWalletAfterCommit } from "./notify";
// The data export's dollars.json (privacy module).
export { dollarHistoryForExport } from "./history";

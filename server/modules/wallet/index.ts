/**
 * The wallet (issue 27): dollars bought through the checkout (goods "dollar"), balances, the history, auto recharge,
 * and the one spend service every feature that moves dollars calls (./spend.ts). The ledger kernel (../ledger) holds
 * the money; this module is how members and features reach it.
 */
import { defineFeature } from "../manifest";
import { dollarGoods } from "./goods";

export const manifest = defineFeature({ name: "wallet", goods: { dollar: dollarGoods } });
export { dollarBalances, spendDollars, type DollarSpend } from "./spend";

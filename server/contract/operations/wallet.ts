/** The wallet's operations (issue 27 items 2 and 6, ADR 081): balances and packages, history, CSV, operation look-up, auto recharge. */
import { defineOperation } from "../operation";
import { autoRechargeSettingSchema, dollarHistoryQuerySchema } from "../wallet";

export const walletOps = {
  dollar: defineOperation({ method: "get", path: "/api/v2/wallets/dollar", response: "DollarWallet" }),
  history: defineOperation({
    method: "get",
    path: "/api/v2/wallets/history",
    query: dollarHistoryQuerySchema,
    response: "DollarHistoryPage",
  }),
  historyCsv: defineOperation({ method: "get", path: "/api/v2/wallets/history.csv", query: dollarHistoryQuerySchema }),
  operation: defineOperation({ method: "get", path: "/api/v2/wallets/operations/:key", response: "WalletOperationState" }),
  autoRecharge: defineOperation({
    method: "put",
    path: "/api/v2/wallets/auto-recharge",
    body: autoRechargeSettingSchema,
    response: "DollarWallet",
  }),
};

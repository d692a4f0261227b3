/** The wallet's endpoints (issue 27, ADR 081), as the web tier calls them. */
import { walletOps } from "#server/contract/operations/wallet";
import type { AutoRechargeSetting, DollarHistoryQuery } from "#server/contract/wallet";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type DollarWalletData = DataOf<typeof walletOps.dollar>;
export type DollarHistoryData = DataOf<typeof walletOps.history>;

type HistoryFilters = Partial<Pick<DollarHistoryQuery, "kind" | "month">>;

/** GET /wallets/dollar: the signed-in member's balances, the packages and the auto-recharge setting. */
export function fetchDollarWallet(api: ApiClient): Promise<ApiResult<DollarWalletData>> {
  return api.op(walletOps.dollar, { handleErrors: true });
}

/** GET /wallets/history: one page of the member's own history under the filters. */
export function fetchDollarHistory(api: ApiClient, filters: HistoryFilters, page: number): Promise<ApiResult<DollarHistoryData>> {
  return api.op(walletOps.history, { query: { ...filters, page }, handleErrors: true });
}

/** GET /wallets/history.csv: the whole history under the filters as the API's file. */
export function fetchDollarHistoryCsv(api: ApiClient, filters: HistoryFilters): Promise<Response> {
  return api.raw(walletOps.historyCsv, { query: { ...filters } });
}

/** PUT /wallets/auto-recharge. */
export function saveAutoRecharge(api: ApiClient, body: AutoRechargeSetting): Promise<ApiResult<DollarWalletData>> {
  return api.op(walletOps.autoRecharge, { body, handleErrors: true });
}

/** The tips' endpoints (issue 27 item 3, ADR 082), as the web tier calls them. */
import { tipsOps } from "#server/contract/operations/tips";
import type { ApiTipTarget, TipInput } from "#server/contract/tips";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type TipAnswerData = DataOf<typeof tipsOps.tip>;
export type TipAmountData = DataOf<typeof tipsOps.tipAmount>;

/** GET /wallets/tip-amount: the viewer's limit and balance; with a target and an amount (as typed) the checked quote. */
export function fetchTipQuote(
  api: ApiClient,
  query: { target?: ApiTipTarget; id?: number | string; amount?: number | string },
): Promise<ApiResult<TipAmountData>> {
  return api.op(tipsOps.tipAmount, { query, handleErrors: true });
}

/** POST /wallets/tip under the key the confirmation page rendered. */
export function sendTip(api: ApiClient, body: TipInput): Promise<ApiResult<TipAnswerData>> {
  return api.op(tipsOps.tip, { body, handleErrors: true });
}

/** GET /wallets/tip/{key}: the viewer's own tip under this key ("pending" while none). */
export function fetchTipStatus(api: ApiClient, key: string): Promise<ApiResult<TipAnswerData>> {
  return api.op(tipsOps.tipStatus, { params: { key }, handleErrors: true });
}

/** The rebill link's endpoints (spec "rebill info and pay"), as the web tier calls them. */
import { renewalsOps } from "#server/contract/operations/renewals";
import type { RebillPayWith } from "#server/contract/renewals";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type RebillInfoData = DataOf<typeof renewalsOps.info>;
export type RebillPaymentData = DataOf<typeof renewalsOps.pay>;

export function fetchRebillInfo(api: ApiClient, token: string): Promise<ApiResult<RebillInfoData>> {
  return api.op(renewalsOps.info, { params: { token }, handleErrors: true });
}

export function payRebillLink(api: ApiClient, token: string, payWith: RebillPayWith): Promise<ApiResult<RebillPaymentData>> {
  return api.op(renewalsOps.pay, { params: { token }, body: { pay_with: payWith }, handleErrors: true });
}

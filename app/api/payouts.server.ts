/** Earnings and payouts' endpoints (issue 27, ADR 086), as the web tier calls them. */
import { payoutOps } from "#server/contract/operations/payouts";
import type { PayoutBankAccountInput, PayoutRequestInput } from "#server/contract/payouts";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type PayoutOverviewData = DataOf<typeof payoutOps.overview>;
export type PayoutListData = DataOf<typeof payoutOps.list>;
export type PayoutQueueData = DataOf<typeof payoutOps.queue>;

export function fetchPayoutOverview(api: ApiClient): Promise<ApiResult<PayoutOverviewData>> {
  return api.op(payoutOps.overview, { handleErrors: true });
}

export function fetchPayouts(api: ApiClient): Promise<ApiResult<PayoutListData>> {
  return api.op(payoutOps.list, { handleErrors: true });
}

export function requestPayout(api: ApiClient, body: PayoutRequestInput): Promise<ApiResult<DataOf<typeof payoutOps.request>>> {
  return api.op(payoutOps.request, { body, handleErrors: true });
}

export function confirmPayout(api: ApiClient, id: number): Promise<ApiResult<DataOf<typeof payoutOps.confirm>>> {
  return api.op(payoutOps.confirm, { params: { id }, handleErrors: true });
}

export function chooseSecureCode(
  api: ApiClient,
  code: string,
  codeConfirm: string,
): Promise<ApiResult<DataOf<typeof payoutOps.secureCode>>> {
  return api.op(payoutOps.secureCode, { body: { code, code_confirm: codeConfirm }, handleErrors: true });
}

export function requestSecureCodeReset(api: ApiClient): Promise<ApiResult<DataOf<typeof payoutOps.secureCodeResetRequest>>> {
  return api.op(payoutOps.secureCodeResetRequest, { handleErrors: true });
}

export function resetSecureCode(
  api: ApiClient,
  body: { token: string; code: string; code_confirm: string },
): Promise<ApiResult<DataOf<typeof payoutOps.secureCodeReset>>> {
  return api.op(payoutOps.secureCodeReset, { body, handleErrors: true });
}

export function saveBankAccount(api: ApiClient, body: PayoutBankAccountInput): Promise<ApiResult<DataOf<typeof payoutOps.bankAccount>>> {
  return api.op(payoutOps.bankAccount, { body, handleErrors: true });
}

// --- The back office ---

export function fetchPayoutQueue(api: ApiClient): Promise<ApiResult<PayoutQueueData>> {
  return api.op(payoutOps.queue, { handleErrors: true });
}

export function approvePayouts(api: ApiClient, payoutIds: number[]): Promise<ApiResult<DataOf<typeof payoutOps.approve>>> {
  return api.op(payoutOps.approve, { body: { payout_ids: payoutIds }, handleErrors: true });
}

export function markBatchSent(api: ApiClient, id: number): Promise<ApiResult<DataOf<typeof payoutOps.batchSent>>> {
  return api.op(payoutOps.batchSent, { params: { id }, handleErrors: true });
}

export function failPayout(
  api: ApiClient,
  id: number,
  how: "returned" | "rejected",
  reason: string,
): Promise<ApiResult<DataOf<typeof payoutOps.returned>>> {
  return api.op(how === "returned" ? payoutOps.returned : payoutOps.rejected, { params: { id }, body: { reason }, handleErrors: true });
}

export function downloadPayoutBatch(api: ApiClient, id: number): Promise<Response> {
  return api.raw(payoutOps.batchFile, { params: { id } });
}

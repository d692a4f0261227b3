/** The plus membership's endpoints (issue 26, ADR 076), as the web tier calls them. */
import { plusOps } from "#server/contract/operations/plus";
import type { CancellationSurveyInput, ContractCancelInput, ContractWithdrawInput } from "#server/contract/plus";
import type { PlusAudience } from "#server/contract/plus-packages";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type PlusContractData = DataOf<typeof plusOps.contract>;
export type PlusPackagesData = DataOf<typeof plusOps.packages>;
export type ContractReceiptData = DataOf<typeof plusOps.receipt>;

/** GET /membership/packages: the member's kind's (a guest: the kind asked for). */
export function fetchPlusPackages(api: ApiClient, audience?: PlusAudience): Promise<ApiResult<PlusPackagesData>> {
  return api.op(plusOps.packages, { query: audience ? { audience } : {}, handleErrors: true });
}

export function fetchCancellationPackages(api: ApiClient): Promise<ApiResult<PlusPackagesData>> {
  return api.op(plusOps.cancellationPackages, { handleErrors: true });
}

/** GET /membership/contract: the signed-in member's own contract. */
export function fetchPlusContract(api: ApiClient): Promise<ApiResult<PlusContractData>> {
  return api.op(plusOps.contract, { handleErrors: true });
}

export function cancelPlus(api: ApiClient): Promise<ApiResult<PlusContractData>> {
  return api.op(plusOps.cancel, { handleErrors: true });
}

export function undoCancelPlus(api: ApiClient): Promise<ApiResult<PlusContractData>> {
  return api.op(plusOps.undoCancel, { handleErrors: true });
}

export function sendCancellationSurvey(api: ApiClient, body: CancellationSurveyInput): Promise<ApiResult<DataOf<typeof plusOps.survey>>> {
  return api.op(plusOps.survey, { body, handleErrors: true });
}

/** POST /contracts/cancel: the § 312k declaration (with or without login). */
export function declareCancellation(api: ApiClient, body: ContractCancelInput): Promise<ApiResult<ContractReceiptData>> {
  return api.op(plusOps.declareCancel, { body, handleErrors: true });
}

export function declareWithdrawal(api: ApiClient, body: ContractWithdrawInput): Promise<ApiResult<ContractReceiptData>> {
  return api.op(plusOps.declareWithdraw, { body, handleErrors: true });
}

/** POST /contracts/withdraw/confirm: the mailed link's token makes a withdrawal sent without login take effect. */
export function confirmWithdrawal(api: ApiClient, token: string): Promise<ApiResult<ContractReceiptData>> {
  return api.op(plusOps.confirmWithdraw, { body: { token }, handleErrors: true });
}

export function fetchContractReceipt(api: ApiClient, id: string): Promise<ApiResult<ContractReceiptData>> {
  return api.op(plusOps.receipt, { params: { id }, handleErrors: true });
}

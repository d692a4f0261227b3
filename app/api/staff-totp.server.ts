/** Staff sign-in's second factor (issue 30 item 5, ADR 117), as the web tier calls it. */
import { staffTotpOps } from "#server/contract/operations/staff-totp";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type SecondFactorStatusData = DataOf<typeof staffTotpOps.status>;
export type RecoveryCodeSetData = DataOf<typeof staffTotpOps.confirm>;
export type StaffSecondFactorListData = DataOf<typeof staffTotpOps.list>;

export function fetchSecondFactorStatus(api: ApiClient): Promise<ApiResult<SecondFactorStatusData>> {
  return api.op(staffTotpOps.status, { handleErrors: true });
}

export function startSecondFactorSetup(api: ApiClient) {
  return api.op(staffTotpOps.setup, { handleErrors: true });
}

export function confirmSecondFactorSetup(api: ApiClient, code: string): Promise<ApiResult<RecoveryCodeSetData>> {
  return api.op(staffTotpOps.confirm, { body: { code }, handleErrors: true });
}

export function regenerateRecoveryCodes(api: ApiClient, code: string): Promise<ApiResult<RecoveryCodeSetData>> {
  return api.op(staffTotpOps.regenerate, { body: { code }, handleErrors: true });
}

export function verifySecondFactor(api: ApiClient, code: string) {
  return api.op(staffTotpOps.verify, { body: { code }, handleErrors: true });
}

export function fetchStaffSecondFactors(api: ApiClient): Promise<ApiResult<StaffSecondFactorListData>> {
  return api.op(staffTotpOps.list, { handleErrors: true });
}

export function resetStaffSecondFactor(api: ApiClient, id: number, reason: string) {
  return api.op(staffTotpOps.reset, { params: { id }, body: { reason }, handleErrors: true });
}

/** The user group's account endpoints (pause, deactivate, resume, delete), as the web tier calls them. */
import { accountOps } from "#server/contract/operations/account";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type AccountStateData = DataOf<typeof accountOps.state>;
export type AccountStatusChange = keyof typeof accountOps.status;

export function fetchAccountState(api: ApiClient): Promise<ApiResult<AccountStateData>> {
  return api.op(accountOps.state, { handleErrors: true });
}

export function changeAccountStatus(api: ApiClient, change: AccountStatusChange): Promise<ApiResult<AccountStateData>> {
  return api.op(accountOps.status[change], { handleErrors: true });
}

export function requestAccountDeletion(api: ApiClient, currentPassword: string): Promise<ApiResult<AccountStateData>> {
  return api.op(accountOps.requestDeletion, { body: { current_password: currentPassword }, handleErrors: true });
}

export function cancelAccountDeletion(api: ApiClient): Promise<ApiResult<AccountStateData>> {
  return api.op(accountOps.cancelDeletion, { handleErrors: true });
}

export function confirmAccountDeletion(api: ApiClient, token: string): Promise<ApiResult<DataOf<typeof accountOps.confirmDeletion>>> {
  return api.op(accountOps.confirmDeletion, { body: { token }, handleErrors: true });
}

/** The user group's account endpoints (pause, deactivate, resume, delete), as the web tier calls them. */
import type { AccountDeleted, AccountState } from "#server/contract/settings";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type AccountStateData = Camelize<AccountState>;
export type AccountStatusChange = "pause" | "deactivate" | "resume";

export function fetchAccountState(api: ApiClient): Promise<ApiResult<AccountStateData>> {
  return api.call<AccountStateData>("/api/v2/user/account-state", { handleErrors: true });
}

export function changeAccountStatus(api: ApiClient, change: AccountStatusChange): Promise<ApiResult<AccountStateData>> {
  return api.call<AccountStateData>(`/api/v2/user/${change}`, { method: "POST", handleErrors: true });
}

export function requestAccountDeletion(api: ApiClient, currentPassword: string): Promise<ApiResult<AccountStateData>> {
  return api.call<AccountStateData>("/api/v2/user/delete", {
    method: "POST",
    body: { current_password: currentPassword },
    handleErrors: true,
  });
}

export function cancelAccountDeletion(api: ApiClient): Promise<ApiResult<AccountStateData>> {
  return api.call<AccountStateData>("/api/v2/user/delete", { method: "DELETE", handleErrors: true });
}

export function confirmAccountDeletion(api: ApiClient, token: string): Promise<ApiResult<Camelize<AccountDeleted>>> {
  return api.call<Camelize<AccountDeleted>>("/api/v2/user/delete/confirm", { method: "POST", body: { token }, handleErrors: true });
}

/** The safesex group's endpoints (spec section 7 "safesex", ADR 039), as the web tier calls them. */
import type { SafeSexInput, SafeSexState } from "#server/contract/safesex";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type SafeSexData = Camelize<SafeSexState>;

export function fetchSafeSex(api: ApiClient): Promise<ApiResult<SafeSexData>> {
  return api.call<SafeSexData>("/api/v2/safesex", { handleErrors: true });
}

export function saveSafeSex(api: ApiClient, body: SafeSexInput): Promise<ApiResult<SafeSexData>> {
  return api.call<SafeSexData>("/api/v2/safesex", { method: "PUT", body, handleErrors: true });
}

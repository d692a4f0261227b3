/** The safesex group's endpoints (spec section 7 "safesex", ADR 039), as the web tier calls them. */
import { safesexOps } from "#server/contract/operations/safesex";
import type { SafeSexInput } from "#server/contract/safesex";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type SafeSexData = DataOf<typeof safesexOps.state>;

export function fetchSafeSex(api: ApiClient): Promise<ApiResult<SafeSexData>> {
  return api.op(safesexOps.state, { handleErrors: true });
}

export function saveSafeSex(api: ApiClient, body: SafeSexInput): Promise<ApiResult<SafeSexData>> {
  return api.op(safesexOps.save, { body, handleErrors: true });
}

/** The user group's endpoints for the signed-in member's own account (consents). */
import type { ConsentItem, ConsentPurpose } from "#server/contract/consents";
import type { ApiClient, ApiResult } from "./client.server";

/** GET /user/consents (keys as the API spells them: purposes are data, not field names). */
export function fetchConsents(api: ApiClient): Promise<ApiResult<ConsentItem[]>> {
  return api.call<ConsentItem[]>("/api/v2/user/consents", { camelize: false, handleErrors: true });
}

/** DELETE /user/consents/{purpose}: withdraws a consent (and deletes what it covered). */
export function withdrawConsent(api: ApiClient, purpose: ConsentPurpose): Promise<ApiResult<unknown>> {
  return api.call(`/api/v2/user/consents/${purpose}`, { method: "DELETE", handleErrors: true });
}

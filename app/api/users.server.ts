/** The user group's endpoints for the signed-in member's own account (consents). */
import type { ConsentPurpose } from "#server/contract/consents";
import { consentsOps } from "#server/contract/operations/consents";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** GET /user/consents (keys as the API spells them: purposes are data, not field names). */
export function fetchConsents(api: ApiClient): Promise<ApiResult<DataOf<typeof consentsOps.list>>> {
  return api.op(consentsOps.list, { handleErrors: true });
}

/** PUT /user/consents/{purpose}: gives a consent the data privacy page offers. */
export function grantConsent(api: ApiClient, purpose: ConsentPurpose): Promise<ApiResult<DataOf<typeof consentsOps.grant>>> {
  return api.op(consentsOps.grant, { params: { purpose }, handleErrors: true });
}

/** DELETE /user/consents/{purpose}: withdraws a consent (and deletes what it covered). */
export function withdrawConsent(api: ApiClient, purpose: ConsentPurpose): Promise<ApiResult<DataOf<typeof consentsOps.withdraw>>> {
  return api.op(consentsOps.withdraw, { params: { purpose }, handleErrors: true });
}

/** The affiliates group's endpoints (ADR 135), as the web tier calls them. */
import type * as v from "valibot";
import type { affiliateCreateSchema, AffiliateStateInput } from "#server/contract/affiliates";
import { affiliatesOps } from "#server/contract/operations/affiliates";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type AffiliateListData = DataOf<typeof affiliatesOps.list>;
export type AffiliateReportData = DataOf<typeof affiliatesOps.report>;

/** GET /affiliates/{code}: an active partner's link code, or 404. */
export function fetchAffiliateLink(api: ApiClient, code: string): Promise<ApiResult<DataOf<typeof affiliatesOps.link>>> {
  return api.op(affiliatesOps.link, { params: { code }, auth: false, handleErrors: true });
}

export function fetchAffiliates(api: ApiClient): Promise<ApiResult<AffiliateListData>> {
  return api.op(affiliatesOps.list, { handleErrors: true });
}

export function createAffiliate(
  api: ApiClient,
  body: v.InferOutput<typeof affiliateCreateSchema>,
): Promise<ApiResult<DataOf<typeof affiliatesOps.create>>> {
  return api.op(affiliatesOps.create, { body, handleErrors: true });
}

export function fetchAffiliateReport(api: ApiClient, id: string): Promise<ApiResult<AffiliateReportData>> {
  return api.op(affiliatesOps.report, { params: { id }, handleErrors: true });
}

/** POST /backoffice/affiliates/{id}/state: deactivates or reactivates a partner (ADR 139). */
export function setAffiliateState(
  api: ApiClient,
  id: string,
  body: AffiliateStateInput,
): Promise<ApiResult<DataOf<typeof affiliatesOps.setState>>> {
  return api.op(affiliatesOps.setState, { params: { id }, body, handleErrors: true });
}

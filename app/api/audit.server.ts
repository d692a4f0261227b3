/** The audit viewer's endpoint (issue 30 item 5), as the web tier calls it. */
import type { AuditQuery } from "#server/contract/audit";
import { auditOps } from "#server/contract/operations/audit";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type AuditPageData = DataOf<typeof auditOps.list>;

export function fetchAuditTrail(api: ApiClient, query: Partial<AuditQuery>): Promise<ApiResult<AuditPageData>> {
  return api.op(auditOps.list, { query, handleErrors: true });
}

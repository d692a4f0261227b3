/** The ledger in the back office's endpoints (issue 27 item 7, ADR 087), as the web tier calls them. Backend accounts only. */
import type { StaffLedgerBody } from "#server/contract/ledger-office";
import { ledgerOfficeOps } from "#server/contract/operations/ledger-office";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type LedgerOfficeMemberData = DataOf<typeof ledgerOfficeOps.member>;
export type StaffLedgerDoneData = DataOf<typeof ledgerOfficeOps.act>;
export type ReconciliationReportListData = DataOf<typeof ledgerOfficeOps.reports>;

export function fetchMemberLedger(api: ApiClient, member: string, page: number): Promise<ApiResult<LedgerOfficeMemberData>> {
  return api.op(ledgerOfficeOps.member, { query: { member, page }, handleErrors: true });
}

export function actOnLedger(api: ApiClient, body: StaffLedgerBody): Promise<ApiResult<StaffLedgerDoneData>> {
  return api.op(ledgerOfficeOps.act, { body, handleErrors: true });
}

export function fetchReconciliations(api: ApiClient): Promise<ApiResult<ReconciliationReportListData>> {
  return api.op(ledgerOfficeOps.reports, { handleErrors: true });
}

export function reconcileNow(api: ApiClient): Promise<ApiResult<ReconciliationReportListData>> {
  return api.op(ledgerOfficeOps.reconcile, { handleErrors: true });
}

/** The reports group's endpoints (issue 11 item 5, ADR 038), as the web tier calls them. */
import type { BodyInput, FormValues } from "#server/contract/operation";
import { reportsOps } from "#server/contract/operations/reports";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type OwnReportData = DataOf<typeof reportsOps.one>;
export type OwnReportListData = DataOf<typeof reportsOps.mine>;
export type ReportQueueData = DataOf<typeof reportsOps.queue>;
export type QueuedReportData = ReportQueueData["items"][number];

/**
 * POST /reports: members and guests; the body in the contract's (snake_case) shape. The report forms relay their
 * values for the API to judge (its field errors are the form's), so they pass as the form gave them.
 */
export function fileReport(api: ApiClient, body: FormValues<typeof reportsOps.file>): Promise<ApiResult<DataOf<typeof reportsOps.file>>> {
  return api.op(reportsOps.file, { body: body as BodyInput<typeof reportsOps.file>, handleErrors: true });
}

/** POST /reports/confirm-email: a guest opened the confirmation link of their notice (ADR 059). */
export function confirmReportEmail(api: ApiClient, token: string): Promise<ApiResult<DataOf<typeof reportsOps.confirmEmail>>> {
  return api.op(reportsOps.confirmEmail, { body: { token }, handleErrors: true });
}

/** GET /reports: the member's own reports, newest first. */
export function fetchOwnReports(api: ApiClient, page: number): Promise<ApiResult<OwnReportListData>> {
  return api.op(reportsOps.mine, { query: { page }, handleErrors: true });
}

/** GET /backoffice/reports: open reports by priority, then age (403 for members). */
export function fetchReportQueue(api: ApiClient, page: number): Promise<ApiResult<ReportQueueData>> {
  return api.op(reportsOps.queue, { query: { page }, handleErrors: true });
}

/** POST /backoffice/reports/{id}/decide: the decision form's values, judged by the API like the report forms'. */
export function decideReport(api: ApiClient, id: number, body: FormValues<typeof reportsOps.decide>): Promise<ApiResult<OwnReportData>> {
  return api.op(reportsOps.decide, { params: { id }, body: body as BodyInput<typeof reportsOps.decide>, handleErrors: true });
}

/** The reports group's endpoints (issue 11 item 5, ADR 038), as the web tier calls them. */
import type {
  DecideReportInput,
  FiledReport,
  FileReportInput,
  OwnReport,
  OwnReportList,
  ReportEmailConfirmed,
  ReportQueue,
} from "#server/contract/reports";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type OwnReportData = Camelize<OwnReport>;
export type OwnReportListData = Camelize<OwnReportList>;
export type ReportQueueData = Camelize<ReportQueue>;
export type QueuedReportData = ReportQueueData["items"][number];

/** POST /reports: members and guests; the body in the contract's (snake_case) shape. */
export function fileReport(api: ApiClient, body: { [K in keyof FileReportInput]?: unknown }): Promise<ApiResult<Camelize<FiledReport>>> {
  return api.call<Camelize<FiledReport>>("/api/v2/reports", { method: "POST", body, handleErrors: true });
}

/** POST /reports/confirm-email: a guest opened the confirmation link of their notice (ADR 059). */
export function confirmReportEmail(api: ApiClient, token: string): Promise<ApiResult<Camelize<ReportEmailConfirmed>>> {
  return api.call<Camelize<ReportEmailConfirmed>>("/api/v2/reports/confirm-email", { method: "POST", body: { token }, handleErrors: true });
}

/** GET /reports: the member's own reports, newest first. */
export function fetchOwnReports(api: ApiClient, page: number): Promise<ApiResult<OwnReportListData>> {
  return api.call<OwnReportListData>("/api/v2/reports", { params: { page }, handleErrors: true });
}

/** GET /backoffice/reports: open reports by priority, then age (403 for members). */
export function fetchReportQueue(api: ApiClient, page: number): Promise<ApiResult<ReportQueueData>> {
  return api.call<ReportQueueData>("/api/v2/backoffice/reports", { params: { page }, handleErrors: true });
}

/** POST /backoffice/reports/{id}/decide. */
export function decideReport(
  api: ApiClient,
  id: number,
  body: { [K in keyof DecideReportInput]?: unknown },
): Promise<ApiResult<OwnReportData>> {
  return api.call<OwnReportData>(`/api/v2/backoffice/reports/${id}/decide`, { method: "POST", body, handleErrors: true });
}

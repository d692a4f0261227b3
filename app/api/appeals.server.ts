/** The appeals group's endpoints (DSA Art. 20, ADR 113), as the web tier calls them. */
import type { BodyInput, FormValues } from "#server/contract/operation";
import { appealsOps } from "#server/contract/operations/appeals";
import { reportsOps } from "#server/contract/operations/reports";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type StatementAppealViewData = DataOf<typeof appealsOps.statementView>;
export type OwnAppealData = DataOf<typeof appealsOps.fileForStatement>;
export type AppealQueueData = DataOf<typeof appealsOps.queue>;
export type QueuedAppealData = AppealQueueData["items"][number];
export type OwnReportWithAppealData = DataOf<typeof reportsOps.one>;

export function fetchStatementAppeal(api: ApiClient, id: number): Promise<ApiResult<StatementAppealViewData>> {
  return api.op(appealsOps.statementView, { params: { id }, handleErrors: true });
}

export function fetchOwnReport(api: ApiClient, id: number): Promise<ApiResult<OwnReportWithAppealData>> {
  return api.op(reportsOps.one, { params: { id }, handleErrors: true });
}

export function fileAppeal(
  api: ApiClient,
  on: "statement" | "report",
  id: number,
  body: FormValues<typeof appealsOps.fileForStatement>,
): Promise<ApiResult<OwnAppealData>> {
  const op = on === "statement" ? appealsOps.fileForStatement : appealsOps.fileForReport;
  return api.op(op, { params: { id }, body: body as BodyInput<typeof op>, handleErrors: true });
}

export function fetchAppealQueue(api: ApiClient, page: number): Promise<ApiResult<AppealQueueData>> {
  return api.op(appealsOps.queue, { query: { page }, handleErrors: true });
}

export function decideAppeal(api: ApiClient, id: number, body: FormValues<typeof appealsOps.decide>): Promise<ApiResult<OwnAppealData>> {
  return api.op(appealsOps.decide, { params: { id }, body: body as BodyInput<typeof appealsOps.decide>, handleErrors: true });
}

/** ADR 123: the statement's complaint page through the signed link of a member who cannot sign in (no session). */
export function fetchStatementAppealByLink(api: ApiClient, token: string): Promise<ApiResult<StatementAppealViewData>> {
  return api.op(appealsOps.linkView, { params: { token }, handleErrors: true });
}

export function fileAppealByLink(
  api: ApiClient,
  token: string,
  body: FormValues<typeof appealsOps.fileForLink>,
): Promise<ApiResult<OwnAppealData>> {
  return api.op(appealsOps.fileForLink, { params: { token }, body: body as BodyInput<typeof appealsOps.fileForLink>, handleErrors: true });
}

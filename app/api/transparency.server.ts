/** The transparency group's endpoints (issue 30 item 4, ADRs 114, 115), as the web tier calls them. */
import type { BodyInput, FormValues } from "#server/contract/operation";
import { transparencyOps } from "#server/contract/operations/transparency";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type TransparencyIndexData = DataOf<typeof transparencyOps.index>;
export type TransparencyReportData = DataOf<typeof transparencyOps.report>;
export type TrustedFlaggerListData = DataOf<typeof transparencyOps.flaggers>;

export function fetchTransparencyIndex(api: ApiClient): Promise<ApiResult<TransparencyIndexData>> {
  return api.op(transparencyOps.index, { handleErrors: true });
}

export function fetchTransparencyReport(api: ApiClient, period: string): Promise<ApiResult<TransparencyReportData>> {
  return api.op(transparencyOps.report, { params: { period }, handleErrors: true });
}

export function publishTransparency(api: ApiClient, period: string) {
  return api.op(transparencyOps.publish, { body: { period }, handleErrors: true });
}

export function fetchTrustedFlaggers(api: ApiClient): Promise<ApiResult<TrustedFlaggerListData>> {
  return api.op(transparencyOps.flaggers, { handleErrors: true });
}

export function addTrustedFlagger(api: ApiClient, body: FormValues<typeof transparencyOps.addFlagger>) {
  return api.op(transparencyOps.addFlagger, { body: body as BodyInput<typeof transparencyOps.addFlagger>, handleErrors: true });
}

export function endTrustedFlagger(api: ApiClient, id: number, reason: string) {
  return api.op(transparencyOps.endFlagger, { params: { id }, body: { reason }, handleErrors: true });
}

/** The user group's data-export endpoints (issue 10, user/data_privacy), as the web tier calls them. */
import { privacyOps } from "#server/contract/operations/privacy";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type DataExportData = DataOf<typeof privacyOps.requestExport>;
export type DataExportStatusData = DataOf<typeof privacyOps.exportStatus>;

export function fetchDataExportStatus(api: ApiClient): Promise<ApiResult<DataExportStatusData>> {
  return api.op(privacyOps.exportStatus, { handleErrors: true });
}

export function requestDataExport(api: ApiClient): Promise<ApiResult<DataExportData>> {
  return api.op(privacyOps.requestExport, { handleErrors: true });
}

/** The ZIP as the API streams it (200), or its 404. */
export function fetchDataExportFile(api: ApiClient, exportId: number): Promise<Response> {
  return api.raw(privacyOps.exportFile, { params: { id: exportId } });
}

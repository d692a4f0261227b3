/** The user group's data-export endpoints (issue 10, user/data_privacy), as the web tier calls them. */
import type { DataExport, DataExportStatus } from "#server/contract/privacy";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type DataExportData = Camelize<DataExport>;
export type DataExportStatusData = Camelize<DataExportStatus>;

export function fetchDataExportStatus(api: ApiClient): Promise<ApiResult<DataExportStatusData>> {
  return api.call<DataExportStatusData>("/api/v2/user/data-export", { handleErrors: true });
}

export function requestDataExport(api: ApiClient): Promise<ApiResult<DataExportData>> {
  return api.call<DataExportData>("/api/v2/user/data-export", { method: "POST", handleErrors: true });
}

/** The ZIP as the API streams it (200), or its 404. */
export function fetchDataExportFile(api: ApiClient, exportId: number): Promise<Response> {
  return api.raw(`/api/v2/user/data-export/${exportId}/file`);
}

/** The privacy group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

export const privacyOps = {
  exportStatus: defineOperation({ method: "get", path: "/api/v2/user/data-export", response: "DataExportStatus" }),
  requestExport: defineOperation({ method: "post", path: "/api/v2/user/data-export", response: "DataExport" }),
  exportFile: defineOperation({ method: "get", path: "/api/v2/user/data-export/:id/file" }),
};

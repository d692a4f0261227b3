/** The reports group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { confirmReportEmailSchema, decideReportSchema, fileReportSchema, reportsQuerySchema } from "../reports";

export const reportsOps = {
  file: defineOperation({ method: "post", path: "/api/v2/reports", body: fileReportSchema, response: "FiledReport" }),
  confirmEmail: defineOperation({
    method: "post",
    path: "/api/v2/reports/confirm-email",
    body: confirmReportEmailSchema,
    response: "ReportEmailConfirmed",
  }),
  mine: defineOperation({ method: "get", path: "/api/v2/reports", query: reportsQuerySchema, response: "OwnReportList" }),
  one: defineOperation({ method: "get", path: "/api/v2/reports/:id", response: "OwnReport" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/reports", query: reportsQuerySchema, response: "ReportQueue" }),
  decide: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/reports/:id/decide",
    body: decideReportSchema,
    response: "OwnReport",
  }),
};

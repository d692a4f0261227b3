/** The audit viewer's operation (issue 30 item 5): method, path, query and response, for the API and the web tier. */
import { auditQuerySchema } from "../audit";
import { defineOperation } from "../operation";

export const auditOps = {
  list: defineOperation({ method: "get", path: "/api/v2/backoffice/audit", query: auditQuerySchema, response: "AuditPage" }),
};

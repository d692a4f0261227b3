/** The translations group's operations (issue 32 item 7, ADR 136): missing-key reports and their back-office list. */
import { defineOperation } from "../operation";
import { markKeyFixedSchema, missingKeyFilterSchema, missingKeyReportSchema } from "../translations";

export const translationsOps = {
  report: defineOperation({
    method: "post",
    path: "/api/v2/translations/missing",
    body: missingKeyReportSchema,
    response: "MissingKeyReceipt",
  }),
  list: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/translations/missing",
    query: missingKeyFilterSchema,
    response: "MissingKeyList",
  }),
  markFixed: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/translations/missing/:id/fixed",
    body: markKeyFixedSchema,
    response: "MissingKeyItem",
  }),
};

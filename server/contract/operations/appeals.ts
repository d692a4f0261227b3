/** The appeals group's operations (ADR 062): internal complaints (DSA Art. 20, ADR 113). */
import { appealQueueQuerySchema, decideAppealSchema, fileAppealSchema } from "../appeals";
import { defineOperation } from "../operation";

export const appealsOps = {
  statementView: defineOperation({ method: "get", path: "/api/v2/statements/:id/appeal", response: "StatementAppealView" }),
  fileForStatement: defineOperation({
    method: "post",
    path: "/api/v2/statements/:id/appeal",
    body: fileAppealSchema,
    response: "OwnAppeal",
  }),
  /** ADR 123: the statement's complaint page through the signed link of a member who cannot sign in. */
  linkView: defineOperation({ method: "get", path: "/api/v2/appeal-links/:token", response: "StatementAppealView" }),
  fileForLink: defineOperation({ method: "post", path: "/api/v2/appeal-links/:token", body: fileAppealSchema, response: "OwnAppeal" }),
  fileForReport: defineOperation({ method: "post", path: "/api/v2/reports/:id/appeal", body: fileAppealSchema, response: "OwnAppeal" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/appeals", query: appealQueueQuerySchema, response: "AppealQueue" }),
  decide: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/appeals/:id/decide",
    body: decideAppealSchema,
    response: "OwnAppeal",
  }),
};

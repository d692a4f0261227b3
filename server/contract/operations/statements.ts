/** The statements group's operations (issue 30 item 4, ADR 062, 110): the member's statements of reasons. */
import { defineOperation } from "../operation";
import { statementListQuerySchema } from "../statements";

export const statementsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/statements", query: statementListQuerySchema, response: "StatementList" }),
  get: defineOperation({ method: "get", path: "/api/v2/statements/:id", response: "StatementView" }),
};

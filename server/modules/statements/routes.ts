/** HTTP of the statements of reasons (issue 30 item 4, ADR 110): the member reads their own, and only their own. */
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { statementsOps } from "../../contract/operations/statements";
import { STATEMENT_ERRORS, STATEMENT_PAGE_SIZE } from "../../contract/statements";
import { ownStatement, statementList } from "./service";

export function registerStatements({ v2 }: ModuleContext): void {
  const base = { tag: "statements", auth: "required" as const };
  v2.add(
    statementsOps.list,
    {
      ...base,
      summary: `The member's statements of reasons (DSA Art. 17), ${STATEMENT_PAGE_SIZE} a page, newest first.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await statementList(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    statementsOps.get,
    {
      ...base,
      summary:
        "One statement of reasons of the member: the decision, its ground, the facts and the redress. 404 exception.statements.not_found for another member's id.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await ownStatement(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), STATEMENT_ERRORS.notFound))),
  );
}

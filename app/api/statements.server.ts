/** The statements group's endpoints (issue 30 item 4, ADR 110), as the web tier calls them. */
import { statementsOps } from "#server/contract/operations/statements";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type StatementListData = DataOf<typeof statementsOps.list>;
export type StatementData = DataOf<typeof statementsOps.get>;

export function fetchStatements(api: ApiClient, page: number): Promise<ApiResult<StatementListData>> {
  return api.op(statementsOps.list, { query: { page }, handleErrors: true });
}

export function fetchStatement(api: ApiClient, id: number): Promise<ApiResult<StatementData>> {
  return api.op(statementsOps.get, { params: { id }, handleErrors: true });
}

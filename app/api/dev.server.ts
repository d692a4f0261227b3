/** The dev group's endpoints (DEV_ROUTES only, never in production). */
import { devOps } from "#server/contract/operations/dev";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type OutboxMailData = DataOf<typeof devOps.outbox>[number];

export function fetchOutbox(api: ApiClient, params: { to?: string; limit: number }): Promise<ApiResult<OutboxMailData[]>> {
  return api.op(devOps.outbox, { query: params, auth: false, handleErrors: true });
}

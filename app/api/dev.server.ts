/** The dev group's endpoints (DEV_ROUTES only, never in production). */
import type { OutboxMail } from "#server/contract/dev";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type OutboxMailData = Camelize<OutboxMail>;

export function fetchOutbox(api: ApiClient, params: { to?: string; limit: number }): Promise<ApiResult<OutboxMailData[]>> {
  return api.call<OutboxMailData[]>("/api/v2/dev/outbox", { params, auth: false, handleErrors: true });
}

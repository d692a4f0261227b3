/** The translations group's endpoint (issue 32 item 7, ADR 136), as the web tier calls it. */
import { translationsOps } from "#server/contract/operations/translations";
import type * as v from "valibot";
import type { missingKeyReportSchema } from "#server/contract/operations/translations";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** POST /translations/missing: the keys the browser could not find. */
export function reportMissingKeys(
  api: ApiClient,
  report: v.InferOutput<typeof missingKeyReportSchema>,
): Promise<ApiResult<DataOf<typeof translationsOps.report>>> {
  return api.op(translationsOps.report, { body: report, auth: false, handleErrors: true });
}

export type MissingKeyListData = DataOf<typeof translationsOps.list>;
export type MissingKeyQuery = { lng?: string; ns?: string; state?: string; page?: string };

/** GET /backoffice/translations/missing: one page of the reported keys and the open ones per language and namespace. */
export function fetchMissingKeys(api: ApiClient, query: MissingKeyQuery): Promise<ApiResult<MissingKeyListData>> {
  return api.op(translationsOps.list, { query, handleErrors: true });
}

/** POST …/{id}/fixed or …/{id}/dismissed: closes a reported key (one audit row each). */
export function closeMissingKey(
  api: ApiClient,
  id: number,
  as: "fixed" | "dismissed",
  reason: string | undefined,
): Promise<ApiResult<DataOf<typeof translationsOps.markFixed>>> {
  const op = as === "fixed" ? translationsOps.markFixed : translationsOps.dismiss;
  return api.op(op, { params: { id }, body: reason ? { reason } : {}, handleErrors: true });
}

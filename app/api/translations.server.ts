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

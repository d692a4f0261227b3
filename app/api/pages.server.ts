/**
 * The info pages endpoint group of the v2 API (GET /api/v2/pages/...), typed
 * for loaders. The content removal page files notices through reports.server.ts.
 */
import { pagesOps } from "#server/contract/operations/pages";
import type { PageSection, PageVersion } from "#server/contract/pages";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** GET /api/v2/pages/{section}/{key}, camelized. */
export type InfoPageDocument = DataOf<typeof pagesOps.page>;

export function fetchInfoPage(
  api: ApiClient,
  section: PageSection,
  key: string,
  version: PageVersion,
): Promise<ApiResult<InfoPageDocument>> {
  return api.op(pagesOps.page, {
    params: { section, key },
    query: version === "previous" ? { version } : undefined,
    // Info pages are public: never send the token, so the answer is the same for everyone.
    auth: false,
    handleErrors: true,
  });
}

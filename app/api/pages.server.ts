/**
 * The info pages endpoint group of the v2 API (GET /api/v2/pages/...), typed
 * for loaders. The content removal page files notices through reports.server.ts.
 */
import type { PageDocument, PageSection, PageVersion } from "#server/contract/pages";
import type { Camelize } from "./camelize";
import type { ApiResult, createApiClient } from "./client.server";

type ApiClient = ReturnType<typeof createApiClient>;

/** GET /api/v2/pages/{section}/{key}, camelized. */
export type InfoPageDocument = Camelize<PageDocument>;

export function fetchInfoPage(
  api: ApiClient,
  section: PageSection,
  key: string,
  version: PageVersion,
): Promise<ApiResult<InfoPageDocument>> {
  return api.call<InfoPageDocument>(`/api/v2/pages/${section}/${encodeURIComponent(key)}`, {
    params: version === "previous" ? { version } : undefined,
    // Info pages are public: never send the token, so the answer is the same for everyone.
    auth: false,
    handleErrors: true,
  });
}

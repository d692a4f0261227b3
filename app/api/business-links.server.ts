/** The business-links group's endpoints (issue 9 item 9), as the web tier calls them: paths and types in one place. */
import type { BusinessLinkAnswer, BusinessLinksView } from "#server/contract/business-links";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type BusinessLinks = Camelize<BusinessLinksView>;

export function fetchBusinessLinks(api: ApiClient): Promise<ApiResult<BusinessLinks>> {
  return api.call<BusinessLinks>("/api/v2/user/business-links");
}

export function answerBusinessLink(api: ApiClient, business: string, answer: BusinessLinkAnswer): Promise<ApiResult<unknown>> {
  return api.call(`/api/v2/user/business-links/${encodeURIComponent(business)}/${answer}`, { method: "POST", handleErrors: true });
}

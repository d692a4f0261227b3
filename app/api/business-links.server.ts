/** The business-links group's endpoints (issue 9 item 9), as the web tier calls them: paths and types in one place. */
import type { BusinessLinkAnswer } from "#server/contract/business-links";
import { businessLinksOps } from "#server/contract/operations/business-links";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type BusinessLinks = DataOf<typeof businessLinksOps.list>;

export function fetchBusinessLinks(api: ApiClient): Promise<ApiResult<BusinessLinks>> {
  return api.op(businessLinksOps.list);
}

export function answerBusinessLink(
  api: ApiClient,
  business: string,
  answer: BusinessLinkAnswer,
): Promise<ApiResult<DataOf<(typeof businessLinksOps.answer)[BusinessLinkAnswer]>>> {
  return api.op(businessLinksOps.answer[answer], { params: { business }, handleErrors: true });
}

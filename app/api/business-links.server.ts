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

/** The business asks an escort (or asks again); field errors come back at `username`. */
export function inviteEscort(api: ApiClient, username: string): Promise<ApiResult<DataOf<typeof businessLinksOps.invite>>> {
  return api.op(businessLinksOps.invite, { body: { username }, handleErrors: true });
}

/** The business takes back a request or ends a listing of its own. */
export function removeEscortLink(api: ApiClient, escort: string): Promise<ApiResult<DataOf<typeof businessLinksOps.remove>>> {
  return api.op(businessLinksOps.remove, { params: { escort }, handleErrors: true });
}

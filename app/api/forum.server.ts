/** The community forum's endpoints (issue 32 item 5, ADR 134), as the web tier calls them. */
import type { Language } from "#server/contract/locales";
import type { ForumNotificationLevel } from "#server/contract/forum";
import { forumOps } from "#server/contract/operations/forum";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type ForumOverviewData = DataOf<typeof forumOps.overview>;
export type ForumNotificationsData = DataOf<typeof forumOps.notifications>;

export function fetchForumOverview(api: ApiClient): Promise<ApiResult<ForumOverviewData>> {
  return api.op(forumOps.overview, { handleErrors: true });
}

/** GET /forum/sso: the address that answers Discourse's sign-on request for the member. */
export function answerForumSignOn(api: ApiClient, sso: string, sig: string): Promise<ApiResult<DataOf<typeof forumOps.signOn>>> {
  return api.op(forumOps.signOn, { query: { sso, sig }, handleErrors: true });
}

export function saveForumLanguage(api: ApiClient, language: Language): Promise<ApiResult<DataOf<typeof forumOps.language>>> {
  return api.op(forumOps.language, { body: { language }, handleErrors: true });
}

export function fetchForumNotifications(api: ApiClient): Promise<ApiResult<ForumNotificationsData>> {
  return api.op(forumOps.notifications, { handleErrors: true });
}

export function saveForumNotifications(
  api: ApiClient,
  levels: Array<{ category_id: number; level: ForumNotificationLevel }>,
): Promise<ApiResult<ForumNotificationsData>> {
  return api.op(forumOps.saveNotifications, { body: { levels }, handleErrors: true });
}

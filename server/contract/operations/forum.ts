/** The community forum's operations (issue 32 item 5; ADR 062, 067, 134). */
import { defineOperation } from "../operation";
import { forumLanguageBodySchema, forumNotificationsBodySchema, forumSignOnQuerySchema } from "../forum";
import "../forum";

export const forumOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/forum", response: "ForumOverview" }),
  signOn: defineOperation({ method: "get", path: "/api/v2/forum/sso", query: forumSignOnQuerySchema, response: "ForumSignOn" }),
  language: defineOperation({
    method: "put",
    path: "/api/v2/user/forum/language",
    body: forumLanguageBodySchema,
    response: "ForumLanguageSaved",
  }),
  notifications: defineOperation({ method: "get", path: "/api/v2/user/forum_notifications", response: "ForumNotifications" }),
  saveNotifications: defineOperation({
    method: "put",
    path: "/api/v2/user/forum_notifications",
    body: forumNotificationsBodySchema,
    response: "ForumNotifications",
  }),
};

/** The notifications group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import {
  announcementCreateSchema,
  announcementListQuerySchema,
  notificationListQuerySchema,
  notificationReadSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "../notifications";

export const notificationsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/notifications", query: notificationListQuerySchema, response: "NotificationList" }),
  summary: defineOperation({ method: "get", path: "/api/v2/notifications/summary", response: "NotificationSummary" }),
  markRead: defineOperation({
    method: "put",
    path: "/api/v2/notifications/:id/read",
    body: notificationReadSchema,
    response: "NotificationChange",
  }),
  readAll: defineOperation({ method: "post", path: "/api/v2/notifications/read-all", response: "NotificationChange" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/notifications/:id", response: "NotificationChange" }),
  push: defineOperation({ method: "get", path: "/api/v2/notifications/push", response: "PushSettings" }),
  subscribePush: defineOperation({
    method: "post",
    path: "/api/v2/notifications/push",
    body: pushSubscriptionSchema,
    response: "PushSettings",
  }),
  unsubscribePush: defineOperation({
    method: "post",
    path: "/api/v2/notifications/push/remove",
    body: pushUnsubscribeSchema,
    response: "PushSettings",
  }),
  announcements: defineOperation({
    method: "get",
    path: "/api/v2/definitions/announcements",
    query: announcementListQuerySchema,
    response: "AnnouncementList",
  }),
  dismissAnnouncement: defineOperation({ method: "post", path: "/api/v2/announcements/:id/dismiss", response: "AnnouncementDismissed" }),
  createAnnouncement: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/announcements",
    body: announcementCreateSchema,
    response: "AnnouncementEditorList",
  }),
  /** The editor (issue 30 item 5, ADR 120): every announcement, an edit, an early end. */
  editorAnnouncements: defineOperation({ method: "get", path: "/api/v2/backoffice/announcements", response: "AnnouncementEditorList" }),
  updateAnnouncement: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/announcements/:id",
    body: announcementCreateSchema,
    response: "AnnouncementEditorList",
  }),
  endAnnouncement: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/announcements/:id/end",
    response: "AnnouncementEditorList",
  }),
};

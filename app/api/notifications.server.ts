/** The notifications group's endpoints and the announcements (ADR 044), as the web tier calls them. */
import type { AnnouncementCreateInput, PushSubscriptionInput } from "#server/contract/notifications";
import type { Language } from "#server/contract/locales";
import { notificationsOps } from "#server/contract/operations/notifications";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type NotificationListData = DataOf<typeof notificationsOps.list>;
export type NotificationItemData = NotificationListData["items"][number];
export type NotificationChangeData = DataOf<typeof notificationsOps.markRead>;
export type AnnouncementListData = DataOf<typeof notificationsOps.announcements>;
export type PushSettingsData = DataOf<typeof notificationsOps.push>;

/** GET /notifications: one page, unread first. */
export function fetchNotifications(api: ApiClient, page: number, filter: "all" | "unread"): Promise<ApiResult<NotificationListData>> {
  return api.op(notificationsOps.list, { query: { page, filter }, handleErrors: true });
}

/** PUT /notifications/{id}/read: read or unread again. */
export function markNotification(api: ApiClient, id: number, read: boolean): Promise<ApiResult<NotificationChangeData>> {
  return api.op(notificationsOps.markRead, { params: { id }, body: { read }, handleErrors: true });
}

/** POST /notifications/read-all. */
export function markAllNotificationsRead(api: ApiClient): Promise<ApiResult<NotificationChangeData>> {
  return api.op(notificationsOps.readAll, { handleErrors: true });
}

/** DELETE /notifications/{id}. */
export function deleteNotification(api: ApiClient, id: number): Promise<ApiResult<NotificationChangeData>> {
  return api.op(notificationsOps.remove, { params: { id }, handleErrors: true });
}

/** GET /definitions/announcements with lang, without the ids a guest dismissed (cookie). */
export function fetchAnnouncements(api: ApiClient, lang: Language, dismissed: number[]): Promise<ApiResult<AnnouncementListData>> {
  return api.op(notificationsOps.announcements, {
    query: { lang, ...(dismissed.length > 0 ? { dismissed: dismissed.join(",") } : {}) },
    handleErrors: true,
  });
}

/** POST /announcements/{id}/dismiss (signed-in members). */
export function dismissAnnouncement(api: ApiClient, id: number): Promise<ApiResult<DataOf<typeof notificationsOps.dismissAnnouncement>>> {
  return api.op(notificationsOps.dismissAnnouncement, { params: { id }, handleErrors: true });
}

/** POST /backoffice/announcements (staff). */
export function createAnnouncement(api: ApiClient, body: AnnouncementCreateInput): Promise<ApiResult<AnnouncementEditorListData>> {
  return api.op(notificationsOps.createAnnouncement, { body, handleErrors: true });
}

export type AnnouncementEditorListData = DataOf<typeof notificationsOps.editorAnnouncements>;

/** GET /backoffice/announcements (staff, content.edit): every announcement for the editor. */
export function fetchEditorAnnouncements(api: ApiClient): Promise<ApiResult<AnnouncementEditorListData>> {
  return api.op(notificationsOps.editorAnnouncements, { handleErrors: true });
}

/** POST /backoffice/announcements/{id} (staff, content.edit). */
export function updateAnnouncement(
  api: ApiClient,
  id: number,
  body: AnnouncementCreateInput,
): Promise<ApiResult<AnnouncementEditorListData>> {
  return api.op(notificationsOps.updateAnnouncement, { params: { id }, body, handleErrors: true });
}

/** POST /backoffice/announcements/{id}/end (staff, content.edit). */
export function endAnnouncement(api: ApiClient, id: number): Promise<ApiResult<AnnouncementEditorListData>> {
  return api.op(notificationsOps.endAnnouncement, { params: { id }, handleErrors: true });
}

/** GET /notifications/push: whether push is offered and the VAPID public key. */
export function fetchPushSettings(api: ApiClient): Promise<ApiResult<PushSettingsData>> {
  return api.op(notificationsOps.push, { handleErrors: true });
}

/** POST /notifications/push: this browser's subscription. */
export function subscribePush(api: ApiClient, body: PushSubscriptionInput): Promise<ApiResult<PushSettingsData>> {
  return api.op(notificationsOps.subscribePush, { body, handleErrors: true });
}

/** POST /notifications/push/remove: this browser's subscription, by endpoint. */
export function unsubscribePush(api: ApiClient, endpoint: string): Promise<ApiResult<PushSettingsData>> {
  return api.op(notificationsOps.unsubscribePush, { body: { endpoint }, handleErrors: true });
}

/** The notifications group's endpoints and the announcements (ADR 044), as the web tier calls them. */
import type {
  AnnouncementCreateInput,
  AnnouncementDismissed,
  AnnouncementList,
  NotificationChange,
  NotificationList,
  PushSettings,
  PushSubscriptionInput,
} from "#server/contract/notifications";
import type { Language } from "#server/contract/locales";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type NotificationListData = Camelize<NotificationList>;
export type NotificationItemData = NotificationListData["items"][number];
export type NotificationChangeData = Camelize<NotificationChange>;
export type AnnouncementListData = Camelize<AnnouncementList>;
export type PushSettingsData = Camelize<PushSettings>;

/** GET /notifications: one page, unread first. */
export function fetchNotifications(api: ApiClient, page: number, filter: "all" | "unread"): Promise<ApiResult<NotificationListData>> {
  return api.call<NotificationListData>("/api/v2/notifications", { params: { page, filter }, handleErrors: true });
}

/** PUT /notifications/{id}/read: read or unread again. */
export function markNotification(api: ApiClient, id: number, read: boolean): Promise<ApiResult<NotificationChangeData>> {
  return api.call<NotificationChangeData>(`/api/v2/notifications/${id}/read`, { method: "PUT", body: { read }, handleErrors: true });
}

/** POST /notifications/read-all. */
export function markAllNotificationsRead(api: ApiClient): Promise<ApiResult<NotificationChangeData>> {
  return api.call<NotificationChangeData>("/api/v2/notifications/read-all", { method: "POST", handleErrors: true });
}

/** DELETE /notifications/{id}. */
export function deleteNotification(api: ApiClient, id: number): Promise<ApiResult<NotificationChangeData>> {
  return api.call<NotificationChangeData>(`/api/v2/notifications/${id}`, { method: "DELETE", handleErrors: true });
}

/** GET /definitions/announcements with lang, without the ids a guest dismissed (cookie). */
export function fetchAnnouncements(api: ApiClient, lang: Language, dismissed: number[]): Promise<ApiResult<AnnouncementListData>> {
  return api.call<AnnouncementListData>("/api/v2/definitions/announcements", {
    params: { lang, ...(dismissed.length > 0 ? { dismissed: dismissed.join(",") } : {}) },
    handleErrors: true,
  });
}

/** POST /announcements/{id}/dismiss (signed-in members). */
export function dismissAnnouncement(api: ApiClient, id: number): Promise<ApiResult<Camelize<AnnouncementDismissed>>> {
  return api.call<Camelize<AnnouncementDismissed>>(`/api/v2/announcements/${id}/dismiss`, { method: "POST", handleErrors: true });
}

/** POST /backoffice/announcements (staff). */
export function createAnnouncement(api: ApiClient, body: AnnouncementCreateInput): Promise<ApiResult<AnnouncementListData>> {
  return api.call<AnnouncementListData>("/api/v2/backoffice/announcements", { method: "POST", body, handleErrors: true });
}

/** GET /notifications/push: whether push is offered and the VAPID public key. */
export function fetchPushSettings(api: ApiClient): Promise<ApiResult<PushSettingsData>> {
  return api.call<PushSettingsData>("/api/v2/notifications/push", { handleErrors: true });
}

/** POST /notifications/push: this browser's subscription. */
export function subscribePush(api: ApiClient, body: PushSubscriptionInput): Promise<ApiResult<PushSettingsData>> {
  return api.call<PushSettingsData>("/api/v2/notifications/push", { method: "POST", body, handleErrors: true });
}

/** POST /notifications/push/remove: this browser's subscription, by endpoint. */
export function unsubscribePush(api: ApiClient, endpoint: string): Promise<ApiResult<PushSettingsData>> {
  return api.call<PushSettingsData>("/api/v2/notifications/push/remove", { method: "POST", body: { endpoint }, handleErrors: true });
}

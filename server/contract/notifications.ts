/**
 * The notification centre (issue 12 item 7; spec sections 2 "my_notification", 3/4 "Notifications", 9 page sizes;
 * ADR 044).
 *
 * A notification is a row per member: what happened (`event`, which fixes its preference kind, content type,
 * stickiness and translation key), who did it (`actor`, shown only where the member may see them), what it is
 * about (`subject`), the translation params and where it leads (`url`, a path after the language). It holds no
 * prose: each member reads it in their language, at the time they read it.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import type { NotificationKind } from "./settings";

/** Spec section 4: what a notification asks of the member. */
export const NOTIFICATION_CONTENT_TYPES = ["request", "info", "alert"] as const;
export type NotificationContentType = (typeof NOTIFICATION_CONTENT_TYPES)[number];

/** Spec section 4: how long a popup stays (short 5 s, medium 8 s, long 15 s, permanent until closed). */
export const NOTIFICATION_STICKINESS = ["short", "medium", "long", "permanent"] as const;
export type NotificationStickiness = (typeof NOTIFICATION_STICKINESS)[number];
export const STICKINESS_MS: Record<NotificationStickiness, number | null> = { short: 5_000, medium: 8_000, long: 15_000, permanent: null };

/** Spec section 9: the notifications page, and the bell (at most 8, of which 1 highlighted). */
export const NOTIFICATION_PAGE_SIZE = 20;
// The bell's numbers live in a module without valibot, so the header of every hydrated page stays small (ADR 050).
export { NOTIFICATION_BELL_HIGHLIGHTED, NOTIFICATION_BELL_MAX } from "./notification-bell";
/** Read notifications older than this are pruned; unread ones stay until read or deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** What happened. Messages and dates are produced by their modules when they land (export `notify`, ADR 044). */
export const NOTIFICATION_EVENTS = [
  "friend_request",
  "friend_accepted",
  "favorited",
  "visited",
  "moderation_accepted",
  "moderation_rejected",
  "message",
  "date_request",
  "date_answer",
  "date_reschedule",
  "date_reminder",
  "review",
  "review_window_open",
  "review_window_closed",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export interface NotificationEventSpec {
  kind: NotificationKind;
  contentType: NotificationContentType;
  stickiness: NotificationStickiness;
}

/** Each event's preference kind, content type and popup duration: decided once here. */
export const NOTIFICATION_EVENT_SPECS: Record<NotificationEvent, NotificationEventSpec> = {
  friend_request: { kind: "friend_requests", contentType: "request", stickiness: "long" },
  friend_accepted: { kind: "friend_requests", contentType: "info", stickiness: "medium" },
  favorited: { kind: "favorites", contentType: "info", stickiness: "short" },
  visited: { kind: "visitors", contentType: "info", stickiness: "short" },
  moderation_accepted: { kind: "moderation", contentType: "info", stickiness: "medium" },
  moderation_rejected: { kind: "moderation", contentType: "alert", stickiness: "permanent" },
  message: { kind: "messages", contentType: "info", stickiness: "medium" },
  date_request: { kind: "dates", contentType: "request", stickiness: "long" },
  date_answer: { kind: "dates", contentType: "info", stickiness: "medium" },
  date_reschedule: { kind: "dates", contentType: "request", stickiness: "long" },
  date_reminder: { kind: "dates", contentType: "info", stickiness: "long" },
  review: { kind: "reviews", contentType: "info", stickiness: "medium" },
  review_window_open: { kind: "reviews", contentType: "request", stickiness: "long" },
  review_window_closed: { kind: "reviews", contentType: "info", stickiness: "medium" },
};

/** The member who caused a notification, as the recipient may see them (null: hidden, e.g. without plus, or gone). */
export interface NotificationActor {
  username: string;
  display_name: string;
}

export interface NotificationItem {
  id: number;
  event: NotificationEvent;
  kind: NotificationKind;
  content_type: NotificationContentType;
  stickiness: NotificationStickiness;
  actor: NotificationActor | null;
  /** Translation params (strings only), e.g. the moderated field and the reason. */
  params: Record<string, string>;
  /** Where it leads: a path after the language ("friends?type=received"), or null. */
  url: string | null;
  read_at: number | null;
  created_at: number;
}

/** GET /notifications: one page, unread first, then newest first. */
export interface NotificationList {
  items: NotificationItem[];
  page: number;
  page_size: number;
  total: number;
  unread: number;
}

/** GET /notifications/summary: the bell (at most NOTIFICATION_BELL_MAX, newest first) and the unread count. */
export interface NotificationSummary {
  unread: number;
  latest: NotificationItem[];
}

/** The answer to mark read/unread, mark all read and delete. */
export interface NotificationChange {
  unread: number;
  changed: number;
}

export const NOTIFICATION_ERRORS = {
  notFound: "exception.notifications.not_found",
} as const;

/** GET /notifications: a page; `filter=unread` keeps the unread ones only. */
export const notificationListQuerySchema = v.strictObject(
  { page: pageQueryParam, filter: v.optional(v.picklist(["all", "unread"] as const, "validation.invalid"), "all") },
  "validation.invalid",
);
export type NotificationListQuery = v.InferOutput<typeof notificationListQuerySchema>;

/** PUT /notifications/{id}/read: read (true) or unread again (false). */
export const notificationReadSchema = v.object({ read: v.boolean("validation.invalid") }, "validation.required");

// --- announcements (spec section 7 "definitions": GET announcement list with lang) -----------------------------

export const ANNOUNCEMENT_SEVERITIES = ["info", "warning", "critical"] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];
/** The most the bar shows at a time (newest and most severe first). */
export const ANNOUNCEMENTS_SHOWN_MAX = 3;
export const ANNOUNCEMENT_TEXT_MAX = 500;

export interface AnnouncementItem {
  id: number;
  severity: AnnouncementSeverity;
  /** In the requested language, falling back to German (the site's first language). */
  text: string;
  url: string | null;
  starts_at: number;
  ends_at: number | null;
}

export interface AnnouncementList {
  items: AnnouncementItem[];
}

/** GET /definitions/announcements?lang=de; `dismissed` ids (from a guest's cookie) are left out. */
export const announcementListQuerySchema = v.strictObject(
  {
    lang: v.optional(v.picklist(["de", "en", "es", "pl"] as const, "validation.invalid"), "de"),
    dismissed: v.optional(v.pipe(v.string("validation.invalid"), v.regex(/^\d{1,9}(,\d{1,9}){0,19}$/, "validation.invalid")), undefined),
  },
  "validation.invalid",
);

/** POST /announcements/{id}/dismiss: the signed-in member's "got it". */
export interface AnnouncementDismissed {
  id: number;
  dismissed: boolean;
}

const announcementText = v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(ANNOUNCEMENT_TEXT_MAX, "validation.invalid"));

/** POST /backoffice/announcements: German text required, the others optional (empty: German shown). */
export const announcementCreateSchema = v.object(
  {
    severity: v.picklist(ANNOUNCEMENT_SEVERITIES, "validation.invalid"),
    text_de: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(ANNOUNCEMENT_TEXT_MAX, "validation.invalid"),
    ),
    text_en: v.optional(announcementText, ""),
    text_es: v.optional(announcementText, ""),
    text_pl: v.optional(announcementText, ""),
    url: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.trim(),
        v.maxLength(200, "validation.invalid"),
        v.regex(/^([a-z0-9_\-/?=&.]*)$/i, "validation.invalid"),
      ),
      "",
    ),
    days: v.pipe(
      v.number("validation.invalid"),
      v.integer("validation.invalid"),
      v.minValue(1, "validation.invalid"),
      v.maxValue(365, "validation.invalid"),
    ),
  },
  "validation.required",
);
export type AnnouncementCreateInput = v.InferOutput<typeof announcementCreateSchema>;

// --- Web Push (ADR 044) -----------------------------------------------------------------------------------------

/** The browser's PushSubscription.toJSON(), as posted by the settings page's script. */
export const pushSubscriptionSchema = v.object(
  {
    endpoint: v.pipe(
      v.string("validation.invalid"),
      v.url("validation.invalid"),
      v.maxLength(1000, "validation.invalid"),
      v.startsWith("https://", "validation.invalid"),
    ),
    keys: v.object(
      {
        p256dh: v.pipe(v.string("validation.invalid"), v.regex(/^[A-Za-z0-9_=-]{80,100}$/, "validation.invalid")),
        auth: v.pipe(v.string("validation.invalid"), v.regex(/^[A-Za-z0-9_=-]{16,30}$/, "validation.invalid")),
      },
      "validation.invalid",
    ),
  },
  "validation.required",
);
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = v.object(
  { endpoint: v.pipe(v.string("validation.invalid"), v.maxLength(1000, "validation.invalid")) },
  "validation.required",
);

/** GET /notifications/push: whether push is offered (VAPID keys set), the public key, and the member's device count. */
export interface PushSettings {
  enabled: boolean;
  public_key: string | null;
  devices: number;
}

/** A member's devices at most; the oldest goes when a new one subscribes. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Web Push payloads must stay under 4 KB (ADR 044 keeps them far smaller). */
export const PUSH_PAYLOAD_MAX_BYTES = 3_000;

/** What the service worker receives (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

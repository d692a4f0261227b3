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
import type { NotificationStickiness } from "./notification-bell";
import { parseWallTime } from "./calendar";
import type { Language } from "./locales";
import { pageQueryParam } from "./paging";
import type { NotificationKind } from "./settings";

/** Spec section 4: what a notification asks of the member. */
export const NOTIFICATION_CONTENT_TYPES = ["request", "info", "alert"] as const;
export type NotificationContentType = (typeof NOTIFICATION_CONTENT_TYPES)[number];

// How long a popup stays lives beside the bell's numbers, without valibot: the popups' plain script reads it (ADR 065).
export { NOTIFICATION_STICKINESS, STICKINESS_MS, type NotificationStickiness } from "./notification-bell";

/** Spec section 9: the notifications page, and the bell (at most 8, of which 1 highlighted). */
export const NOTIFICATION_PAGE_SIZE = 20;
// The bell's numbers live in a module without valibot, so the header of every hydrated page stays small (ADR 050).
export { NOTIFICATION_BELL_HIGHLIGHTED, NOTIFICATION_BELL_MAX } from "./notification-bell";
/** Read notifications older than this are pruned; unread ones stay until read or deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/**
 * What happened: the vocabulary both tiers share (the web tier renders `bell.events.<event>`). Each event's preference
 * kind, content type, popup and texts are declared by the module that sends it, in its manifest (ADR 044, 064).
 */
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
  "tip_received",
  "gift_received",
  "promotion_accepted",
  "promotion_rejected",
  "fan_subscribed",
  "fan_renewal_failed",
  "fan_subscription_lost",
  "fan_subscription_ended",
  // Blog comments (issue 29, ADR 103): a comment on the member's post, a reply to their comment, one removed by the team.
  "blog_comment",
  "blog_comment_reply",
  "blog_comment_removed",
  // Events (issue 29, ADR 099): the team's decision to the organizer, a cancellation to every attendee.
  "event_accepted",
  "event_rejected",
  "event_cancelled",
  "event_attendance_request",
  "event_attendance_accepted",
  "event_attendance_rejected",
  "bundle_sold",
  "medium_sold",
  // KYC for payouts (issue 30 item 3, ADR 109): complete, or to be renewed (reset, expired, a confirmed AML hit).
  "kyc_complete",
  "kyc_action_needed",
  // Statements of reasons (issue 30 item 4, ADR 110): a decision that restricts the member's content, account or money.
  "statement_issued",
  // A restriction that ended because its cause went away (ADR 123): a KYC hold released.
  "statement_lifted",
  // Internal complaints (issue 30 item 4, ADR 113): the outcome, to the appellant.
  "appeal_decided",
  // Misuse (issue 30 item 4, DSA Art. 23, ADR 115): the warning first, then the suspension with its end.
  "misuse_warning",
  "misuse_suspended",
  // Live streams (issue 31, ADR 124): a creator the member follows went live, or announced a stream.
  "live_started",
  "live_scheduled",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

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

/**
 * Who sees an announcement (ADR 120): everyone (guests too), or signed-in members of a kind, or members whose plus
 * membership runs. Staff see every announcement.
 */
export const ANNOUNCEMENT_AUDIENCES = ["all", "clients", "escorts", "businesses", "plus"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_TITLE_MAX = 100;

export interface AnnouncementItem {
  id: number;
  severity: AnnouncementSeverity;
  /** A short bold lead in the requested language (German as fallback); null when the announcement has none. */
  title: string | null;
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

const announcementTitle = v.optional(
  v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(ANNOUNCEMENT_TITLE_MAX, "validation.editors.too_long")),
  "",
);

/** A wall-clock time in the operator's zone (Europe/Berlin) as `<input type="datetime-local">` sends it, or empty. */
const announcementWallTime = v.optional(
  v.pipe(
    v.string("validation.invalid"),
    v.trim(),
    v.check((input) => input === "" || parseWallTime(input) !== null, "validation.editors.time_invalid"),
  ),
  "",
);

/**
 * POST /backoffice/announcements (new) and /backoffice/announcements/{id} (edit): German text required, the others
 * optional (empty: German shown). starts_at empty: from now; ends_at empty: `days` after the start when given, else
 * until someone ends it.
 */
export const announcementCreateSchema = v.object(
  {
    severity: v.picklist(ANNOUNCEMENT_SEVERITIES, "validation.invalid"),
    audience: v.optional(v.picklist(ANNOUNCEMENT_AUDIENCES, "validation.invalid"), "all"),
    title_de: announcementTitle,
    title_en: announcementTitle,
    title_es: announcementTitle,
    title_pl: announcementTitle,
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
    starts_at: announcementWallTime,
    ends_at: announcementWallTime,
    days: v.optional(
      v.pipe(
        v.number("validation.invalid"),
        v.integer("validation.invalid"),
        v.minValue(1, "validation.invalid"),
        v.maxValue(365, "validation.invalid"),
      ),
    ),
  },
  "validation.required",
);
export type AnnouncementCreateInput = v.InferOutput<typeof announcementCreateSchema>;

/** One announcement as the editor lists it: every language's texts, its window and its state now. */
export interface AnnouncementEditorItem {
  id: number;
  severity: AnnouncementSeverity;
  audience: AnnouncementAudience;
  titles: Record<Language, string>;
  texts: Record<Language, string>;
  url: string;
  starts_at: number;
  ends_at: number | null;
  state: "scheduled" | "active" | "ended";
  created_at: number;
  updated_at: number | null;
}

/** GET /backoffice/announcements: scheduled, active and past ones, newest start first. */
export interface AnnouncementEditorList {
  items: AnnouncementEditorItem[];
}

// --- Web Push (ADR 044) -----------------------------------------------------------------------------------------

/**
 * The push services browsers subscribe with (ADR 057 names the source of each). The server POSTs to a subscription's
 * endpoint, so an endpoint anywhere else is refused when it is stored and never contacted when it is sent to (blind
 * SSRF). `*.name` stands for any subdomain of `name`, not `name` itself. An installation that runs its own push
 * service adds its host through `PUSH_SERVICE_HOSTS` (server/config.ts), under the same rules.
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome and the Chromium browsers (Opera, Samsung Internet, Brave, Edge outside Windows), Android.
  "fcm.googleapis.com",
  // Firefox (autopush; endpoints on updates.push.services.mozilla.com).
  "*.push.services.mozilla.com",
  // Edge on Windows: Windows Push Notification Services (wns2-….notify.windows.com).
  "*.notify.windows.com",
  // Safari on macOS and iOS (web.push.apple.com; Apple asks to allow any subdomain of push.apple.com).
  "*.push.apple.com",
] as const;

/** Why a push endpoint is refused (translated in `common`, at the field `endpoint`). */
export const PUSH_ENDPOINT_ERRORS = {
  /** Not a plain https URL on the default port without user info, or an IP address instead of a name. */
  invalid: "validation.push_endpoint.invalid",
  /** Well formed, but not on a known push service. */
  unknownService: "validation.push_endpoint.unknown_service",
} as const;

const DNS_LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** A host name pattern: a DNS name whose last label has a letter (so never an IP address), optionally `*.` before it. */
const PUSH_HOST_PATTERN = new RegExp(`^(?:\\*\\.)?(?:${DNS_LABEL}\\.)+(?=[a-z0-9-]*[a-z])${DNS_LABEL}$`);

export function isPushHostPattern(pattern: string): boolean {
  return pattern.length <= 253 && PUSH_HOST_PATTERN.test(pattern);
}

/** Whether `hostname` (lower case, as URL parsing leaves it) is on the list: exactly, or under a `*.` pattern. */
export function pushHostAllowed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) =>
    pattern.startsWith("*.") ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern,
  );
}

/**
 * The shape every push endpoint has: https, the default port, no user info, a host name rather than an IP address
 * (URL parsing turns 2130706433 and 0x7f.1 into 127.0.0.1, so a spelled-out number is caught too). Null when fine.
 */
export function pushEndpointShapeProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_ERRORS.invalid;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") return PUSH_ENDPOINT_ERRORS.invalid;
  if (url.hostname.startsWith("[") || /^[\d.]+$/.test(url.hostname)) return PUSH_ENDPOINT_ERRORS.invalid;
  return null;
}

/** The whole rule: the shape, then the host on PUSH_SERVICE_HOSTS or the installation's `extraHosts`. Null when fine. */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly string[] = []): string | null {
  const shape = pushEndpointShapeProblem(endpoint);
  if (shape) return shape;
  const { hostname } = new URL(endpoint);
  return pushHostAllowed(hostname, PUSH_SERVICE_HOSTS) || pushHostAllowed(hostname, extraHosts)
    ? null
    : PUSH_ENDPOINT_ERRORS.unknownService;
}

/** The browser's PushSubscription.toJSON(), as posted by the settings page's script. */
export const pushSubscriptionSchema = v.object(
  {
    endpoint: v.pipe(
      v.string("validation.invalid"),
      v.maxLength(1000, "validation.invalid"),
      v.check((endpoint) => pushEndpointShapeProblem(endpoint) === null, PUSH_ENDPOINT_ERRORS.invalid),
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

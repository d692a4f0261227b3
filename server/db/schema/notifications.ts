/** The notification centre, announcements and push subscriptions (migration 0040, ADR 044). Times are epoch ms (UTC). */
import type { Generated } from "kysely";
import type {
  AnnouncementAudience,
  AnnouncementSeverity,
  NotificationContentType,
  NotificationEvent,
  NotificationStickiness,
} from "../../contract/notifications";
import type { NotificationKind } from "../../contract/settings";

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event: NotificationEvent;
  kind: NotificationKind;
  content_type: NotificationContentType;
  stickiness: NotificationStickiness;
  /** Who caused it; null when hidden from the recipient (no plus) or when the account is gone. */
  actor_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  /** JSON object of string params for the translation. */
  params: Generated<string>;
  url: string | null;
  /** Aggregation: one row per member and key (e.g. "visited:42:2026-11-25"). */
  dedupe_key: string | null;
  read_at: number | null;
  created_at: number;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  severity: AnnouncementSeverity;
  text_de: string;
  text_en: string | null;
  text_es: string | null;
  text_pl: string | null;
  url: string | null;
  starts_at: number;
  ends_at: number | null;
  created_by: number | null;
  created_at: number;
  /** Migration 0104 (ADR 120): a title per language, the audience, the last edit and who ended it. */
  title_de: string | null;
  title_en: string | null;
  title_es: string | null;
  title_pl: string | null;
  audience: Generated<AnnouncementAudience>;
  updated_at: number | null;
  ended_by: number | null;
}

export interface AnnouncementDismissalsTable {
  announcement_id: number;
  user_id: number;
  dismissed_at: number;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
  last_success_at: number | null;
}

/**
 * Every job kind and its payload: the one list both the enqueuing services and the handlers
 * (server/jobs/handlers.ts) are typed against. Payloads are JSON; they carry ids, not copies of data,
 * so a job always works on the current rows.
 */
import type { NotificationEvent } from "../contract/notifications";

/** A notification's delivery outside the site: ids and the few strings needed, rendered in the member's language when sent. */
export interface NotificationJob {
  user_id: number;
  event: NotificationEvent;
  actor_id: number | null;
  url: string | null;
  /** The stored row (null when the member keeps this kind out of the bar). */
  notification_id: number | null;
}

export interface JobPayloads {
  /** Send one row of the mail outbox over SMTP (only enqueued when SMTP_URL is set). */
  "mail.deliver": { outbox_id: number };
  /** Remove the files of media rows already deleted (an account's deletion, a deleted photo). */
  "media.delete_files": { files: Array<{ storage_key: string; variant_widths: string | null }> };
  /** Encode an uploaded video into the stored MP4 and its poster (ADR 034). */
  "media.encode_video": { media_id: number };
  /** Build a member's data export (issue 10, data_privacy; ADR 032). */
  "export.build": { export_id: number };
  /** Remove a ready export's file when its download time is over (run_at = expires_at). */
  "export.expire": { export_id: number };
  /** Send one notification by Web Push to every browser the member subscribed (ADR 044). */
  "notification.push": NotificationJob;
  /** Mail one notification to the member (the kinds whose module has no mail of its own, ADR 044). */
  "notification.email": NotificationJob;
  /** Remove stored objects no row points to any more (e.g. the exports of a deleted account). */
  "storage.delete": { keys: string[] };
  /** The unread-message e-mail of one conversation for one member, 15 minutes after a message (ADR 043). */
  "mail.messenger_unread": { thread_id: number; member_id: number };
  /** Cancel a date request nobody answered by its start (ADR 046); runs at the start it was enqueued for. */
  "date.expire": { date_id: number };
  /** Remind both members of an accepted date two hours before the start it was enqueued for. */
  "date.remind": { date_id: number; starts_at: number };
  /** Tell the escort's trusted contact when no check-in came by the time set (issue 13 item 7). */
  "date.checkin_alert": { date_id: number; due_at: number };
  /** A date's review window ends (7 days after the date): publish what is still blind, tell both members (ADR 047). */
  "review_window.close": { date_id: number };
}

export type JobKind = keyof JobPayloads;

/** The live module's tables (migration 0105, issue 31, ADRs 124–126). Times epoch ms; amounts whole dollars; flags 0/1. */
import type { Generated } from "kysely";
import type {
  LiveAudience,
  LiveCategory,
  LiveChatKind,
  LiveEndReason,
  LiveIngest,
  LiveState,
  LiveViewerSanction,
  RecordingState,
  RecordingVisibility,
} from "../../contract/live";

export interface LiveStreamsTable {
  id: Generated<number>;
  creator_id: number;
  title: string;
  category: LiveCategory;
  audience: LiveAudience;
  /** Whole dollars; set only for audience `paid`. */
  price: number | null;
  ingest: LiveIngest;
  state: LiveState;
  end_reason: LiveEndReason | null;
  /** 1: a recording is kept when the stream ends. */
  record: Generated<number>;
  /** The creator's city at creation (browse filter). */
  city_id: number | null;
  scheduled_at: number | null;
  started_at: number | null;
  ended_at: number | null;
  /** The media layer's last sign of the producer; LIVE_PRODUCER_GRACE_MS after it the stream ends. */
  producer_seen_at: number | null;
  viewers: Generated<number>;
  peak_viewers: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface LiveStreamKeysTable {
  creator_id: number;
  /** SHA-256 hex of the key; the key is shown once. */
  key_hash: string;
  key_hint: string;
  created_at: number;
}

export interface LiveWatchSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  creator_id: number;
  created_at: number;
}

export interface LiveStreamAccessTable {
  id: Generated<number>;
  stream_id: number;
  member_id: number;
  /** ledger_operations.id of the payment. */
  operation_id: number;
  price: number;
  paid_at: number;
}

export interface LiveChatMessagesTable {
  id: Generated<number>;
  stream_id: number;
  /** Null for the room's own lines. */
  author_id: number | null;
  kind: LiveChatKind;
  body: string;
  tip_amount: number | null;
  anonymous: Generated<number>;
  created_at: number;
  removed_at: number | null;
  removed_by: number | null;
  /** A tip line's tips.idempotency_key (migration 0107): one line per tip, however often it is retried. */
  tip_key: Generated<string | null>;
}

export interface LiveViewerSanctionsTable {
  id: Generated<number>;
  stream_id: number;
  member_id: number;
  sanction: LiveViewerSanction;
  by_id: number;
  created_at: number;
}

export interface LiveRecordingsTable {
  id: Generated<number>;
  stream_id: number;
  creator_id: number;
  state: RecordingState;
  visibility: RecordingVisibility;
  price: number | null;
  fans_only: Generated<number>;
  /** Every file of the recording lies under this storage key prefix. */
  storage_prefix: string | null;
  duration_ms: number | null;
  size_bytes: number | null;
  created_at: number;
  ready_at: number | null;
  deleted_at: number | null;
  /** Removed by staff on a report (migration 0107): hidden from everyone but staff, files kept for an appeal. */
  removed_at: Generated<number | null>;
}

export interface LiveSuspensionsTable {
  id: Generated<number>;
  member_id: number;
  /** Null: until lifted. */
  until: number | null;
  reason: string;
  by_id: number;
  created_at: number;
  lifted_at: number | null;
}

/** A member's purchase of a priced recording (migration 0106, livecore). */
export interface LiveRecordingPurchasesTable {
  id: Generated<number>;
  recording_id: number;
  member_id: number;
  operation_id: number;
  price: number;
  paid_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    live_streams: LiveStreamsTable;
    live_stream_keys: LiveStreamKeysTable;
    live_watch_subscriptions: LiveWatchSubscriptionsTable;
    live_stream_access: LiveStreamAccessTable;
    live_chat_messages: LiveChatMessagesTable;
    live_viewer_sanctions: LiveViewerSanctionsTable;
    live_recordings: LiveRecordingsTable;
    live_suspensions: LiveSuspensionsTable;
    live_recording_purchases: LiveRecordingPurchasesTable;
  }
}

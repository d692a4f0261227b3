/** Content removal requests and moderation before publication (ADR 030). Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { Generated } from "kysely";

export interface ContentRemovalRequestsTable {
  id: Generated<number>;
  reporter_user_id: number | null;
  name: string;
  email: string;
  /** JSON array of URLs. */
  urls: string;
  reason: string;
  description: string;
  language: string;
  status: Generated<"open" | "removed" | "rejected">;
  created_at: number;
  resolved_at: number | null;
}

/** A member's proposed profile text (migration 0026): pending 0 until a team member accepts 1 or rejects 2 it. */
export interface ProfileTextChangesTable {
  id: Generated<number>;
  user_id: number;
  /** contract/moderation MODERATED_TEXT_FIELDS key. */
  field: string;
  value: string;
  status: Generated<number>;
  /** contract/moderation REJECTION_REASONS, for a refusal. */
  reason: string | null;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
}

/** The last decision on a photo (migration 0026); the photo's status column holds its state. */
export interface MediaDecisionsTable {
  media_id: number;
  user_id: number;
  status: number;
  reason: string | null;
  decided_by: number;
  decided_at: number;
}

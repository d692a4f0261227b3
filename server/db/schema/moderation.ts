/** Content removal requests. Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
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

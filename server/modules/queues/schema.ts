/** The queues module's tables (migration 0103, issue 30 item 5, ADR 119). Times epoch ms. */
import type { Generated } from "kysely";

export interface StaffClaimsTable {
  id: Generated<number>;
  /** contract/queues CLAIM_SCOPE_PATTERN: a queue's name, or `<queue>.<kind>`. */
  queue: string;
  item_id: number;
  staff_id: number;
  claimed_at: number;
  /** CLAIM_MS after the last claim or renewal; a claim past it holds nothing and the next claimer replaces it. */
  expires_at: number;
}

export interface ReviewFlagsTable {
  id: Generated<number>;
  /** contract/queues REVIEW_KINDS. */
  review_kind: string;
  review_id: number;
  author_id: number;
  /** contract/queues REVIEW_FLAG_RULES. */
  rule: string;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  /** keep or remove. */
  decision: string | null;
}

declare module "../../db/schema/index" {
  interface Database {
    staff_claims: StaffClaimsTable;
    review_flags: ReviewFlagsTable;
  }
}

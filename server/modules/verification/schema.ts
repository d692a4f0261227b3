/** The verification module's table (migration 0095, issue 30 item 2, ADR 107). Times epoch ms, booleans 0/1. */
import type { Generated } from "kysely";

export interface VerificationChecksTable {
  id: Generated<number>;
  user_id: number;
  /** contract/verification VERIFICATION_KINDS. */
  kind: string;
  /** contract/verification VERIFICATION_STATUS: 0 init, 1 pending, 2 verified, 3 rejected. */
  status: number;
  /** The webcam check's code, shown while `code_expires_at` lies ahead. */
  code: string | null;
  code_expires_at: number | null;
  /** Where its photos lie in the private storage (`verification/<random>`), null before the upload. */
  file_prefix: string | null;
  /** A document's back was sent. */
  has_back: Generated<number>;
  created_at: number;
  submitted_at: number | null;
  /** submitted_at + VERIFICATION_PENDING_MINUTES: the team's promise. */
  due_at: number | null;
  /** 1 once the overdue job found it still pending at due_at. */
  overdue: Generated<number>;
  decided_at: number | null;
  decided_by: number | null;
  /** contract/verification VERIFICATION_REJECTION_REASONS of a rejected check. */
  reason: string | null;
  /** When its photos were deleted (VERIFICATION_FILE_RETENTION_DAYS after the decision). */
  files_deleted_at: number | null;
  /** A team reset: the check counts no more (neither as attempt nor as verified). */
  reset_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    verification_checks: VerificationChecksTable;
  }
}

/** The members module's table (migration 0102, issue 30 item 5, ADR 118). Times epoch ms. */
import type { Generated } from "kysely";

export interface MemberRestrictionsTable {
  id: Generated<number>;
  user_id: number;
  /** "ban" (until lifted) or "pause" (until ends_at, or lifted earlier). */
  kind: "ban" | "pause";
  /** The staff member's reason: the audit trail's and the statement's facts. */
  reason: string;
  /** The statement of reasons written with it (statements.id). */
  statement_id: number | null;
  created_by: number | null;
  created_at: number;
  ends_at: number | null;
  /** Set when it ended: unban, unpause, the pause's end (lifted_by null: the platform). */
  lifted_at: number | null;
  lifted_by: number | null;
  /** Migration 0113: the account's status before the team's pause (restored when it ends); null for a ban. */
  previous_status: string | null;
  /** Migration 0113: why it ended early (the unpause's or the reversing appeal's reasons); null when it ran out. */
  lift_reason: string | null;
}

declare module "../../db/schema/index" {
  interface Database {
    member_restrictions: MemberRestrictionsTable;
  }
}

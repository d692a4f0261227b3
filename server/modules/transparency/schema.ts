/** The transparency tables (migration 0100, issue 30 item 4, ADRs 114, 115). Times epoch ms (UTC). */
import type { Generated } from "kysely";

export interface TransparencyReportsTable {
  id: Generated<number>;
  period: string;
  starts_at: number;
  ends_at: number;
  /** contract/transparency TransparencyCounts as JSON. */
  counts: string;
  computed_at: number;
  published_by: number | null;
}

/** A member's signed-in activity in a month (202612), written once per month on their first request. */
export interface ActiveMonthsTable {
  month: number;
  user_id: number;
}

export interface TrustedFlaggersTable {
  id: Generated<number>;
  user_id: number;
  organisation: string;
  coordinator_reference: string;
  starts_at: number;
  ends_at: number;
  created_by: number;
  created_at: number;
  revoked_at: number | null;
}

export interface MisuseActionsTable {
  id: Generated<number>;
  /** contract/transparency MisuseRule. */
  rule: string;
  /** contract/transparency MisuseAction. */
  action: string;
  user_id: number | null;
  reporter_key: string | null;
  ends_at: number | null;
  statement_id: number | null;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    transparency_reports: TransparencyReportsTable;
    active_months: ActiveMonthsTable;
    trusted_flaggers: TrustedFlaggersTable;
    misuse_actions: MisuseActionsTable;
  }
}

declare module "../../db/schema/reports" {
  interface ReportsTable {
    /** Migration 0100: the team marked this no_action decision manifestly unfounded (Art. 23(2)). */
    manifestly_unfounded: Generated<number>;
  }
}

/** The activity tracker's tables (migration 0118, issue 32 item 2, ADR 132). Times epoch ms, days YYYY-MM-DD (Berlin). */
import type { Generated } from "kysely";
import type { ActivityKind } from "../../contract/activity";

/**
 * The append-only store of raw events, kept ACTIVITY_RAW_DAYS_KEPT days: inserted many rows per statement, read only
 * by the rollup (by id after its cursor, by day), deleted by day. No foreign key: an insert checks nothing but the row.
 */
export interface ActivityEventsTable {
  id: Generated<number>;
  /** The profile acted on (its owner's user id). */
  user_id: number;
  kind: ActivityKind;
  /** The Berlin calendar day the server received it (contract/dashboard chartDayOf). */
  day: string;
  /** A keyed hash of (day, profile, visitor): counts one visitor once a day, names nobody, links no two days. */
  visitor: string;
  /** Who saw it: the browser's tracker, or the server that served the profile (a view without any script). */
  source: "browser" | "server";
  received_at: number;
}

/** Clicks per profile, day and kind (phone, website): the rollup's output beside profile_view_days. */
export interface ProfileClickDaysTable {
  user_id: number;
  day: string;
  kind: ActivityKind;
  clicks: number;
}

/** The rollup's cursor: the last raw event id it has counted. */
export interface ActivityRollupTable {
  name: string;
  last_id: number;
}

declare module "../../db/schema/index" {
  interface Database {
    activity_events: ActivityEventsTable;
    profile_click_days: ProfileClickDaysTable;
    activity_rollup: ActivityRollupTable;
  }
}

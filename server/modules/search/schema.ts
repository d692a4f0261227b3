/** The search index's change log (migration 0128, ADR 151). */
import type { Generated } from "kysely";

/** One changed search row: appended by triggers on search_profiles, read by every instance's column index, pruned by a job. */
export interface SearchProfileChangesTable {
  seq: Generated<number | string>;
  /** The user whose search row was inserted, updated or deleted; NULL: every row (a TRUNCATE). */
  user_id: number | null;
}

/** The highest seq the prune job deleted (one row, id 1). */
export interface SearchProfileChangesPrunedTable {
  id: number;
  upto: number | string;
}

declare module "../../db/schema/index" {
  interface Database {
    search_profile_changes: SearchProfileChangesTable;
    search_profile_changes_pruned: SearchProfileChangesPrunedTable;
  }
}

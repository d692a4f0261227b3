/**
 * Pruning the search index's change log (migration 0128, ADR 151). Maintenance keeps the last CHANGES_KEPT rows; an
 * instance whose index last read below the pruned range loads everything again (column-index.ts).
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";

/** Log rows kept: about a day of profile edits and logins at a million profiles, far more than any instance lags. */
export const CHANGES_KEPT = 200_000;

/** Deletes the log rows older than the last `kept`; answers how many went. */
export async function pruneSearchProfileChanges(deps: Pick<ApiDeps, "db">, kept = CHANGES_KEPT): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const top = await trx
      .selectFrom("search_profile_changes")
      .select(sql<number | string | null>`max(seq)`.as("top"))
      .executeTakeFirst();
    const upto = Number(top?.top ?? 0) - kept;
    if (upto <= 0) return 0;
    const deleted = await trx.deleteFrom("search_profile_changes").where("seq", "<=", upto).executeTakeFirst();
    // Recorded in the same transaction: no reader sees the rows gone without the mark.
    await trx.updateTable("search_profile_changes_pruned").set({ upto }).where("id", "=", 1).where("upto", "<", upto).execute();
    return Number(deleted.numDeletedRows);
  });
}

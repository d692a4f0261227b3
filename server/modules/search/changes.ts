/**
 * Pruning the search index's change log (migration 0128, ADR 151). Maintenance keeps the last CHANGES_KEPT rows; an
 * instance whose index last read below the pruned range loads everything again (column-index.ts).
 */
import { sql, type Kysely } from "kysely";
import type { ApiDeps } from "../../api/types";
import { createSearchProfileChangeTriggers, dropSearchProfileChangeTriggers } from "./migrations/0128_search_profile_changes";
import { createTraitChangeTriggers, dropTraitChangeTriggers } from "./migrations/0131_search_trait_changes";

/** Log rows kept: about a day of profile edits and logins at a million profiles, far more than any instance lags. */
export const CHANGES_KEPT = 200_000;
/**
 * Rows deleted per transaction (ADR 164). A bulk load logs every row it writes (the 1M seed left 9.4 million): one
 * DELETE of them all would hold SQLite's writer, and the process's event loop with it, for the whole delete.
 */
export const PRUNE_BATCH = 20_000;

/** Deletes the log rows older than the last `kept`, `batch` at a time; answers how many went. */
export async function pruneSearchProfileChanges(deps: Pick<ApiDeps, "db">, kept = CHANGES_KEPT, batch = PRUNE_BATCH): Promise<number> {
  const bounds = await deps.db
    .selectFrom("search_profile_changes")
    .select([sql<number | string | null>`min(seq)`.as("low"), sql<number | string | null>`max(seq)`.as("top")])
    .executeTakeFirst();
  const target = Number(bounds?.top ?? 0) - kept;
  let done = Number(bounds?.low ?? 1) - 1;
  let deleted = 0;
  while (done < target) {
    const upto = Math.min(done + batch, target);
    deleted += await deps.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom("search_profile_changes").where("seq", "<=", upto).executeTakeFirst();
      // Recorded in the same transaction: no reader sees the rows gone without the mark.
      await trx.updateTable("search_profile_changes_pruned").set({ upto }).where("id", "=", 1).where("upto", "<", upto).execute();
      return Number(gone.numDeletedRows);
    });
    done = upto;
    // Between batches the process serves its requests (SQLite's driver runs each statement on the event loop).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/**
 * Runs a bulk write (the seed) with the log's triggers off and logs it as one row, user_id NULL ("everything changed"),
 * afterwards — after a failure too: every index loads again once instead of reading a log row per written row (a 1M
 * seed left 9.4 million for the prune to delete; ADR 170).
 */
export async function loggedAsOneChange<T>(deps: Pick<ApiDeps, "db" | "dialect">, write: () => Promise<T>): Promise<T> {
  const raw = deps.db as unknown as Kysely<unknown>;
  await dropSearchProfileChangeTriggers(deps.dialect, raw);
  await dropTraitChangeTriggers(deps.dialect, raw);
  try {
    return await write();
  } finally {
    await createSearchProfileChangeTriggers(deps.dialect, raw);
    await createTraitChangeTriggers(deps.dialect, raw);
    await deps.db.insertInto("search_profile_changes").values({ user_id: null }).execute();
  }
}

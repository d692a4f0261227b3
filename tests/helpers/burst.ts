/**
 * "N requests at once" against a limit: fires the calls together, then counts what they created. A limit that
 * counts rows before it inserts must let exactly the allowance through however the requests interleave (on
 * PostgreSQL they really run side by side: the test pool has four connections).
 */

/** What a burst did: the rows it added (counted after minus before) and how many answers had each status. */
export interface BurstOutcome {
  created: number;
  statuses: Record<number, number>;
}

/** 20 parallel requests: more than the pool's connections and more than any limit tested with it. */
export const BURST_SIZE = 20;

/**
 * Calls `call(0)` … `call(times - 1)` at once and answers the number of rows `count` grew by and the statuses
 * tallied, so a test states the whole outcome in one assertion, e.g. `{ created: 5, statuses: { 200: 5, 429: 15 } }`
 * (a 5xx among the statuses fails it too).
 */
export async function burst(
  call: (i: number) => Promise<{ status: number }>,
  count: () => Promise<number>,
  times: number = BURST_SIZE,
): Promise<BurstOutcome> {
  const before = await count();
  const answers = await Promise.all(Array.from({ length: times }, (_, i) => call(i)));
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return { created: (await count()) - before, statuses };
}

/** Path parameters shared by every module. */
import { fail } from "./errors";

/** The largest id a row can have: PostgreSQL's `integer` (ids are serial there), and SQLite's rowids stay below it. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id from the path: a positive integer that fits the id column, else it names nothing and the
 * answer is 404 like a missing row (a larger number would make PostgreSQL fail the query: a 500).
 */
export function rowIdParam(raw: string | undefined, notFoundKey?: string): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw fail.notFound(notFoundKey);
  return Number(raw);
}

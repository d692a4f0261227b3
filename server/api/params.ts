/** Path parameters shared by every module. */
import { parseRowId } from "../contract/row-id";
import { fail } from "./errors";

/**
 * A row id from the path: a positive integer that fits the id column, else it names nothing and the
 * answer is 404 like a missing row (a larger number would make PostgreSQL fail the query: a 500).
 */
export function rowIdParam(raw: string | undefined, notFoundKey?: string): number {
  const id = parseRowId(raw);
  if (id === null) throw fail.notFound(notFoundKey);
  return id;
}

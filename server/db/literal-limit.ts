/**
 * A LIMIT written into the SQL text instead of bound as a parameter (ADR 173). SQLite (3.53, as better-sqlite3 ships
 * it) plans with the value of a bound LIMIT, so binding that parameter marks the statement to be prepared again — and
 * better-sqlite3 binds every parameter on every run: a list's statement was compiled anew on each page (60–100 µs per
 * statement on the bench machine, against 5–12 µs with the number in the text). A bound OFFSET has no such cost.
 * Only for a count the code chose or the contract bounds: each distinct count is a statement text of its own.
 */
import { sql, type RawBuilder } from "kysely";

export function literalLimit(count: number): RawBuilder<number> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return sql.lit(count);
}

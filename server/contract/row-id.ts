/** Row ids as both tiers read them from a path, a query or a form: one rule for the API and the web tier. */

/** The largest id a row can have: PostgreSQL's `integer` (ids are serial there), and SQLite's rowids stay below it. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as text: a positive decimal integer without sign or leading zero, at most ten digits (so that
 * Number() reads it exactly; MAX_ROW_ID bounds it further where the id goes into a query).
 */
export const ROW_ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A cursor that may also be 0: "after nothing yet", the start of a conversation. */
export const ROW_ID_OR_ZERO_PATTERN = /^(0|[1-9]\d{0,9})$/;

/** The id the text names, or null when it can name no row (not a row id, or past MAX_ROW_ID). */
export function parseRowId(raw: string | null | undefined): number | null {
  return raw && ROW_ID_PATTERN.test(raw) && Number(raw) <= MAX_ROW_ID ? Number(raw) : null;
}

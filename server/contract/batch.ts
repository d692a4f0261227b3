/** Answers of POST /api/v2/batch (spec section 7): several named calls in one round trip. */

/** One call's result: its own status and body (the envelope that call would have answered on its own). */
export interface BatchResult {
  status: number;
  /** The call's JSON answer; a text answer as text, an empty one as null. */
  body: unknown;
}

/** The results by the names the caller gave its calls (the names are the caller's: never camelized). */
export type BatchResults = Record<string, BatchResult>;

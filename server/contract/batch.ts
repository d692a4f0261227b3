/** POST /api/v2/batch (spec section 7): several named calls in one round trip — the request's rules and the answers. */
import * as v from "valibot";

/** One call's result: its own status and body (the envelope that call would have answered on its own). */
export interface BatchResult {
  status: number;
  /** The call's JSON answer; a text answer as text, an empty one as null. */
  body: unknown;
}

/** The results by the names the caller gave its calls (the names are the caller's: never camelized). */
export type BatchResults = Record<string, BatchResult>;

export const BATCH_MAX_CALLS = 20;

/**
 * Whether a call may target `path`. Judged on the path as the router will see
 * it (percent-decoded; dot segments would be resolved by URL parsing), so
 * neither "/api/v2/x/../batch" nor "/api/v2/%62atch" reaches /batch again:
 * a nested batch would multiply one request into 20^n.
 */
export function isBatchablePath(path: string): boolean {
  if (!/^\/api\/v2\/[\w\-.~%/]+$/.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const segments = decoded.split("/").slice(1);
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\\"))) return false;
  return !/^\/api\/v2\/batch(\/|$)/i.test(decoded);
}

const callSchema = v.object(
  {
    method: v.optional(v.picklist(["GET", "POST", "PUT", "PATCH", "DELETE"], "validation.batch.method"), "GET"),
    path: v.pipe(
      v.string("validation.required"),
      v.maxLength(2048, "validation.batch.path"),
      v.check(isBatchablePath, "validation.batch.path"),
    ),
    params: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.array(v.union([v.string(), v.number()]))]))),
    body: v.optional(v.unknown()),
  },
  "validation.required",
);

export const batchSchema = v.object(
  {
    requests: v.pipe(
      // valibot's record takes arrays too (names "0", "1", …); calls must be named.
      v.custom<Record<string, unknown>>(
        (input) => typeof input === "object" && input !== null && !Array.isArray(input),
        "validation.required",
      ),
      v.record(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, "validation.batch.name")), callSchema, "validation.required"),
      v.check((calls) => Object.keys(calls).length >= 1 && Object.keys(calls).length <= BATCH_MAX_CALLS, "validation.batch.size"),
    ),
  },
  "validation.required",
);

import type { Context } from "hono";
import type { ErrorItem } from "../contract/errors";
import { DEFAULT_ERROR_KEY } from "../contract/errors";

/** A failure the API answers in the spec's error shape; never a stack trace. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ErrorItem[],
    /** Extra top-level fields, e.g. OAuth's `error`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(items[0]?.title ?? DEFAULT_ERROR_KEY);
  }
}

export function errorItem(status: number, key: string, source?: string, params?: Record<string, string | number>): ErrorItem {
  return { code: status, title: key, message: key, key, ...(source ? { source } : {}), ...(params ? { params } : {}) };
}

export const fail = {
  badRequest: (key: string, source?: string) => new ApiError(400, [errorItem(400, key, source)]),
  unauthorized: (key = "exception.common.unauthorized") => new ApiError(401, [errorItem(401, key)]),
  forbidden: (key = "exception.common.forbidden") => new ApiError(403, [errorItem(403, key)]),
  notFound: (key = "exception.common.not_found") => new ApiError(404, [errorItem(404, key)]),
  conflict: (key: string, source?: string) => new ApiError(409, [errorItem(409, key, source)]),
  tooMany: (key: string, source?: string) => new ApiError(429, [errorItem(429, key, source)]),
};

/**
 * A JSON answer with its Content-Length. Knowing the length, the host's compression leaves a small answer as it is
 * instead of piping it through a brotli stream of its own (ADR 048; for error answers ADR 054: a refusal under load
 * must stay cheap).
 */
export function jsonAnswer(c: Context, body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return jsonTextAnswer(c, JSON.stringify(body), status, headers);
}

/** jsonAnswer for JSON already serialized (`ok()` keeps the text for in-process callers). */
export function jsonTextAnswer(c: Context, json: string, status: number, headers: Record<string, string> = {}): Response {
  return c.body(json, status as 200, { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(json)) });
}

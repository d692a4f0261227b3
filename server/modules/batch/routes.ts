/**
 * POST /api/v2/batch: several named calls in one round trip, run in parallel
 * through the same API (same auth, same rules). Each result is reported under
 * its name with its own status, so one failure does not fail the others.
 */
import * as v from "valibot";
import { fail } from "../../api/errors";
import { internalRequest, responseText } from "../../api/internal-call";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import type { BatchResult, BatchResults } from "../../contract/batch";

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

const batchSchema = v.object(
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

export function registerBatch({ v2, dispatch }: ModuleContext): void {
  v2.add(
    {
      method: "post",
      path: "/batch",
      response: "BatchResults",
      summary: `Run up to ${BATCH_MAX_CALLS} named API calls in parallel; results per name.`,
      tag: "batch",
      auth: "optional",
      body: batchSchema,
    },
    async (c, { body }) => {
      // Second guard behind the path rule: a call dispatched by a batch never runs a batch.
      if (c.env?.inBatch) throw fail.badRequest("validation.batch.path", "path");
      const origin = new URL(c.req.url).origin;
      const headers = new Headers();
      // user-agent: the profile view counter tells crawlers from people by it (ADR 033).
      for (const name of ["authorization", "accept-language", "x-forwarded-for", "x-km-ff", "user-agent"]) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      const entries = await Promise.all(
        Object.entries(body.requests).map(async ([name, call]) => {
          const url = new URL(call.path, origin);
          for (const [key, value] of Object.entries(call.params ?? {})) {
            for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
          }
          const callHeaders = new Headers(headers);
          let callBody: string | undefined;
          if (call.method !== "GET" && call.body !== undefined) {
            callHeaders.set("content-type", "application/json");
            callBody = JSON.stringify(call.body);
          }
          // In process, the cheap way (ADR 053): same routes and answers as a Request from the network.
          const request = internalRequest({ url: url.href, method: call.method, headers: callHeaders, body: callBody });
          const response = await dispatch(request, { ...c.env, inBatch: true });
          const text = await responseText(response);
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          const result: BatchResult = { status: response.status, body: parsed };
          return [name, result] as const;
        }),
      );
      const results: BatchResults = Object.fromEntries(entries);
      return ok(c, results);
    },
  );
}

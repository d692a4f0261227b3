/**
 * POST /api/v2/batch: several named calls in one round trip, run in parallel
 * through the same API (same auth, same rules). Each result is reported under
 * its name with its own status, so one failure does not fail the others.
 */
import { fail } from "../../api/errors";
import { internalRequest, responseText } from "../../api/internal-call";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { BATCH_MAX_CALLS, type BatchResult, type BatchResults } from "../../contract/batch";
import { batchOps } from "../../contract/operations/batch";

export function registerBatch({ v2, dispatch }: ModuleContext): void {
  v2.add(
    batchOps.batch,
    {
      summary: `Run up to ${BATCH_MAX_CALLS} named API calls in parallel; results per name.`,
      tag: "batch",
      auth: "optional",
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

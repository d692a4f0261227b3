/** HTTP of the activity tracker (ADR 132): the browser's batches, newline-separated JSON, maybe gzip (g=1). */
import { promisify } from "node:util";
import { gunzip, gunzipSync } from "node:zlib";
import type { Context } from "hono";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import type { ApiEnv } from "../../api/types";
import { ACTIVITY_BODY_MAX_BYTES, ACTIVITY_CONTENT_TYPES, ACTIVITY_INFLATED_MAX_BYTES, doNotTrack } from "../../contract/activity";
import { activityOps } from "../../contract/operations/activity";
import { ingestActivity, overActivityRate, type ActivityVisitor, type IngestOutcome } from "./service";

const inflate = promisify(gunzip);
/** Gzip bodies up to this size are inflated on the request's own turn (at most ACTIVITY_INFLATED_MAX_BYTES out). */
const INFLATE_IN_PLACE_MAX_BYTES = 4 * 1024;
const tooLarge = () => new ApiError(413, [errorItem(413, "validation.malformed_body")]);

/** The body's bytes, refused with 413 as soon as they pass `max` (a missing or false Content-Length proves nothing). */
async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A gzip body inflated at most to the cap: zlib stops writing at maxOutputLength and fails, so a bomb (a few KB that
 * inflate to gigabytes) costs ACTIVITY_INFLATED_MAX_BYTES of memory and is answered 413. Not gzip at all: 400.
 */
async function inflateCapped(bytes: Buffer): Promise<Buffer> {
  try {
    // The browser's batches are a few hundred bytes: inflating them here costs less than the thread pool's round trip.
    if (bytes.byteLength <= INFLATE_IN_PLACE_MAX_BYTES) return gunzipSync(bytes, { maxOutputLength: ACTIVITY_INFLATED_MAX_BYTES });
    return await inflate(bytes, { maxOutputLength: ACTIVITY_INFLATED_MAX_BYTES });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge();
    throw fail.badRequest("validation.malformed_body");
  }
}

function answer(c: Context<ApiEnv>, outcome: IngestOutcome): Response {
  // The counts for whoever debugs the tracker; the browser posts no-cors and never reads them.
  return c.body(null, 204, {
    "Cache-Control": "no-store",
    "X-Activity-Accepted": String(outcome.accepted),
    "X-Activity-Rejected": String(outcome.rejected),
  });
}

export function registerActivity({ v2, deps }: ModuleContext): void {
  v2.add(
    activityOps.ingest,
    {
      summary:
        "The activity tracker's batch: one JSON event a line (text/plain or application/x-ndjson), gzip when g=1. Malformed lines are refused one by one, the rest stored; 204 with X-Activity-Accepted and X-Activity-Rejected. The member comes from the token, never from the body; nothing is stored without the member's consent or with DNT/Sec-GPC. 413 past the size caps (also while inflating), 415 for another content type, 429 past the visitor's rate.",
      tag: "activity",
      auth: "optional",
      statuses: [204, 413, 415, 429],
      maxBodyBytes: ACTIVITY_BODY_MAX_BYTES,
      streamsBody: true,
    },
    async (c, { query, user }) => {
      if (doNotTrack({ get: (name) => c.req.header(name) })) {
        await c.req.raw.body?.cancel();
        return answer(c, { accepted: 0, rejected: 0 });
      }
      const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(ACTIVITY_CONTENT_TYPES as readonly string[]).includes(type))
        throw new ApiError(415, [errorItem(415, "validation.malformed_body")]);
      const visitor: ActivityVisitor = {
        userId: user?.id ?? null,
        userType: user?.userType ?? 0,
        ip: c.get("clientIp"),
        userAgent: c.req.header("user-agent") ?? "",
      };
      if (overActivityRate(deps, visitor)) throw fail.tooMany("exception.activity.too_many");
      const sent = await readCapped(c.req.raw.body, ACTIVITY_BODY_MAX_BYTES);
      const bytes = query.g === "1" ? await inflateCapped(sent) : sent;
      const outcome = await ingestActivity(deps, visitor, bytes.toString("utf8"));
      if (outcome.rejected > 0) c.get("log").debug({ ...outcome }, "activity lines refused");
      return answer(c, outcome);
    },
  );
}

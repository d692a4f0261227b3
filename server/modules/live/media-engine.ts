/**
 * Creates the live-video engine for an API instance on first use and wires what it sees back into the stream's life
 * (lifecycle.ts): the producer's packets keep producer_seen_at fresh (the 60-s rule ends a stream whose media
 * stopped), viewer counts reach the browse page. RTMP publishes are admitted by their stream key here.
 */
import type { ApiDeps } from "../../api/types";
import { LIVE_STREAM_KEY_PATTERN } from "../../contract/live-media";
import { createLiveVideoEngine, type LiveVideoEngine } from "../../integrations/live-video/index";
import { sha256 } from "../../lib/crypto";
import { goneOnAir, producerSeen, setViewers } from "./lifecycle";
import { rememberEngine, runningEngine } from "./media-engine-registry";

export function engineOf(deps: ApiDeps): LiveVideoEngine {
  let engine = runningEngine(deps);
  if (!engine) {
    engine = createLiveVideoEngine(deps.config.liveVideo, {
      producerSeen: (streamId) => producerSeen(deps, streamId),
      viewers: (streamId, count) => setViewers(deps, streamId, count),
      log: (level, message, fields) => deps.log[level](fields ?? {}, message),
    });
    rememberEngine(deps, engine);
  }
  return engine;
}

/** Whether the creator's live access is suspended by staff now (live_suspensions, ADR 126). */
async function suspended(deps: ApiDeps, creatorId: number): Promise<boolean> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom("live_suspensions")
    .select("id")
    .where("member_id", "=", creatorId)
    .where("lifted_at", "is", null)
    .where((eb) => eb.or([eb("until", "is", null), eb("until", ">", now)]))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * An RTMP publish's key → the stream it feeds: the creator's live RTMP stream, or else their newest scheduled one,
 * which goes live now. Null (the connection is dropped) for an unknown key, a suspended creator or no such stream.
 */
export async function authorizeRtmpKey(deps: ApiDeps, key: string): Promise<{ streamId: number; record: boolean } | null> {
  if (!LIVE_STREAM_KEY_PATTERN.test(key)) return null;
  const owner = await deps.db.selectFrom("live_stream_keys").select("creator_id").where("key_hash", "=", sha256(key)).executeTakeFirst();
  if (!owner || (await suspended(deps, owner.creator_id))) return null;
  const creator = await deps.db.selectFrom("users").select("status").where("id", "=", owner.creator_id).executeTakeFirst();
  if (creator?.status !== "active") return null;
  const streams = await deps.db
    .selectFrom("live_streams")
    .select(["id", "state", "record"])
    .where("creator_id", "=", owner.creator_id)
    .where("ingest", "=", "rtmp")
    .where("state", "in", ["live", "scheduled"])
    .orderBy("id", "desc")
    .execute();
  const stream = streams.find((row) => row.state === "live") ?? streams[0];
  if (!stream) return null;
  const now = deps.clock.now();
  if (stream.state === "scheduled") {
    try {
      // As the start form: the producer check and the subscribers' notice come with going on air (lifecycle).
      const started = await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable("live_streams")
          .set({ state: "live", started_at: now, producer_seen_at: now, updated_at: now })
          .where("id", "=", stream.id)
          .where("state", "=", "scheduled")
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        await goneOnAir(deps, trx, stream.id, now);
        return true;
      });
      if (!started) return null;
    } catch {
      // The one-live-stream index: the creator is live with another (browser) stream.
      return null;
    }
  } else {
    await producerSeen(deps, stream.id);
  }
  return { streamId: stream.id, record: stream.record === 1 };
}

/** Starts the RTMP ingest when the installation enables it (LIVE_RTMP_PORT), or on `port` (tests: 0 for a free one). */
export async function startRtmpIngest(deps: ApiDeps, port?: number): Promise<number> {
  const engine = engineOf(deps);
  await engine.startRtmp((key) => authorizeRtmpKey(deps, key), port);
  return engine.rtmpPort();
}

/**
 * A stream's life as the other parts see it (ADR 124): the media part reports the producer and the viewers, the chat
 * part and staff end streams. Owned by the streams part; the foundation gives the first versions.
 */
import type { ApiDeps } from "../../api/types";
import { LIVE_PRODUCER_GRACE_MS, type LiveEndReason } from "../../contract/live";
import type { Database } from "../../db/schema/index";
import { enqueueJob } from "../../jobs/queue";
import { stopLiveMedia } from "./media";
import type { Kysely } from "kysely";

/** Ends a live or scheduled stream once (a second call changes nothing) and stops its media. */
export async function endStream(deps: ApiDeps, streamId: number, reason: LiveEndReason): Promise<boolean> {
  const now = deps.clock.now();
  const ended = await deps.db
    .updateTable("live_streams")
    .set({ state: "ended", end_reason: reason, ended_at: now, updated_at: now, viewers: 0 })
    .where("id", "=", streamId)
    .where("state", "in", ["scheduled", "live"])
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) === 0) return false;
  const row = await deps.db.selectFrom("live_streams").select("record").where("id", "=", streamId).executeTakeFirstOrThrow();
  await stopLiveMedia(deps, streamId, { keepRecording: row.record === 1 });
  return true;
}

/** The media layer saw the producer now (packets or a heartbeat). */
export async function producerSeen(deps: ApiDeps, streamId: number): Promise<void> {
  await deps.db
    .updateTable("live_streams")
    .set({ producer_seen_at: deps.clock.now() })
    .where("id", "=", streamId)
    .where("state", "=", "live")
    .execute();
}

/** The media layer's viewer count for the stream now; the peak follows. */
export async function setViewers(deps: ApiDeps, streamId: number, viewers: number): Promise<void> {
  const row = await deps.db.selectFrom("live_streams").select("peak_viewers").where("id", "=", streamId).executeTakeFirst();
  if (!row) return;
  await deps.db
    .updateTable("live_streams")
    .set({ viewers, peak_viewers: Math.max(row.peak_viewers, viewers) })
    .where("id", "=", streamId)
    .where("state", "=", "live")
    .execute();
}

/**
 * A stream just went on air (from the start form, the go-live-now form or an RTMP publish), in the transaction that
 * set it live: the producer check comes LIVE_PRODUCER_GRACE_MS later (a stream that never gets media ends), and the
 * creator's watch subscribers are told once.
 */
export async function goneOnAir(deps: ApiDeps, db: Kysely<Database>, streamId: number, startedAt: number): Promise<void> {
  await enqueueJob(db, deps.clock, "live.check_producer", { stream_id: streamId }, { runAt: startedAt + LIVE_PRODUCER_GRACE_MS });
  await enqueueJob(
    db,
    deps.clock,
    "live.notify_subscribers",
    { stream_id: streamId, event: "live_started" },
    { key: `live-started:${streamId}` },
  );
}

/**
 * The job `live.recording_remux` (ADR 125): a kept recording's HLS segments become one MP4 (`-c copy`), stored through
 * the storage port under live_recordings.storage_prefix; the row becomes ready with duration and size, or failed when
 * no playable video arrived. The working folder is removed either way once the outcome is written.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { ApiDeps } from "../../api/types";
import { recordingSegments, remuxRecording } from "../../integrations/live-video/index";
import { liveStorageOf } from "./live-storage";
import { RECORDING_FILE } from "./media";

export async function runRecordingRemux(deps: ApiDeps, recordingId: number): Promise<void> {
  const recording = await deps.db.selectFrom("live_recordings").selectAll().where("id", "=", recordingId).executeTakeFirst();
  if (!recording || recording.state !== "processing") return;
  const dir = join(deps.config.liveVideo.dir, String(recording.stream_id));
  const segments = recordingSegments(join(dir, "hls"));
  const remuxed = segments.length > 0 ? await remuxRecording(segments, join(dir, RECORDING_FILE)) : null;
  const now = deps.clock.now();
  if (!remuxed) {
    await deps.db
      .updateTable("live_recordings")
      .set({ state: "failed" })
      .where("id", "=", recordingId)
      .where("state", "=", "processing")
      .execute();
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const name = randomBytes(16).toString("hex");
  const prefix = `live/${name.slice(0, 2)}/${name}`;
  await liveStorageOf(deps).putFile(`${prefix}/${RECORDING_FILE}`, remuxed.path, { contentType: "video/mp4" });
  const updated = await deps.db
    .updateTable("live_recordings")
    .set({ state: "ready", storage_prefix: prefix, duration_ms: remuxed.durationMs, size_bytes: remuxed.sizeBytes, ready_at: now })
    .where("id", "=", recordingId)
    .where("state", "=", "processing")
    .executeTakeFirst();
  // Deleted while the job ran: the stored file goes too.
  if (Number(updated.numUpdatedRows) === 0) await liveStorageOf(deps).delete(`${prefix}/${RECORDING_FILE}`);
  rmSync(dir, { recursive: true, force: true });
}

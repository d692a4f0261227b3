/**
 * Video uploads (issue 10 item 3, ADR 034): the upload is checked by content (ffprobe), stored as a
 * private source and encoded by the `media.encode_video` job into an H.264/AAC MP4 and a poster whose
 * photo variants make it look like any other gallery item. Status: encoding 3 from the upload until the
 * job is done, then pending 0 for the team (ADR 030), accepted 1 or rejected 2 by their decision; a
 * file ffmpeg cannot encode after every retry ends rejected (2) without a team decision.
 */
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_KIND, MEDIA_STATUS, type MediaVisibility } from "../../contract/media";
import type { OwnMediaItem } from "../../contract/media-gallery";
import { uploadVisibilitiesFor } from "../../contract/media-upload";
import {
  VIDEO_CONTAINERS,
  VIDEO_MAX_DIMENSION,
  VIDEO_MAX_DURATION_MS,
  VIDEO_MIN_DURATION_MS,
  VIDEO_UPLOADS_PER_DAY,
  VIDEO_VARIANT,
} from "../../contract/media-video";
import { outputSize, probeVideo, transcodeVideo, ENCODE_TIMEOUT_MS } from "../../integrations/video/ffmpeg";
import { enqueueJob, type JobContext, type JobHandler } from "../../jobs/queue";
import { isOverLimit, recordHit, type Window } from "../../lib/rate-limit";
import { galleryItem } from "./gallery";
import type { ReceivedFile } from "./multipart";
import { newStorageKey, storageOf, storeVariants, uploadLimited } from "./service";
import { renderVariants } from "./variants";

/** The private upload, kept until the encode succeeded; never served (no variant name reaches it). */
export const VIDEO_SOURCE_FILE = "source";
/** Tries before a video counts as unreadable: ffmpeg either reads a file or does not. */
const ENCODE_ATTEMPTS = 3;

const DAY = 24 * 60 * 60 * 1000;
const videoWindow = (userId: number): Window => ({ bucket: `media-video:${userId}`, windowMs: DAY, limit: VIDEO_UPLOADS_PER_DAY });

const limited = (deps: ApiDeps, window: Window, now: number) => uploadLimited(deps, window, now, "exception.media.video_limit");

/** Refuses a member at the daily limit before the body is read. */
export async function assertVideoUploadAllowed(deps: ApiDeps, userId: number): Promise<void> {
  const window = videoWindow(userId);
  const now = deps.clock.now();
  if (await isOverLimit(deps.db, now, window)) throw await limited(deps, window, now);
}

const invalid = (key: string) => new ApiError(400, [errorItem(400, key, "file")]);

/** Checks the file, stores it privately and enqueues its encoding; answers the new gallery item (encoding 3). */
export async function uploadVideo(
  deps: ApiDeps,
  user: { id: number; userType: number },
  file: ReceivedFile,
  visibility: MediaVisibility,
): Promise<OwnMediaItem> {
  if (!uploadVisibilitiesFor(user.userType).includes(visibility)) throw fail.badRequest("validation.invalid", "visibility");
  const probe = await probeVideo(file.path);
  if (!probe || !(VIDEO_CONTAINERS as readonly string[]).includes(probe.container)) throw invalid("validation.video.invalid_type");
  if (probe.durationMs < VIDEO_MIN_DURATION_MS) throw invalid("validation.video.too_short");
  if (probe.durationMs > VIDEO_MAX_DURATION_MS) throw invalid("validation.video.too_long");
  if (Math.max(probe.width, probe.height) > VIDEO_MAX_DIMENSION) throw invalid("validation.video.too_large_dimensions");
  const window = videoWindow(user.id);
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, window)) > window.limit) throw await limited(deps, window, now);

  const key = newStorageKey();
  const storage = storageOf(deps);
  await storage.putFile(`${key}/${VIDEO_SOURCE_FILE}`, file.path, { contentType: "application/octet-stream" });
  const size = outputSize(probe.width, probe.height);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("media")
        .select(({ fn }) => fn.max<number | null>("position").as("position"))
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      const row = await trx
        .insertInto("media")
        .values({
          user_id: user.id,
          kind: MEDIA_KIND.video,
          visibility,
          status: MEDIA_STATUS.encoding,
          storage_key: key,
          mime_type: "video/mp4",
          width: size.width,
          height: size.height,
          variant_widths: null,
          bytes: file.bytes,
          duration_ms: probe.durationMs,
          position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
          is_avatar: 0,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, deps.clock, "media.encode_video", { media_id: row.id }, { maxAttempts: ENCODE_ATTEMPTS });
      return row.id;
    });
    return await galleryItem(deps, user.id, id);
  } catch (err) {
    await storage.delete(`${key}/${VIDEO_SOURCE_FILE}`).catch(() => undefined);
    throw err;
  }
}

async function download(stream: ReadableStream<Uint8Array>, path: string): Promise<void> {
  await pipeline(Readable.fromWeb(stream as NodeReadableStream<Uint8Array>), createWriteStream(path));
}

/**
 * The `media.encode_video` job. Idempotent: a row no longer encoding (done, deleted, or decided) is left
 * alone; files of a half-finished earlier run are overwritten under the same keys.
 */
export async function encodeVideo(deps: ApiDeps, mediaId: number, context: JobContext): Promise<void> {
  const row = await deps.db
    .selectFrom("media")
    .select(["id", "storage_key", "status", "kind"])
    .where("id", "=", mediaId)
    .executeTakeFirst();
  if (!row || row.kind !== MEDIA_KIND.video || row.status !== MEDIA_STATUS.encoding) return;
  const storage = storageOf(deps);
  // A worker process that never received an upload has no temp folder yet.
  await mkdir(deps.config.uploadTmpDir, { recursive: true });
  const work = await mkdtemp(join(deps.config.uploadTmpDir, "encode-"));
  try {
    const source = await storage.open(`${row.storage_key}/${VIDEO_SOURCE_FILE}`);
    if (!source) throw new Error(`video ${mediaId}: source file missing`);
    const input = join(work, "source");
    await download(source.body, input);
    const probe = await probeVideo(input);
    if (!probe) throw new Error(`video ${mediaId}: ffprobe cannot read the source`);
    const result = await transcodeVideo(input, probe, work);
    const poster = await renderVariants(result.posterPath);
    const posterBytes = await storeVariants(storage, row.storage_key, poster);
    await storage.putFile(`${row.storage_key}/${VIDEO_VARIANT}`, result.videoPath, { contentType: "video/mp4" });
    const { size } = await stat(result.videoPath);
    const updated = await deps.db
      .updateTable("media")
      .set({
        status: MEDIA_STATUS.pending,
        width: result.width,
        height: result.height,
        variant_widths: poster.widths.join(","),
        bytes: size + posterBytes,
        duration_ms: probe.durationMs,
      })
      .where("id", "=", mediaId)
      .where("status", "=", MEDIA_STATUS.encoding)
      .executeTakeFirst();
    // Deleted while encoding: its files go with it.
    if (Number(updated.numUpdatedRows) === 0) return;
    await storage.delete(`${row.storage_key}/${VIDEO_SOURCE_FILE}`);
  } catch (err) {
    if (context.attempt >= context.maxAttempts) {
      await deps.db
        .updateTable("media")
        .set({ status: MEDIA_STATUS.rejected })
        .where("id", "=", mediaId)
        .where("status", "=", MEDIA_STATUS.encoding)
        .execute();
    }
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The media.encode_video job's payload (declared with the kind in the module's manifest). */
export interface EncodeVideoPayload {
  media_id: number;
}

export function encodeVideoHandler(deps: ApiDeps): JobHandler<EncodeVideoPayload> {
  return { run: (payload, context) => encodeVideo(deps, payload.media_id, context), leaseMs: ENCODE_TIMEOUT_MS + 10 * 60 * 1000 };
}

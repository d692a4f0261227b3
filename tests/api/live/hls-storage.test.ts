/**
 * Issue 31 item 6, the scale path (ADR 130): with LIVE_HLS_STORE=storage the instance that writes a stream's HLS
 * publishes finished segments, then the playlist naming them, through the storage port (S3 via s3rver); the HLS routes
 * read them from the bucket (the local folder removed: any instance can serve); segments far out of the window and,
 * at the stop, every object of the stream are deleted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageConfig } from "#server/config";
import { USER_TYPE } from "#server/contract/users";
import { s3ClientConfig } from "#server/integrations/storage/s3";
import { liveMediaUrls, stopLiveMedia } from "#server/modules/live/index";
import { publishHls } from "#server/modules/live/hls-publish";
import { freshIp } from "../../helpers/auth";
import { insertStream } from "../../helpers/live-media";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { startS3rver, type TestS3 } from "../../helpers/s3rver";

const segmentName = (n: number) => `seg-${String(n).padStart(5, "0")}.ts`;
/** A stand-in segment: an MPEG-TS sync byte and the segment's number, so each one's bytes are told apart. */
const segmentBytes = (n: number) => Buffer.from([0x47, n % 256, ...Array.from({ length: 186 }, () => n % 7)]);
const playlistOf = (from: number, to: number) =>
  [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-TARGETDURATION:1",
    `#EXT-X-MEDIA-SEQUENCE:${from}`,
    ...Array.from({ length: to - from + 1 }, (_, i) => [`#EXTINF:1.000000,`, segmentName(from + i)]).flat(),
    "",
  ].join("\n");

describe(`live HLS through the storage port (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let s3: TestS3;
  let client: S3Client;
  const dir = mkdtempSync(join(tmpdir(), "velora-hls-s3-"));
  beforeAll(async () => {
    s3 = await startS3rver();
    client = new S3Client(s3ClientConfig(s3.config));
    rt = await createTestRuntime();
    const config = rt.deps.config as { mediaDir: string; storage: StorageConfig; liveVideo: typeof rt.deps.config.liveVideo };
    config.mediaDir = join(dir, "media");
    config.storage = { kind: "s3", ...s3.config, prefix: "app/" };
    config.liveVideo = { ...config.liveVideo, dir: join(dir, "live"), hlsStore: "storage", rtmpPort: 0 };
  }, 60_000);
  afterAll(async () => {
    await rt?.close();
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function storedNames(streamId: number): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: `app/live-hls/${streamId}/` }));
    return (listed.Contents ?? []).map((object) => object.Key!.split("/").pop()!).sort();
  }

  /** What ffmpeg leaves on disk: segments from..to and the playlist naming them. */
  function writeHls(streamId: number, from: number, to: number): void {
    const hls = join(dir, "live", String(streamId), "hls");
    mkdirSync(hls, { recursive: true });
    for (let n = from; n <= to; n++) writeFileSync(join(hls, segmentName(n)), segmentBytes(n));
    writeFileSync(join(hls, "index.m3u8"), playlistOf(from, to));
  }

  it("publishes segments before their playlist, serves them from the bucket without the local folder, and deletes them", async () => {
    const creator = await listedMember(rt, USER_TYPE.escort, freshIp());
    const viewer = await listedMember(rt, USER_TYPE.client, freshIp());
    const id = await insertStream(rt, creator.id);
    const stream = await rt.deps.db.selectFrom("live_streams").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    // Nothing written yet: nothing published, the playlist is a 404.
    expect(await publishHls(rt.deps, id)).toBe(0);
    const urls = liveMediaUrls(rt.deps, stream, viewer.id);
    expect((await rt.request(urls.hls)).status).toBe(404);

    writeHls(id, 1, 3);
    expect(await publishHls(rt.deps, id)).toBe(3);
    expect(await storedNames(id)).toEqual(["index.m3u8", segmentName(1), segmentName(2), segmentName(3)]);
    // The same playlist again: nothing to do.
    expect(await publishHls(rt.deps, id)).toBe(0);

    // Served from the bucket: this instance's folder is gone (another instance has none either).
    rmSync(join(dir, "live", String(id)), { recursive: true, force: true });
    const playlist = await rt.request(urls.hls);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    const segmentLine = text.split("\n").find((line) => line.endsWith(segmentName(2)))!;
    expect(segmentLine).toMatch(/^\.\.\/s\/[A-Za-z0-9_-]{22}\/seg-00002\.ts$/);
    const segment = await rt.request(new URL(segmentLine, `http://velora.test${urls.hls}`).pathname);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await segment.arrayBuffer()).equals(segmentBytes(2))).toBe(true);

    // The window moves on: new segments are stored; those far behind it are deleted, the last few kept.
    writeHls(id, 4, 8);
    expect(await publishHls(rt.deps, id)).toBe(5);
    writeHls(id, 9, 14);
    expect(await publishHls(rt.deps, id)).toBe(6);
    const names = await storedNames(id);
    expect(names).not.toContain(segmentName(4));
    expect(names).toContain(segmentName(5));
    expect(names).toContain(segmentName(14));

    // The stream's media stops: every object of it goes.
    await stopLiveMedia(rt.deps, id, { keepRecording: false });
    expect(await storedNames(id)).toEqual([]);
  });
});

/**
 * Issue 31, live video's media part (ADR 125) against the real engine: a WHIP producer (werift sending ffmpeg's test
 * pattern) makes HLS appear through ffmpeg; an admitted viewer gets WebRTC packets and the playlist and segments with
 * their cache headers; a member without access, a forged or foreign token, a cross-site offer are refused; stream
 * keys are the creator's own (a client has none, another creator's key feeds nothing of theirs), a wrong RTMP key is
 * dropped and the right one goes live; the kept recording becomes an MP4 in storage and is deleted with every file.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_MEDIA_TOKEN_TTL_MS, type LiveStreamKeyCreated, type LiveStreamKeyState } from "#server/contract/live-media";
import { USER_TYPE } from "#server/contract/users";
import { closeLiveVideoEngines } from "#server/integrations/live-video/index";
import { deleteRecordingFiles, liveMediaUrls, livePublishUrl, startRtmpIngest } from "#server/modules/live/index";
import { endStream } from "#server/modules/live/lifecycle";
import { signMediaToken } from "#server/modules/live/media-tokens";
import { freshIp } from "../../helpers/auth";
import { insertStream, rtmpPusher, testPublisher, testViewer, waitFor, type TestPublisher } from "../../helpers/live-media";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const dir = mkdtempSync(join(tmpdir(), "velora-live-"));

describe(`live media (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const config = rt.deps.config as { mediaDir: string; liveVideo: typeof rt.deps.config.liveVideo };
    config.mediaDir = join(dir, "media");
    config.liveVideo = { ...config.liveVideo, dir: join(dir, "live"), iceAddresses: ["127.0.0.1"], rtmpPort: 0 };
  });
  afterAll(async () => {
    await closeLiveVideoEngines();
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const streamRow = (id: number) => rt.deps.db.selectFrom("live_streams").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  async function postSdp(path: string, sdp: string, headers: Record<string, string> = {}) {
    return rt.request(path, { method: "POST", headers: { "content-type": "application/sdp", ...headers }, body: sdp });
  }

  it("a browser producer's WHIP offer is answered, ffmpeg writes HLS, admitted viewers get WebRTC and the HLS files", async () => {
    const creator = await listedMember(rt, USER_TYPE.escort, freshIp());
    const viewer = await listedMember(rt, USER_TYPE.client, freshIp());
    const id = await insertStream(rt, creator.id, { record: true });
    const stream = await streamRow(id);
    const publishUrl = livePublishUrl(rt.deps, stream)!;
    let publisher: TestPublisher | null = await testPublisher();
    try {
      // Another site's page may not post an offer, even with the address.
      expect((await postSdp(publishUrl, publisher.offer, { origin: "https://evil.example" })).status).toBe(403);
      // Not SDP: refused before werift sees it.
      expect((await rt.request(publishUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(
        415,
      );
      expect((await postSdp(publishUrl, "hello")).status).toBe(400);

      const answered = await postSdp(publishUrl, publisher.offer);
      expect(answered.status).toBe(201);
      expect(answered.headers.get("content-type")).toBe("application/sdp");
      expect(answered.headers.get("location")).toMatch(new RegExp(`^/api/v2/live-media/${id}/.+/whip/[A-Za-z0-9_-]+$`));
      const answer = await answered.text();
      expect(answer).toMatch(/^v=0/);
      expect(answer).toMatch(/a=rtpmap:\d+ H264\/90000/i);
      // The app is the DTLS server: werift's DTLS client fails on a repeated HelloVerifyRequest (ADR 129).
      expect(answer).toMatch(/^a=setup:passive\r?$/m);
      await publisher.accept(answer);

      const urls = liveMediaUrls(rt.deps, stream, viewer.id);
      expect(urls.whep).toMatch(/\/whep$/);
      const playlist = await waitFor(
        async () => {
          const response = await rt.request(urls.hls);
          return response.status === 200 ? { text: await response.text(), headers: response.headers } : null;
        },
        45_000,
        "the HLS playlist",
      );
      expect(playlist.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
      expect(playlist.headers.get("cache-control")).toBe("private, max-age=1");
      expect(playlist.text).toContain("#EXTM3U");
      // Served only once it lists three segments: Chromium's native player fails a shorter live playlist (ADR 145).
      expect(playlist.text.split("\n").filter((line) => line.includes("seg-")).length).toBeGreaterThanOrEqual(3);
      const segmentLine = playlist.text.split("\n").find((line) => line.includes("seg-"))!;
      expect(segmentLine).toMatch(/^\.\.\/s\/[A-Za-z0-9_-]{22}\/seg-\d{5}\.ts$/);
      const segmentUrl = new URL(segmentLine, `http://velora.test${urls.hls}`).pathname;
      const segment = await rt.request(segmentUrl);
      expect(segment.status).toBe(200);
      expect(segment.headers.get("content-type")).toBe("video/mp2t");
      expect(segment.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await segment.arrayBuffer());
      expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
      // The segment path is the stream's: a wrong segment token or name is a 404.
      expect((await rt.request(segmentUrl.replace(/\/s\/[^/]+\//, "/s/AAAAAAAAAAAAAAAAAAAAAA/"))).status).toBe(404);
      expect((await rt.request(segmentUrl.replace(/seg-\d+\.ts$/, "index.m3u8"))).status).toBe(404);

      // An admitted viewer over WHEP receives the producer's packets.
      const watcher = await testViewer();
      try {
        const viewed = await postSdp(urls.whep!, watcher.offer);
        expect(viewed.status).toBe(201);
        const viewAnswer = await viewed.text();
        expect(viewAnswer).toMatch(/^a=setup:passive\r?$/m);
        await watcher.accept(viewAnswer);
        await waitFor(async () => watcher.packets() > 50, 20_000, "WebRTC packets at the viewer");
        const location = viewed.headers.get("location")!;
        expect((await rt.request(location, { method: "DELETE" })).status).toBe(200);
      } finally {
        await watcher.close();
      }

      // The producer's packets keep the stream's producer_seen_at fresh (reported every 5 s).
      rt.clock.advance(60_000);
      const before = rt.clock.now();
      await waitFor(async () => ((await streamRow(id)).producer_seen_at ?? 0) >= before, 12_000, "producer_seen_at");

      // The creator stops: the media stops, the recording is kept and the remux job stores it.
      expect(await endStream(rt.deps, id, "creator")).toBe(true);
      await publisher.close();
      publisher = null;
      // Its HLS files are gone at once (access itself is asked again within LIVE_ACCESS_RECHECK_MS).
      expect((await rt.request(urls.hls)).status).toBe(404);
      expect((await rt.request(segmentUrl)).status).toBe(404);
      expect(await rt.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
      const recording = await rt.deps.db.selectFrom("live_recordings").selectAll().where("stream_id", "=", id).executeTakeFirstOrThrow();
      expect(recording).toMatchObject({ state: "ready", visibility: "private", creator_id: creator.id });
      expect(recording.duration_ms).toBeGreaterThan(1000);
      expect(Number(recording.size_bytes)).toBeGreaterThan(1000);
      const stored = join(dir, "media", recording.storage_prefix!, "recording.mp4");
      expect(existsSync(stored)).toBe(true);
      expect(existsSync(join(dir, "live", String(id)))).toBe(false);
      await deleteRecordingFiles(rt.deps, recording);
      expect(existsSync(stored)).toBe(false);
    } finally {
      await publisher?.close();
    }
  }, 120_000);

  it("refuses media to members without access, forged tokens and another member's publish address", async () => {
    const creator = await listedMember(rt, USER_TYPE.escort, freshIp());
    const stranger = await listedMember(rt, USER_TYPE.client, freshIp());
    const id = await insertStream(rt, creator.id, { audience: "fans" });
    const stream = await streamRow(id);
    // A stranger holding an address signed for them (a stale page, a shared link) is refused: not a fan.
    const urls = liveMediaUrls(rt.deps, stream, stranger.id);
    const watcher = await testViewer();
    try {
      expect((await postSdp(urls.whep!, watcher.offer)).status).toBe(403);
    } finally {
      await watcher.close();
    }
    expect((await rt.request(urls.hls)).status).toBe(403);
    // A watch token is not a publish token; a token for another stream or a forged one names nothing.
    const watchToken = signMediaToken(rt.deps, "watch", id, creator.id);
    expect((await postSdp(`/api/v2/live-media/${id}/${watchToken}/whip`, "v=0\r\nm=video 9 x\r\n")).status).toBe(404);
    const otherStream = await insertStream(rt, stranger.id);
    const foreign = signMediaToken(rt.deps, "publish", otherStream, stranger.id);
    expect((await postSdp(`/api/v2/live-media/${id}/${foreign}/whip`, "v=0\r\nm=video 9 x\r\n")).status).toBe(404);
    // A publish token of a member who is not the creator (forged with their own id) is no producer's.
    const strangersPublish = signMediaToken(rt.deps, "publish", id, stranger.id);
    expect((await postSdp(`/api/v2/live-media/${id}/${strangersPublish}/whip`, "v=0\r\nm=video 9 x\r\n")).status).toBe(404);
    expect((await rt.request(`/api/v2/live-media/${id}/w.1.99999999999999.${"A".repeat(43)}/index.m3u8`)).status).toBe(404);
    // The addresses endpoint asks liveAccess: the stranger (no fan) is refused, the creator gets WHIP besides.
    expect((await rt.request(`/api/v2/live/streams/${id}/media`, { token: stranger.token })).status).toBe(403);
    expect((await rt.request(`/api/v2/live/streams/999999/media`, { token: stranger.token })).status).toBe(404);
    expect((await rt.request(`/api/v2/live/streams/${id}/media`)).status).toBe(401);
    const mine = (await (await rt.request(`/api/v2/live/streams/${id}/media`, { token: creator.token })).json()) as {
      data: { hls: string; whep: string | null; whip: string | null };
    };
    expect(mine.data.whip).toMatch(new RegExp(`^/api/v2/live-media/${id}/p\\.`));
    expect(mine.data.hls).toMatch(/\/index\.m3u8$/);
    // Without a producer, a WHEP offer of an admitted viewer has nothing to receive.
    const own = liveMediaUrls(rt.deps, stream, creator.id);
    const lonely = await testViewer();
    try {
      expect((await postSdp(own.whep!, lonely.offer)).status).toBe(409);
    } finally {
      await lonely.close();
    }
    // An address outlives any stream, not forever: past LIVE_MEDIA_TOKEN_TTL_MS it names nothing.
    rt.clock.advance(LIVE_MEDIA_TOKEN_TTL_MS + 1);
    expect((await rt.request(own.hls)).status).toBe(404);
    expect((await postSdp(livePublishUrl(rt.deps, stream)!, "v=0\r\nm=video 9 x\r\n")).status).not.toBe(404);
    expect((await postSdp(mine.data.whip!, "v=0\r\nm=video 9 x\r\n")).status).toBe(404);
  }, 30_000);

  it("stream keys: creators only, shown once, rotated; a wrong RTMP key is dropped, the right one goes live with HLS", async () => {
    const creator = await listedMember(rt, USER_TYPE.escort, freshIp());
    const other = await listedMember(rt, USER_TYPE.business, freshIp());
    const client = await listedMember(rt, USER_TYPE.client, freshIp());
    const port = await startRtmpIngest(rt.deps, 0);
    expect(port).toBeGreaterThan(0);

    expect((await rt.request("/api/v2/live/keys", { method: "POST", token: client.token })).status).toBe(403);
    expect((await rt.request("/api/v2/live/keys", { token: client.token })).status).toBe(403);
    expect((await rt.request("/api/v2/live/keys", { method: "POST" })).status).toBe(401);
    const none = (await (await rt.request("/api/v2/live/keys", { token: creator.token })).json()) as { data: LiveStreamKeyState };
    expect(none.data).toMatchObject({ key_hint: null, rtmp_url: `rtmp://velora.test:${port}/live` });
    const first = (await (await rt.request("/api/v2/live/keys", { method: "POST", token: creator.token })).json()) as {
      data: LiveStreamKeyCreated;
    };
    expect(first.data.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const rotated = (await (await rt.request("/api/v2/live/keys", { method: "POST", token: creator.token })).json()) as {
      data: LiveStreamKeyCreated;
    };
    expect(rotated.data.key).not.toBe(first.data.key);
    const state = (await (await rt.request("/api/v2/live/keys", { token: creator.token })).json()) as {
      data: LiveStreamKeyState & { key?: string };
    };
    expect(state.data.key_hint).toBe(rotated.data.key.slice(0, 4));
    expect(state.data.key).toBeUndefined();
    const stored = await rt.deps.db
      .selectFrom("live_stream_keys")
      .selectAll()
      .where("creator_id", "=", creator.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(rotated.data.key);
    const othersKey = (await (await rt.request("/api/v2/live/keys", { method: "POST", token: other.token })).json()) as {
      data: LiveStreamKeyCreated;
    };

    const id = await insertStream(rt, creator.id, { state: "scheduled", ingest: "rtmp" });
    const base = `rtmp://127.0.0.1:${port}/live`;
    // A guessed key, the retired key and another creator's key (who has no stream waiting) are all dropped.
    for (const key of ["x".repeat(32), first.data.key, othersKey.data.key]) {
      const pusher = rtmpPusher(`${base}/${key}`);
      const code = await Promise.race([pusher.exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 8000))]);
      pusher.child.kill("SIGKILL");
      expect(code).not.toBe("running");
      expect(code).not.toBe(0);
      expect((await streamRow(id)).state).toBe("scheduled");
    }

    const pusher = rtmpPusher(`${base}/${rotated.data.key}`);
    try {
      await waitFor(async () => (await streamRow(id)).state === "live", 10_000, "the RTMP stream going live");
      const stream = await streamRow(id);
      const urls = liveMediaUrls(rt.deps, stream, client.id);
      // RTMP streams are H.264 for HLS: no WebRTC address.
      expect(urls.whep).toBeNull();
      const playlist = await waitFor(
        async () => {
          const response = await rt.request(urls.hls);
          return response.status === 200 ? response.text() : null;
        },
        30_000,
        "the RTMP stream's playlist",
      );
      expect(playlist).toMatch(/seg-\d{5}\.ts/);
    } finally {
      pusher.child.kill("SIGKILL");
      await endStream(rt.deps, id, "creator");
    }
  }, 90_000);
});

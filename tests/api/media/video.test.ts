/**
 * Issue 10 item 3, videos (ADR 034): an upload checked by content, encoded by the job with the real
 * ffmpeg, encoding 3 → pending 0 → accepted 1 by the team, served with byte ranges, refused to others
 * until accepted, removed with its files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEDIA_STATUS } from "#server/contract/media";
import type { OwnMediaItem } from "#server/contract/media-gallery";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { acceptAllPending } from "../../helpers/moderation";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { writeTestClip } from "../../helpers/video";

const dir = mkdtempSync(join(tmpdir(), "velora-video-"));

function clip(name: string, seconds: number, extra: string[] = []): Buffer {
  return readFileSync(writeTestClip(join(dir, name), { size: "640x360", seconds, audio: true, extra }));
}

describe(`video uploads (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let movie: Buffer;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const config = rt.deps.config as { mediaDir: string; uploadTmpDir: string };
    config.mediaDir = join(dir, "media");
    config.uploadTmpDir = join(dir, "upload-tmp");
    movie = clip("clip.mov", 2, ["-c:v", "mpeg4", "-c:a", "aac"]);
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const escort = () => listedMember(rt, USER_TYPE.escort, freshIp());

  async function upload(token: string | undefined, bytes: Buffer, name = "clip.mov", visibility?: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "video/quicktime" }), name);
    if (visibility) form.append("visibility", visibility);
    const response = await rt.request("/api/v2/media/video", { method: "POST", token, body: form });
    return {
      status: response.status,
      json: (await response.json()) as { data?: OwnMediaItem; errors?: Array<{ key: string; source?: string }> },
    };
  }

  const item = async (token: string, id: number) => {
    const page = (await (await rt.request("/api/v2/media/gallery", { token })).json()) as { data: { items: OwnMediaItem[] } };
    return page.data.items.find((entry) => entry.id === id)!;
  };

  it("encodes an upload in the background, shows it to its owner at every step and to others once accepted", async () => {
    const owner = await escort();
    const other = await escort();
    const uploaded = await upload(owner.token, movie, "clip.mov", "public");
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.data).toMatchObject({ kind: "video", status: MEDIA_STATUS.encoding, video: null, visibility: "public" });
    const id = uploaded.json.data!.id;

    expect(await rt.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    const encoded = await item(owner.token, id);
    expect(encoded).toMatchObject({ kind: "video", status: MEDIA_STATUS.pending });
    expect(encoded.video).toMatchObject({ path: `${encoded.image.path}/video.mp4` });
    expect(encoded.video!.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(encoded.image.widths.length).toBeGreaterThan(0);

    const url = `/api/v2${encoded.video!.path}`;
    const whole = await rt.request(url, { token: owner.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const part = await rt.request(url, { token: owner.token, headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const open = await rt.request(url, { token: owner.token, headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);
    const beyond = await rt.request(url, { token: owner.token, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    // A poster variant of the video is an ordinary image.
    const poster = await rt.request(`/api/v2${encoded.image.path}/${encoded.image.widths[0]}.jpg`, { token: owner.token });
    expect(poster.status).toBe(200);

    // A video is no profile picture, cover or identity proof.
    for (const action of ["avatar", "cover"]) {
      expect((await rt.request(`/api/v2/media/${id}/${action}`, { method: "PUT", token: owner.token })).status, action).toBe(400);
    }
    expect((await rt.request(`/api/v2/media/${id}/fake-check`, { method: "POST", token: owner.token })).status).toBe(400);

    // Waiting for the team: nobody else sees it.
    expect((await rt.request(url, { token: other.token })).status).toBe(404);
    expect((await rt.request(url)).status).toBe(404);
    await acceptAllPending(rt, owner.id);
    expect((await item(owner.token, id)).status).toBe(MEDIA_STATUS.accepted);
    expect((await rt.request(url, { token: other.token })).status).toBe(200);
    expect((await rt.request(url)).status).toBe(200);
  });

  it("refuses what is not a video, too short or too long, at the file field; nothing is stored", async () => {
    const member = await escort();
    const notVideo = await upload(member.token, Buffer.from("not a video, only some text pretending to be one".repeat(50)), "fake.mp4");
    expect(notVideo.status).toBe(400);
    expect(notVideo.json.errors).toEqual([expect.objectContaining({ key: "validation.video.invalid_type", source: "file" })]);
    const short = await upload(member.token, clip("short.mp4", 0.4, ["-c:v", "libx264", "-preset", "ultrafast"]), "short.mp4");
    expect(short.json.errors?.[0]).toMatchObject({ key: "validation.video.too_short", source: "file" });
    const none = await rt.request("/api/v2/media/video", { method: "POST", token: member.token, body: new FormData() });
    expect(none.status).toBe(400);
    const wrongVisibility = await upload(member.token, movie, "clip.mov", "everyone");
    expect(wrongVisibility.json.errors?.[0]).toMatchObject({ key: "validation.invalid", source: "visibility" });
    expect(await rt.deps.db.selectFrom("media").select("id").where("user_id", "=", member.id).execute()).toEqual([]);
    expect((await upload(undefined, movie)).status).toBe(401);
  });

  it("a client may not make a video public", async () => {
    const client = await createUser(rt, { userType: USER_TYPE.client });
    const token = String((await login(rt, client.username, client.password, freshIp())).body.access_token);
    const answer = await upload(token, movie, "clip.mov", "public");
    expect(answer.json.errors?.[0]).toMatchObject({ key: "validation.invalid", source: "visibility" });
  });

  it("a file ffmpeg cannot encode ends rejected after its retries; a deleted video takes its files along", async () => {
    const member = await escort();
    const broken = (await upload(member.token, movie)).json.data!;
    // The stored source is damaged before the job runs (a storage fault).
    const row = await rt.deps.db.selectFrom("media").select("storage_key").where("id", "=", broken.id).executeTakeFirstOrThrow();
    writeFileSync(join(dir, "media", row.storage_key, "source"), "garbage");
    // The runner logs the final failure as an error (ADR 031); this test expects exactly that.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await rt.jobs.runDue()).retry).toBe(1);
    rt.clock.advance(60 * 60 * 1000);
    expect((await rt.jobs.runDue()).retry).toBe(1);
    rt.clock.advance(60 * 60 * 1000);
    expect((await rt.jobs.runDue()).failed).toBe(1);
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining("job failed for good")]);
    logged.mockRestore();
    const after = await rt.deps.db.selectFrom("media").select("status").where("id", "=", broken.id).executeTakeFirstOrThrow();
    expect(after.status).toBe(MEDIA_STATUS.rejected);

    const token = String((await login(rt, member.username, member.password, freshIp())).body.access_token);
    const good = (await upload(token, movie)).json.data!;
    await rt.jobs.runDue();
    const stored = await rt.deps.db.selectFrom("media").select("storage_key").where("id", "=", good.id).executeTakeFirstOrThrow();
    expect(existsSync(join(dir, "media", stored.storage_key, "video.mp4"))).toBe(true);
    expect(existsSync(join(dir, "media", stored.storage_key, "source"))).toBe(false);
    expect((await rt.request(`/api/v2/media/${good.id}`, { method: "DELETE", token })).status).toBe(200);
    await rt.jobs.runDue();
    expect(existsSync(join(dir, "media", stored.storage_key, "video.mp4"))).toBe(false);
  });
});

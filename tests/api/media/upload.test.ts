/**
 * Photo uploads (issue 9 items 4 and 15): streamed to disk with caps, checked
 * by header before anything is decoded, processed one at a time per request in
 * a process-wide queue, limited per user, and stored as AVIF/WebP/JPEG variants
 * without metadata.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { MEDIA_VARIANT_FORMATS, mediaVariantUrl, type MediaImage, type MediaItem } from "#server/contract/media";
import { IMAGE_MAX_BYTES, UPLOAD_MAX_BODY_BYTES, UPLOADS_PER_HOUR } from "#server/contract/media-upload";
import { recordHit, slotMs } from "#server/lib/rate-limit";
import { fileLabel } from "#server/modules/media/multipart";
import { imageQueueOf, UPLOAD_QUEUE_MAX } from "#server/modules/media/queue";
import { uploadWindow } from "#server/modules/media/service";
import { freshIp } from "../../helpers/auth";
import { countingMultipart, jpeg, jpegClaiming, noise } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/** What the test's body stream hands out per pull. */
const FIRST_CHUNK = 64 * 1024;

interface Answer {
  data: MediaItem[];
  errors: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

describe(`media upload (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = mkdtempSync(join(tmpdir(), "velora-media-"));
    const config = rt.deps.config as { mediaDir: string; uploadTmpDir: string; imageConcurrency: number };
    config.mediaDir = join(dir, "media");
    config.uploadTmpDir = join(dir, "upload-tmp");
    config.imageConcurrency = 2;
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(userType = 2) {
    const user = await createUser(rt, { userType });
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, token: String(body.access_token) };
  }

  async function upload(token: string | undefined, files: Array<{ data: Buffer; name: string; type?: string }>, visibility?: string) {
    const form = new FormData();
    for (const file of files) form.append("files", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/jpeg" }), file.name);
    if (visibility) form.append("visibility", visibility);
    const response = await rt.request("/api/v2/media/upload", { method: "POST", token, body: form });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Answer };
  }

  /** Sends a streamed multipart body (no Content-Length unless `headers` declares one), as a browser uploads a file. */
  function streamUpload(token: string, multipart: ReturnType<typeof countingMultipart>, headers: Record<string, string> = {}) {
    return rt.request("/api/v2/media/upload", {
      method: "POST",
      token,
      headers: { "content-type": multipart.contentType, ...headers },
      body: multipart.body,
      duplex: "half",
    } as RequestInit);
  }

  async function variant(image: MediaImage, width: number, format: (typeof MEDIA_VARIANT_FORMATS)[number], token?: string) {
    const response = await rt.request(`/api/v2${mediaVariantUrl(image, width, format)}`, { token });
    return { status: response.status, type: response.headers.get("content-type"), body: Buffer.from(await response.arrayBuffer()) };
  }

  const tempFiles = () => {
    try {
      return readdirSync(join(dir, "upload-tmp"));
    } catch {
      return [];
    }
  };

  it("stores every width in AVIF, WebP and JPEG, makes the first photo the avatar and lists it under /media/my", async () => {
    const user = await signedIn();
    const first = await upload(user.token, [{ data: await jpeg(700, 500), name: "a.jpg" }]);
    expect(first.status).toBe(201);
    const item = first.json.data[0]!;
    // A new photo waits for the back office (ADR 030); its owner sees it at once (the variants below).
    expect(item).toMatchObject({ status: 0, rejection_reason: null, visibility: "public", is_avatar: true });
    expect(item.image).toMatchObject({ width: 700, height: 500, widths: [160, 320, 640, 700] });
    expect(item.image.path).toMatch(/^\/media\/[0-9a-f]{32}$/);
    for (const width of item.image.widths) {
      for (const format of MEDIA_VARIANT_FORMATS) {
        const file = await variant(item.image, width, format, user.token);
        expect(file.status, `${width} ${format}`).toBe(200);
        expect(file.type).toBe(`image/${format}`);
        const meta = await sharp(file.body).metadata();
        expect(meta.format === "heif" ? "avif" : meta.format).toBe(format);
        expect(meta.width).toBe(width);
      }
    }
    // Not upscaled: no 1080 for a 700 px photo.
    expect((await variant(item.image, 1080, "jpeg", user.token)).status).toBe(404);
    const second = await upload(user.token, [{ data: await jpeg(300, 300), name: "b.jpg" }]);
    expect(second.json.data[0]!.is_avatar).toBe(false);
    expect(second.json.data[0]!.image.widths).toEqual([160, 300]);
    const mine = (await (await rt.request("/api/v2/media/my", { token: user.token })).json()) as { data: MediaItem[] };
    expect(mine.data.map((m) => [m.id, m.is_avatar, m.image.path])).toEqual([
      [item.id, true, item.image.path],
      [second.json.data[0]!.id, false, second.json.data[0]!.image.path],
    ]);
    expect(tempFiles()).toEqual([]);
  });

  it("needs login", async () => {
    expect((await upload(undefined, [{ data: await jpeg(320, 240), name: "a.jpg" }])).status).toBe(401);
  });

  it("refuses images narrower than 200 px with 'image upload size is too small', naming the file", async () => {
    const user = await signedIn();
    const narrow = await jpeg(150, 700);
    expect(narrow.byteLength).toBeGreaterThan(50_000);
    const { status, json } = await upload(user.token, [{ data: narrow, name: "narrow.jpg" }]);
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      expect.objectContaining({ key: "validation.image.too_small", source: "files.0", params: { min: 200, file: "narrow.jpg" } }),
    ]);
  });

  it("names a refused file by what the browser sent: its last path segment, no control characters, at most 80 characters", () => {
    expect(fileLabel("C:\\Users\\eva\\Urlaub am Meer.jpg")).toBe("Urlaub am Meer.jpg");
    expect(fileLabel("../../etc/passwd")).toBe("passwd");
    expect(fileLabel("a\u0000b\nc.png")).toBe("abc.png");
    const long = fileLabel(`${"x".repeat(100)}.jpeg`);
    expect(long).toHaveLength(80);
    expect(long).toMatch(/^x{40}…x{34}\.jpeg$/);
  });

  it("refuses files under 50,000 bytes", async () => {
    const user = await signedIn();
    const tiny = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const { json } = await upload(user.token, [{ data: tiny, name: "tiny.jpg" }]);
    expect(json.errors).toEqual([
      expect.objectContaining({ key: "validation.image.file_too_small", source: "files.0", params: { min: 50_000, file: "tiny.jpg" } }),
    ]);
  });

  it("refuses a photo of more than 50 megapixels by its header, before decoding it", async () => {
    const user = await signedIn();
    const bomb = await jpegClaiming(10_000, 10_000);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const { status, json } = await upload(user.token, [{ data: bomb, name: "bomb.jpg" }]);
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      expect.objectContaining({ key: "validation.image.too_many_pixels", source: "files.0", params: { max: 50, file: "bomb.jpg" } }),
    ]);
  });

  it("judges the type by content, not by the name or declared type, all or nothing", async () => {
    const user = await signedIn();
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'>".padEnd(60_000, " ") + "</svg>");
    const gif = await sharp(noise(300, 300), { raw: { width: 300, height: 300, channels: 3 } })
      .gif()
      .toBuffer();
    const { status, json } = await upload(user.token, [
      { data: await jpeg(300, 300), name: "ok.jpg" },
      { data: text, name: "photo.jpg", type: "image/jpeg" },
      { data: Buffer.concat([gif, Buffer.alloc(Math.max(0, 60_000 - gif.byteLength))]), name: "photo.png", type: "image/png" },
    ]);
    expect(status).toBe(400);
    expect(json.errors.map((e) => [e.source, e.key])).toEqual([
      ["files.1", "validation.image.invalid_type"],
      ["files.2", "validation.image.invalid_type"],
    ]);
    const mine = (await (await rt.request("/api/v2/media/my", { token: user.token })).json()) as { data: MediaItem[] };
    expect(mine.data).toEqual([]);
    // A real PNG named .jpg is accepted (and stored like every photo: AVIF, WebP, JPEG).
    const png = await sharp(noise(260, 260), { raw: { width: 260, height: 260, channels: 3 } })
      .png()
      .toBuffer();
    const ok = await upload(user.token, [{ data: png, name: "photo.jpg", type: "image/jpeg" }]);
    expect(ok.status).toBe(201);
    expect(tempFiles()).toEqual([]);
  });

  it("removes EXIF and GPS data from every variant and applies the orientation", async () => {
    const user = await signedIn();
    const withGps = await jpeg(400, 300, { gps: true, orientation: 6 });
    expect((await sharp(withGps).metadata()).exif?.toString("latin1")).toContain("secret-owner");
    const { json } = await upload(user.token, [{ data: withGps, name: "gps.jpg" }]);
    const image = json.data[0]!.image;
    // Orientation 6 is a quarter turn: the stored photo is upright, 300 wide.
    expect([image.width, image.height, image.widths]).toEqual([300, 400, [160, 300]]);
    for (const width of image.widths) {
      for (const format of MEDIA_VARIANT_FORMATS) {
        const file = await variant(image, width, format, user.token);
        const meta = await sharp(file.body).metadata();
        expect(meta.exif, `${width}.${format}`).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(meta.height).toBe(Math.round((400 * width) / 300));
        expect(file.body.toString("latin1")).not.toContain("secret-owner");
        expect(file.body.toString("latin1")).not.toContain("VeloraCam");
      }
    }
  });

  it("accepts at most 16 images per request", async () => {
    const user = await signedIn();
    const image = await jpeg(210, 210);
    const { status, json } = await upload(
      user.token,
      Array.from({ length: 17 }, (_, i) => ({ data: image, name: `${i}.jpg` })),
    );
    expect(status).toBe(400);
    expect(json.errors).toEqual([expect.objectContaining({ key: "validation.image.too_many", source: "files", params: { max: 16 } })]);
    expect(tempFiles()).toEqual([]);
  });

  it("lets clients choose only logged_in, plus_member or private", async () => {
    const client = await signedIn(1);
    const image = await jpeg(220, 220);
    expect((await upload(client.token, [{ data: image, name: "a.jpg" }], "public")).status).toBe(400);
    const { json } = await upload(client.token, [{ data: image, name: "a.jpg" }]);
    expect(json.data[0]!.visibility).toBe("logged_in");
  });

  describe("bounded cost", () => {
    it("streams: a file over 20,000,000 bytes is refused with 413 after at most that much is read, Content-Length or not", async () => {
      const user = await signedIn();
      const big = countingMultipart([{ name: "files", filename: "big.jpg", type: "image/jpeg", size: 60_000_000 }]);
      const response = await streamUpload(user.token, big);
      expect(response.status).toBe(413);
      const body = (await response.json()) as Answer;
      expect(body.errors).toEqual([expect.objectContaining({ key: "validation.image.file_too_large", source: "files.0" })]);
      // The parser stops at the cap (plus what was already in flight), never reading the other 40 MB.
      expect(big.state.pulled).toBeLessThan(IMAGE_MAX_BYTES + 2 * 1024 * 1024);
      expect(tempFiles()).toEqual([]);
    });

    it("refuses a declared body over the request cap with 413 without reading it", async () => {
      const user = await signedIn();
      const big = countingMultipart([{ name: "files", filename: "big.jpg", type: "image/jpeg", size: 1000 }]);
      const response = await streamUpload(user.token, big, { "content-length": String(UPLOAD_MAX_BODY_BYTES + 1) });
      expect(response.status).toBe(413);
      // A ReadableStream pulls its first chunk by itself; the server read nothing beyond it.
      expect(big.state.pulled).toBeLessThanOrEqual(FIRST_CHUNK);
    });

    it("processes the photos of a request one at a time, and at most imageConcurrency photos in the process", async () => {
      const users = await Promise.all([signedIn(), signedIn()]);
      const photos = await Promise.all([jpeg(420, 300), jpeg(380, 280), jpeg(340, 260)]);
      const files = photos.map((data, i) => ({ data, name: `${i}.jpg` }));
      const queue = imageQueueOf(rt.deps);
      const before = queue.stats().peakActive;
      // One request alone: its photos never overlap, though two slots are free.
      expect((await upload(users[0].token, files)).status).toBe(201);
      expect(queue.stats().peakActive).toBe(Math.max(before, 1));
      // Three requests at once on two slots: never more than two photos in work.
      const results = await Promise.all([upload(users[0].token, files), upload(users[1].token, files), upload(users[1].token, files)]);
      expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(queue.stats().peakActive).toBe(2);
      expect(queue.stats()).toMatchObject({ active: 0, pending: 0 });
    }, 120_000);

    it("answers 503 with Retry-After, before reading the body, while the image queue is full", async () => {
      const user = await signedIn();
      const queue = imageQueueOf(rt.deps);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const blockers = Array.from({ length: 2 + UPLOAD_QUEUE_MAX }, () => queue.run(() => gate));
      onTestFinished(async () => {
        release();
        await Promise.all(blockers);
      });
      const body = countingMultipart([{ name: "files", filename: "a.jpg", type: "image/jpeg", data: await jpeg(300, 300) }]);
      const response = await streamUpload(user.token, body);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await response.json()) as Answer).errors[0]?.key).toBe("exception.media.busy");
      expect(body.state.pulled).toBeLessThanOrEqual(FIRST_CHUNK);
    });

    it(`limits a user to ${UPLOADS_PER_HOUR} uploads an hour (429 with Retry-After, body unread); a form without photos does not count`, async () => {
      const user = await signedIn();
      const other = await signedIn();
      const now = rt.clock.now();
      for (let i = 0; i < UPLOADS_PER_HOUR - 1; i++) await recordHit(rt.deps.db, now, uploadWindow(user.id));
      // Sent without a photo: 400 required, not counted.
      const empty = new FormData();
      empty.append("files", new Blob([]), "");
      const none = await rt.request("/api/v2/media/upload", { method: "POST", token: user.token, body: empty });
      expect(((await none.json()) as Answer).errors[0]?.key).toBe("validation.image.required");
      const image = await jpeg(250, 250);
      expect((await upload(user.token, [{ data: image, name: "last.jpg" }])).status).toBe(201);
      const body = countingMultipart([{ name: "files", filename: "a.jpg", type: "image/jpeg", data: image }]);
      const refused = await streamUpload(user.token, body);
      expect(refused.status).toBe(429);
      // The uploads all fell in one slot: room comes when that slot leaves the hour.
      const retryAfterS = Number(refused.headers.get("retry-after"));
      expect(retryAfterS).toBeGreaterThan(3600 - slotMs(uploadWindow(user.id)) / 1000);
      expect(retryAfterS).toBeLessThanOrEqual(3600 + slotMs(uploadWindow(user.id)) / 1000);
      expect(((await refused.json()) as Answer).errors[0]).toMatchObject({
        key: "exception.media.upload_limit",
        params: { max: UPLOADS_PER_HOUR },
      });
      expect(body.state.pulled).toBeLessThanOrEqual(FIRST_CHUNK);
      // Per user: someone else uploads on.
      expect((await upload(other.token, [{ data: image, name: "a.jpg" }])).status).toBe(201);
      // The next hour opens the window again.
      rt.clock.advance(retryAfterS * 1000);
      expect((await upload(user.token, [{ data: image, name: "again.jpg" }])).status).toBe(201);
    });
  });

  it("finishes the photo step once a photo exists", async () => {
    const user = await signedIn(2);
    await rt.deps.db.updateTable("users").set({ register_completed_step: 1 }).where("id", "=", user.id).execute();
    await upload(user.token, [{ data: await jpeg(320, 240), name: "a.jpg" }]);
    const response = await rt.request("/api/v2/registration/photo", { method: "PUT", token: user.token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ register_completed_step: 2, next_step: "profile" });
  });
});

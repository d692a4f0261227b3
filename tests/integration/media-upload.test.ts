import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRandom } from "#server/db/seed/random";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

/** Noise compresses badly, so small dimensions still give files above the 50,000-byte minimum. */
function noise(width: number, height: number, seed = "noise"): Buffer {
  const rng = createRandom(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(rng.next() * 256);
  return pixels;
}

async function jpeg(
  width: number,
  height: number,
  options: { quality?: number; gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  let image = sharp(noise(width, height, `${width}x${height}`), { raw: { width, height, channels: 3 } }).jpeg({
    quality: options.quality ?? 95,
  });
  if (options.gps || options.orientation) {
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      ...(options.gps
        ? {
            exif: {
              IFD0: { Make: "VeloraCam", Copyright: "secret-owner" },
              IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 0/1" },
            },
          }
        : {}),
    });
  }
  return await image.toBuffer();
}

interface Item {
  id: number;
  url: string;
  visibility: string;
  status: number;
  width: number;
  height: number;
  is_avatar: boolean;
  mime_type: string;
}

describe(`media upload and file visibility (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let mediaDir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    mediaDir = mkdtempSync(join(tmpdir(), "velora-media-"));
    (rt.deps.config as { mediaDir: string }).mediaDir = mediaDir;
  });
  afterAll(async () => {
    await rt.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function signedIn(userType = 2, isMember = false) {
    const user = await createUser(rt, { userType });
    if (isMember) await rt.deps.db.updateTable("users").set({ is_member: 1 }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password);
    return { ...user, token: String(body.access_token) };
  }

  async function upload(token: string | undefined, files: Array<{ data: Buffer; name: string; type?: string }>, visibility?: string) {
    const form = new FormData();
    for (const file of files) form.append("files", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/jpeg" }), file.name);
    if (visibility) form.append("visibility", visibility);
    const response = await rt.request("/api/v2/media/upload", { method: "POST", token, body: form });
    return {
      status: response.status,
      json: (await response.json()) as { data: Item[]; errors: Array<{ key: string; source?: string; params?: Record<string, unknown> }> },
    };
  }

  async function fetchFile(id: number, token?: string) {
    const response = await rt.request(`/api/v2/media/${id}/file`, { token });
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      cache: response.headers.get("cache-control"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  }

  it("stores a valid photo, makes the first one the avatar and lists it under /media/my", async () => {
    const user = await signedIn();
    const first = await upload(user.token, [{ data: await jpeg(320, 240), name: "a.jpg" }]);
    expect(first.status).toBe(201);
    expect(first.json.data).toEqual([
      expect.objectContaining({ width: 320, height: 240, status: 1, visibility: "public", is_avatar: true, mime_type: "image/jpeg" }),
    ]);
    const second = await upload(user.token, [{ data: await jpeg(300, 300), name: "b.jpg" }]);
    expect(second.json.data[0]!.is_avatar).toBe(false);
    const mine = (await (await rt.request("/api/v2/media/my", { token: user.token })).json()) as { data: Item[] };
    expect(mine.data.map((m) => [m.id, m.is_avatar, m.url])).toEqual([
      [first.json.data[0]!.id, true, `/media/${first.json.data[0]!.id}`],
      [second.json.data[0]!.id, false, `/media/${second.json.data[0]!.id}`],
    ]);
  });

  it("needs login", async () => {
    expect((await upload(undefined, [{ data: await jpeg(320, 240), name: "a.jpg" }])).status).toBe(401);
  });

  it("refuses images narrower than 200 px with 'image upload size is too small'", async () => {
    const user = await signedIn();
    const narrow = await jpeg(150, 700);
    expect(narrow.byteLength).toBeGreaterThan(50_000);
    const { status, json } = await upload(user.token, [{ data: narrow, name: "narrow.jpg" }]);
    expect(status).toBe(400);
    expect(json.errors).toEqual([expect.objectContaining({ key: "validation.image.too_small", source: "files.0", params: { min: 200 } })]);
  });

  it("refuses files under 50,000 bytes", async () => {
    const user = await signedIn();
    const tiny = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    expect(tiny.byteLength).toBeLessThan(50_000);
    const { json } = await upload(user.token, [{ data: tiny, name: "tiny.jpg" }]);
    expect(json.errors).toEqual([
      expect.objectContaining({ key: "validation.image.file_too_small", source: "files.0", params: { min: 50_000 } }),
    ]);
  });

  it("judges the type by content, not by the name or declared type", async () => {
    const user = await signedIn();
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'>".padEnd(60_000, " ") + "</svg>");
    const gif = await sharp(noise(300, 300), { raw: { width: 300, height: 300, channels: 3 } })
      .gif()
      .toBuffer();
    const { status, json } = await upload(user.token, [
      { data: text, name: "photo.jpg", type: "image/jpeg" },
      { data: Buffer.concat([gif, Buffer.alloc(Math.max(0, 60_000 - gif.byteLength))]), name: "photo.png", type: "image/png" },
    ]);
    expect(status).toBe(400);
    expect(json.errors.map((e) => [e.source, e.key])).toEqual([
      ["files.0", "validation.image.invalid_type"],
      ["files.1", "validation.image.invalid_type"],
    ]);
    // All or nothing: nothing was stored.
    const mine = (await (await rt.request("/api/v2/media/my", { token: user.token })).json()) as { data: Item[] };
    expect(mine.data).toEqual([]);
    // A real PNG named .jpg is accepted as PNG.
    const png = await sharp(noise(260, 260), { raw: { width: 260, height: 260, channels: 3 } })
      .png()
      .toBuffer();
    const ok = await upload(user.token, [{ data: png, name: "photo.jpg", type: "image/jpeg" }]);
    expect(ok.json.data[0]!.mime_type).toBe("image/png");
  });

  it("removes EXIF and GPS data and applies the orientation", async () => {
    const user = await signedIn();
    const withGps = await jpeg(400, 300, { gps: true, orientation: 6 });
    const before = await sharp(withGps).metadata();
    expect(before.exif?.toString("latin1")).toContain("secret-owner");
    expect(before.orientation).toBe(6);
    const { json } = await upload(user.token, [{ data: withGps, name: "gps.jpg" }]);
    const item = json.data[0]!;
    // Orientation 6 is a quarter turn: the stored photo is upright, 300 wide.
    expect([item.width, item.height]).toEqual([300, 400]);
    const file = await fetchFile(item.id, user.token);
    expect(file.status).toBe(200);
    const after = await sharp(file.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(file.body.toString("latin1")).not.toContain("secret-owner");
    expect(file.body.toString("latin1")).not.toContain("VeloraCam");
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
  });

  it("lets clients choose only logged_in, plus_member or private", async () => {
    const client = await signedIn(1);
    const image = await jpeg(220, 220);
    expect((await upload(client.token, [{ data: image, name: "a.jpg" }], "public")).status).toBe(400);
    const { json } = await upload(client.token, [{ data: image, name: "a.jpg" }]);
    expect(json.data[0]!.visibility).toBe("logged_in");
  });

  it("enforces visibility on the media file for guests, members and other users", async () => {
    const owner = await signedIn();
    const member = await signedIn(1, true);
    const other = await signedIn(1);
    const image = await jpeg(240, 240);
    const ids: Record<string, number> = {};
    for (const visibility of ["public", "logged_in", "plus_member", "fsk18", "private"]) {
      const { json } = await upload(owner.token, [{ data: image, name: "x.jpg" }], visibility);
      ids[visibility] = json.data[0]!.id;
    }
    const seen = async (token?: string) => {
      const out: string[] = [];
      for (const [visibility, id] of Object.entries(ids)) if ((await fetchFile(id, token)).status === 200) out.push(visibility);
      return out;
    };
    expect(await seen()).toEqual(["public"]);
    expect(await seen(other.token)).toEqual(["public", "logged_in"]);
    expect(await seen(member.token)).toEqual(["public", "logged_in", "plus_member"]);
    // A lapsed plus membership no longer opens plus_member photos.
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() - 1000 })
      .where("id", "=", member.id)
      .execute();
    expect(await seen(member.token)).toEqual(["public", "logged_in"]);
    expect(await seen(owner.token)).toEqual(["public", "logged_in", "plus_member", "fsk18", "private"]);
    const guest = await fetchFile(ids.private!);
    expect(guest.status).toBe(404);
    expect(guest.type).toContain("application/json");
    expect((await fetchFile(ids.public!)).cache).toBe("public, max-age=86400");
    expect((await fetchFile(ids.logged_in!, other.token)).cache).toBe("private, max-age=300");
    // A rejected photo is gone for everyone but its owner.
    await rt.deps.db.updateTable("media").set({ status: 2 }).where("id", "=", ids.public!).execute();
    expect((await fetchFile(ids.public!)).status).toBe(404);
    expect((await fetchFile(ids.public!, owner.token)).status).toBe(200);
    expect((await rt.request("/api/v2/media/abc/file")).status).toBe(404);
    expect((await fetchFile(999_999)).status).toBe(404);
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

/**
 * The member's gallery (issue 10 item 3, ADR 029): every managing endpoint validates and acts only on
 * the caller's own media (another member's id is 404 and changes nothing), the page size, the
 * watermark (drawn on derived images only, re-rendered under new URLs, at most 5 changes an hour), the
 * fake-check request, and metadata (EXIF, GPS) absent from every stored file, master included.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_PAGE_SIZE, WATERMARK_CHANGES_PER_HOUR, type GalleryPage, type OwnMediaItem } from "#server/contract/media-gallery";
import { mediaVariantUrl, MEDIA_STATUS, type MediaImage } from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { createLocalMediaStorage } from "#server/integrations/storage/local";
import { watermarkRenderOf } from "#server/modules/media/gallery";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime, storeMediaInTemporaryDir } from "../../helpers/runtime";

interface Envelope<T> {
  data: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

describe(`media gallery (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let sample: Buffer;

  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-gallery-");
    sample = await jpeg(480, 360, { gps: true, orientation: 1 });
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function member(userType: number = USER_TYPE.escort) {
    const user = await createUser(rt, { userType });
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { id: user.id, token: String(body.access_token) };
  }

  async function upload(token: string, count = 1, visibility?: string): Promise<OwnMediaItem[]> {
    const form = new FormData();
    for (let i = 0; i < count; i++) form.append("files", new Blob([new Uint8Array(sample)], { type: "image/jpeg" }), `p${i}.jpg`);
    if (visibility) form.append("visibility", visibility);
    const response = await rt.request("/api/v2/media/upload", { method: "POST", token, body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as Envelope<OwnMediaItem[]>).data;
  }

  async function call<T = unknown>(token: string, method: string, path: string, body?: unknown) {
    const response = await rt.request(`/api/v2${path}`, {
      method,
      token,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Envelope<T> };
  }

  const gallery = async (token: string, page = 1) => (await call<GalleryPage>(token, "GET", `/media/gallery?page=${page}`)).json.data;
  const ids = async (token: string) => (await gallery(token)).items.map((item) => item.id);

  async function file(image: MediaImage, width: number, token: string) {
    const response = await rt.request(`/api/v2${mediaVariantUrl(image, width, "jpeg")}`, { token });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  }

  it("lists the caller's photos with status, visibility, position and flags, and needs login", async () => {
    const { token } = await member();
    expect((await rt.request("/api/v2/media/gallery")).status).toBe(401);
    const empty = await gallery(token);
    expect(empty).toMatchObject({ items: [], total: 0, page: 1, pages: 1, page_size: GALLERY_PAGE_SIZE });
    expect(empty.watermark).toEqual({ enabled: false, color: "white", corner: "bottom_right", opacity: 100 });
    expect(empty.visibilities).toEqual(["public", "logged_in", "plus_member", "fsk18", "private"]);
    await upload(token, 2);
    const page = await gallery(token);
    expect(page.items.map((i) => [i.position, i.is_avatar, i.is_cover, i.fake_check, i.visibility, i.watermark_current])).toEqual([
      [0, true, false, "none", "public", true],
      [1, false, false, "none", "public", true],
    ]);
    // Status-agnostic: whatever moderation sets is what the owner sees.
    await rt.deps.db.updateTable("media").set({ status: MEDIA_STATUS.rejected }).where("id", "=", page.items[1]!.id).execute();
    expect((await gallery(token)).items[1]!.status).toBe(MEDIA_STATUS.rejected);
    expect((await call(token, "GET", "/media/gallery?page=0")).status).toBe(400);
    expect((await call(token, "GET", "/media/gallery?page=abc")).status).toBe(400);
  });

  it(`pages by ${GALLERY_PAGE_SIZE}`, async () => {
    const { id, token } = await member();
    // Rows without files are enough to page through.
    await rt.deps.db
      .insertInto("media")
      .values(
        Array.from({ length: GALLERY_PAGE_SIZE + 2 }, (_, i) => ({
          user_id: id,
          kind: "photo",
          visibility: "public",
          status: MEDIA_STATUS.pending,
          storage_key: `test/page-${id}-${i}`,
          mime_type: "image/jpeg",
          width: 400,
          height: 300,
          variant_widths: "160",
          bytes: 1,
          position: i,
          created_at: rt.clock.now(),
        })),
      )
      .execute();
    const first = await gallery(token);
    expect(first.items).toHaveLength(GALLERY_PAGE_SIZE);
    expect(first).toMatchObject({ total: GALLERY_PAGE_SIZE + 2, pages: 2 });
    const second = await gallery(token, 2);
    expect(second.items.map((i) => i.position)).toEqual([GALLERY_PAGE_SIZE, GALLERY_PAGE_SIZE + 1]);
    // Past the last page: the last page.
    expect((await gallery(token, 9)).page).toBe(2);
  });

  it("moves items (position, move-to-top) and reorders the album", async () => {
    const { token } = await member();
    const [a, b, c] = (await upload(token, 3)).map((item) => item.id);
    expect((await call(token, "PUT", `/media/${a}/position`, { position: 2 })).status).toBe(200);
    expect(await ids(token)).toEqual([b, c, a]);
    expect((await call(token, "PUT", `/media/${b}/position`, { position: 99 })).status).toBe(200);
    expect(await ids(token)).toEqual([c, a, b]);
    expect((await call(token, "POST", `/media/${b}/move-to-top`)).status).toBe(200);
    expect(await ids(token)).toEqual([b, c, a]);
    expect((await gallery(token)).items.map((i) => i.position)).toEqual([0, 1, 2]);
    expect((await call(token, "PUT", "/media/album/ordering", { ids: [a, b, c] })).status).toBe(200);
    expect(await ids(token)).toEqual([a, b, c]);
    // Validation: a negative or fractional position, an incomplete or repeated list.
    for (const body of [{ position: -1 }, { position: 1.5 }, { position: "1" }, {}]) {
      expect((await call(token, "PUT", `/media/${a}/position`, body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const list of [[a, b], [a, b, c, c], [a, b, 999_999], []]) {
      const refused = await call(token, "PUT", "/media/album/ordering", { ids: list });
      expect(refused.status, JSON.stringify(list)).toBe(400);
    }
    expect(await ids(token)).toEqual([a, b, c]);
  });

  it("sets the avatar and the cover (one each), and a deleted avatar passes on", async () => {
    const { token } = await member();
    const [a, b, c] = (await upload(token, 3)).map((item) => item.id);
    expect((await call<OwnMediaItem>(token, "PUT", `/media/${b}/avatar`)).json.data.is_avatar).toBe(true);
    expect((await call<OwnMediaItem>(token, "PUT", `/media/${c}/cover`)).json.data.is_cover).toBe(true);
    expect((await call<OwnMediaItem>(token, "PUT", `/media/${a}/cover`)).json.data.is_cover).toBe(true);
    let items = (await gallery(token)).items;
    expect(items.map((i) => [i.id, i.is_avatar, i.is_cover])).toEqual([
      [a, false, true],
      [b, true, false],
      [c, false, false],
    ]);
    const deleted = await call(token, "DELETE", `/media/${b}`);
    expect(deleted.status).toBe(200);
    items = (await gallery(token)).items;
    expect(items.map((i) => [i.id, i.position, i.is_avatar])).toEqual([
      [a, 0, true],
      [c, 1, false],
    ]);
    expect((await call(token, "DELETE", `/media/${b}`)).status).toBe(404);
  });

  it("deletes the files with the row", async () => {
    const { token } = await member();
    const [item] = await upload(token);
    expect((await file(item!.image, 160, token)).status).toBe(200);
    const row = await rt.deps.db.selectFrom("media").select("storage_key").where("id", "=", item!.id).executeTakeFirstOrThrow();
    const storage = createLocalMediaStorage(join(dir, "media"));
    expect(await storage.exists(`${row.storage_key}/master.jpg`)).toBe(true);
    await call(token, "DELETE", `/media/${item!.id}`);
    expect(await storage.exists(`${row.storage_key}/160.jpg`)).toBe(false);
    expect(await storage.exists(`${row.storage_key}/master.jpg`)).toBe(false);
  });

  it("sets the visibility; clients may only choose logged_in, plus_member or private", async () => {
    const escort = await member();
    const [photo] = await upload(escort.token);
    const set = await call<OwnMediaItem>(escort.token, "PUT", `/media/${photo!.id}/visibility`, { visibility: "fsk18" });
    expect(set.status).toBe(200);
    expect(set.json.data.visibility).toBe("fsk18");
    expect((await call(escort.token, "PUT", `/media/${photo!.id}/visibility`, { visibility: "friends" })).status).toBe(400);
    expect((await call(escort.token, "PUT", `/media/${photo!.id}/visibility`, "x")).status).toBe(400);

    const client = await member(USER_TYPE.client);
    const [own] = await upload(client.token);
    expect((await gallery(client.token)).visibilities).toEqual(["logged_in", "plus_member", "private"]);
    for (const visibility of ["public", "fsk18"]) {
      const refused = await call(client.token, "PUT", `/media/${own!.id}/visibility`, { visibility });
      expect(refused.status).toBe(400);
      expect(refused.json.errors?.[0]).toMatchObject({ key: "validation.invalid", source: "visibility" });
    }
    expect((await call(client.token, "PUT", `/media/${own!.id}/visibility`, { visibility: "plus_member" })).status).toBe(200);
  });

  it("requests a fake check once; the team's decision is shown", async () => {
    const { token } = await member();
    const [photo] = await upload(token);
    const first = await call<OwnMediaItem>(token, "POST", `/media/${photo!.id}/fake-check`);
    expect(first.json.data.fake_check).toBe("pending");
    const again = await call(token, "POST", `/media/${photo!.id}/fake-check`);
    expect(again.status).toBe(409);
    expect(again.json.errors?.[0]?.key).toBe("exception.gallery.fake_check_open");
    await rt.deps.db.updateTable("media").set({ fake_check: "rejected" }).where("id", "=", photo!.id).execute();
    expect((await gallery(token)).items[0]!.fake_check).toBe("rejected");
    expect((await call<OwnMediaItem>(token, "POST", `/media/${photo!.id}/fake-check`)).json.data.fake_check).toBe("pending");
  });

  it("refuses every action on another member's media with 404 and changes nothing", async () => {
    const owner = await member();
    const [x, y] = (await upload(owner.token, 2)).map((item) => item.id);
    const before = await rt.deps.db.selectFrom("media").selectAll().where("user_id", "=", owner.id).orderBy("id").execute();
    const intruder = await member();
    const [mine] = await upload(intruder.token);
    const attempts: Array<[string, string, unknown?]> = [
      ["PUT", `/media/${y}/visibility`, { visibility: "private" }],
      ["PUT", `/media/${y}/position`, { position: 0 }],
      ["POST", `/media/${y}/move-to-top`],
      ["PUT", `/media/${y}/avatar`],
      ["PUT", `/media/${y}/cover`],
      ["POST", `/media/${y}/fake-check`],
      ["DELETE", `/media/${y}`],
      ["DELETE", `/media/abc`],
      ["DELETE", `/media/0`],
    ];
    for (const [method, path, body] of attempts) {
      const { status } = await call(intruder.token, method, path, body);
      expect(status, `${method} ${path}`).toBe(404);
    }
    // The intruder's album cannot take in the owner's ids either.
    expect((await call(intruder.token, "PUT", "/media/album/ordering", { ids: [x, mine!.id] })).status).toBe(400);
    expect((await call(intruder.token, "PUT", "/media/album/ordering", { ids: [y] })).status).toBe(400);
    const after = await rt.deps.db.selectFrom("media").selectAll().where("user_id", "=", owner.id).orderBy("id").execute();
    expect(after).toEqual(before);
    // Without a token: 401.
    expect((await rt.request(`/api/v2/media/${y}/avatar`, { method: "PUT" })).status).toBe(401);
  });

  it("validates the watermark settings", async () => {
    const { token } = await member();
    const valid = { enabled: true, color: "white", corner: "top_left", opacity: 35 };
    for (const body of [
      { ...valid, opacity: 34 },
      { ...valid, opacity: 101 },
      { ...valid, opacity: 50.5 },
      { ...valid, color: "black" },
      { ...valid, corner: "center" },
      { enabled: true },
    ]) {
      const refused = await call(token, "PUT", "/media/watermark", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const opacity = await call(token, "PUT", "/media/watermark", { ...valid, opacity: 20 });
    expect(opacity.json.errors?.[0]).toMatchObject({ key: "validation.gallery.opacity", source: "opacity" });
    expect((await call(token, "PUT", "/media/watermark", valid)).status).toBe(200);
    expect((await gallery(token)).watermark).toEqual(valid);
  });

  it("draws the watermark on the derived images only, under new URLs, and removes it again", async () => {
    const { id, token } = await member();
    const [photo] = await upload(token);
    const before = await sharp((await file(photo!.image, 480, token)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const row = async () =>
      await rt.deps.db.selectFrom("media").select(["storage_key", "watermark"]).where("id", "=", photo!.id).executeTakeFirstOrThrow();
    const master = async () => (await createLocalMediaStorage(join(dir, "media")).read(`${(await row()).storage_key}/master.jpg`))!;
    const cleanMaster = await master();

    const saved = await call(token, "PUT", "/media/watermark", { enabled: true, color: "inverse", corner: "bottom_right", opacity: 100 });
    expect(saved.status).toBe(200);
    await watermarkRenderOf(rt.deps, id);
    const marked = (await gallery(token)).items[0]!;
    expect(marked.watermark_current).toBe(true);
    expect(marked.image.path).not.toBe(photo!.image.path); // immutable URLs: new bytes, new key
    expect((await file(photo!.image, 480, token)).status).toBe(404); // the old files are gone
    const after = await sharp((await file(marked.image, 480, token)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The master stays clean (the same bytes as before) and is never served.
    expect((await master()).equals(cleanMaster)).toBe(true);
    expect((await rt.request(`/api/v2${marked.image.path}/master.jpg`, { token })).status).toBe(404);

    // New uploads carry the watermark at once.
    const [fresh] = await upload(token);
    expect(fresh).toMatchObject({ id: expect.any(Number) });
    expect((await gallery(token)).items.every((item) => item.watermark_current)).toBe(true);

    // Switching it off re-renders clean images.
    await call(token, "PUT", "/media/watermark", { enabled: false, color: "inverse", corner: "bottom_right", opacity: 100 });
    await watermarkRenderOf(rt.deps, id);
    expect((await row()).watermark).toBeNull();
    const cleanItem = (await gallery(token)).items.find((item) => item.id === photo!.id)!;
    const clean = await sharp((await file(cleanItem.image, 480, token)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Marked and clean come from the same master: only the bottom-right corner differs.
    const meanDiff = (x0: number, y0: number) => {
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y0 + 60; y++)
        for (let x = x0; x < x0 + 60; x++)
          for (let ch = 0; ch < 3; ch++) {
            const i = (y * clean.info.width + x) * 3 + ch;
            sum += Math.abs(clean.data[i]! - after.data[i]!);
            n++;
          }
      return sum / n;
    };
    expect(meanDiff(480 - 14 - 80, 360 - 14 - 80)).toBeGreaterThan(25);
    expect(meanDiff(0, 0)).toBeLessThan(1);
    expect(before.info.width).toBe(480);
  });

  it(`allows ${WATERMARK_CHANGES_PER_HOUR} watermark changes per hour, then 429; saving the same settings is free`, async () => {
    const { token } = await member();
    const base = { enabled: true, color: "white", corner: "top_left" };
    for (let i = 0; i < WATERMARK_CHANGES_PER_HOUR; i++) {
      expect((await call(token, "PUT", "/media/watermark", { ...base, opacity: 40 + i })).status).toBe(200);
    }
    expect((await call(token, "PUT", "/media/watermark", { ...base, opacity: 40 + WATERMARK_CHANGES_PER_HOUR - 1 })).status).toBe(200);
    const refused = await call(token, "PUT", "/media/watermark", { ...base, opacity: 99 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.errors?.[0]?.key).toBe("exception.gallery.watermark_limit");
    expect((await gallery(token)).watermark_changes_left).toBe(0);
    expect((await gallery(token)).watermark.opacity).toBe(40 + WATERMARK_CHANGES_PER_HOUR - 1);
  });

  it("keeps no EXIF, GPS, XMP or ICC comment in any stored file of an upload, the private master included", async () => {
    expect((await sharp(sample).metadata()).exif).toBeDefined(); // the sample does carry GPS
    const { token } = await member();
    const [photo] = await upload(token);
    const row = await rt.deps.db.selectFrom("media").select("storage_key").where("id", "=", photo!.id).executeTakeFirstOrThrow();
    const storage = createLocalMediaStorage(join(dir, "media"));
    const names = ["master.jpg", ...photo!.image.widths.flatMap((w) => [`${w}.jpg`, `${w}.webp`, `${w}.avif`])];
    for (const name of names) {
      const bytes = (await storage.read(`${row.storage_key}/${name}`))!;
      expect(bytes, name).not.toBeNull();
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.iptc, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("VeloraCam")), name).toBe(false);
      expect(bytes.includes(Buffer.from("secret-owner")), name).toBe(false);
    }
  });
});

/**
 * Image creatives (issue 32 item 1, ADR 140) through the real API on both databases: the type is read from the bytes
 * (not the name), the size must be the creative's zone size or twice it, the file at most AD_IMAGE_MAX_BYTES; the
 * stored image keeps no metadata, is served with a year-long cache header and shows in the zone with its alt text in
 * the viewer's language. Staff with content.edit only: members get 403, guests 401.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AD_IMAGE_ERRORS, AD_IMAGE_FIELD, AD_IMAGE_MAX_BYTES, type AdCampaignItem, type AdZoneAnswer } from "#server/contract/ads";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { jsonCaller, type Body } from "./call";

const ALT = { alt_de: "Bild-Anzeige", alt_en: "Image ad", alt_es: "Anuncio con imagen", alt_pl: "Reklama graficzna" };

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } });

describe(`image creatives (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: string;
  let backend: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    team = (await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }))).token;
    backend = (await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }))).token;
  }, 60_000);
  afterAll(() => rt.close());

  const json = jsonCaller(() => rt);

  /** A campaign for one page key with one text creative of `size`; answers the creative's id. */
  async function creative(pageKey: string, size = "320x100"): Promise<number> {
    const made = await json<AdCampaignItem>("/api/v2/backoffice/ads/campaigns", {
      token: team,
      method: "POST",
      body: { name: `Bild ${pageKey}`, starts_on: "2026-11-01", page_keys: pageKey },
    });
    expect(made.status).toBe(201);
    const withCreative = await json<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${made.body.data.id}/creatives`, {
      token: team,
      method: "POST",
      body: { size, headline: "Hallo", target_url: "/de/events", ...ALT },
    });
    expect(withCreative.status).toBe(201);
    return withCreative.body.data.creatives[0]!.id;
  }

  async function upload(id: number, bytes: Buffer, name: string, token: string | undefined = team) {
    const form = new FormData();
    form.append(AD_IMAGE_FIELD, new Blob([new Uint8Array(bytes)]), name);
    const response = await rt.request(`/api/v2/backoffice/ads/creatives/${id}/image`, { method: "POST", token, body: form });
    return { status: response.status, body: (await response.json()) as Body<AdCampaignItem> };
  }

  const zone = (pageKey: string, language = "de") =>
    json<AdZoneAnswer>(`/api/v2/ads/zone?page_key=${pageKey}&sizes=320x100`, { headers: { "accept-language": language } });

  it("stores an image of the zone's size, serves it for a year and shows it in the zone with the viewer's alt text", async () => {
    const id = await creative("favorite");
    const png = await solid(320, 100).png().toBuffer();
    const done = await upload(id, png, "banner.png");
    expect(done.status).toBe(200);
    const item = done.body.data.creatives.find((c) => c.id === id)!;
    expect(item.format).toBe("image");
    expect(item.image_url).toMatch(/^\/ads\/image\/[0-9a-f]{32}\.png$/);

    const shown = await zone("favorite", "en");
    expect(shown.body.data.placement).toMatchObject({
      source: "house",
      creative_id: id,
      format: "image",
      image_url: item.image_url,
      width: 320,
      height: 100,
      alt: "Image ad",
    });
    expect((await zone("favorite", "pl")).body.data.placement?.alt).toBe("Reklama graficzna");

    const file = item.image_url!.split("/").pop()!;
    const served = await rt.request(`/api/v2/ads/images/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 100]);

    // A name no creative uses, and one that is no image name at all: 404.
    expect((await rt.request(`/api/v2/ads/images/${"0".repeat(32)}.png`)).status).toBe(404);
    expect((await rt.request("/api/v2/ads/images/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("takes twice the size (high-density screens) and a new image replaces the old one, whose name then answers 404", async () => {
    const id = await creative("visitor");
    const first = await upload(id, await solid(320, 100).png().toBuffer(), "a.png");
    const firstUrl = first.body.data.creatives.find((c) => c.id === id)!.image_url!;
    const second = await upload(id, await solid(640, 200).jpeg().toBuffer(), "b.jpg", backend);
    expect(second.status).toBe(200);
    const secondUrl = second.body.data.creatives.find((c) => c.id === id)!.image_url!;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect(secondUrl).not.toBe(firstUrl);
    expect((await rt.request(`/api/v2/ads/images/${firstUrl.split("/").pop()}`)).status).toBe(404);
    expect((await rt.request(`/api/v2/ads/images/${secondUrl.split("/").pop()}`)).status).toBe(200);
  });

  it("reads the type from the bytes, not the name, and keeps no metadata", async () => {
    const id = await creative("newsfeed");
    // A PNG named .jpg is a PNG.
    const named = await upload(id, await solid(320, 100).png().toBuffer(), "banner.jpg");
    expect(named.status).toBe(200);
    expect(named.body.data.creatives.find((c) => c.id === id)!.image_url).toMatch(/\.png$/);
    // Text named .png is refused at the field.
    const text = await upload(id, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>".padEnd(2000, " ")), "banner.png");
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([expect.objectContaining({ key: AD_IMAGE_ERRORS.type, source: AD_IMAGE_FIELD })]);
    // A GIF is no accepted type either.
    const gif = await upload(id, await solid(320, 100).gif().toBuffer(), "banner.gif");
    expect(gif.status).toBe(400);
    expect(gif.body.errors?.[0]?.key).toBe(AD_IMAGE_ERRORS.type);
    // EXIF (with a GPS-like comment) in the upload; none in what is served.
    const withExif = await solid(320, 100)
      .jpeg()
      .withExif({ IFD0: { ImageDescription: "GPS 52.52 13.40", Copyright: "someone" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await upload(id, withExif, "photo.jpg");
    expect(stored.status).toBe(200);
    const file = stored.body.data.creatives
      .find((c) => c.id === id)!
      .image_url!.split("/")
      .pop()!;
    const served = Buffer.from(await (await rt.request(`/api/v2/ads/images/${file}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from("52.52"))).toBe(false);
  });

  it("refuses a wrong size, a file over the cap and an empty form at the file field", async () => {
    const id = await creative("event_search");
    const wrong = await upload(id, await solid(300, 250).png().toBuffer(), "rect.png");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]).toMatchObject({ key: AD_IMAGE_ERRORS.size, source: AD_IMAGE_FIELD });
    expect(wrong.body.errors?.[0]?.params?.sizes).toBe("320×100, 640×200");
    // Noise does not compress: a PNG of noise just over the cap is refused at the field (the cap counts the file).
    const noisy = (width: number) =>
      sharp(randomBytes(width * 200 * 3), { raw: { width, height: 200, channels: 3 } })
        .png()
        .toBuffer();
    const over = await noisy(260);
    expect(over.byteLength).toBeGreaterThan(AD_IMAGE_MAX_BYTES);
    const big = await upload(id, over, "noise.png");
    expect(big.status).toBe(413);
    expect(big.body.errors?.[0]).toMatchObject({ key: AD_IMAGE_ERRORS.tooLarge, source: AD_IMAGE_FIELD });
    // A body far past it is refused as a whole before it is read (413 as well, never a 5xx).
    expect((await upload(id, await noisy(640), "noise.png")).status).toBe(413);
    const empty = new FormData();
    empty.append("other", "x");
    const none = await rt.request(`/api/v2/backoffice/ads/creatives/${id}/image`, { method: "POST", token: team, body: empty });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Body<unknown>).errors?.[0]?.key).toBe(AD_IMAGE_ERRORS.required);
    // Nothing changed: the creative is still a text ad.
    const list = await json<{ items: AdCampaignItem[] }>("/api/v2/backoffice/ads", { token: team });
    const still = list.body.data.items.flatMap((c) => c.creatives).find((c) => c.id === id)!;
    expect([still.format, still.image_url]).toEqual(["text", null]);
  });

  it("keeps the upload to staff: members get 403, guests 401, an unknown creative 404", async () => {
    const id = await creative("blog_search");
    const png = await solid(320, 100).png().toBuffer();
    for (const userType of [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business]) {
      const member = await signIn(rt, await createUser(rt, { userType }));
      expect((await upload(id, png, "x.png", member.token)).status).toBe(403);
    }
    expect((await upload(id, png, "x.png", "")).status).toBe(401);
    expect((await upload(9_999_999, png, "x.png")).status).toBe(404);
    const list = await json<{ items: AdCampaignItem[] }>("/api/v2/backoffice/ads", { token: team });
    expect(list.body.data.items.flatMap((c) => c.creatives).find((c) => c.id === id)!.image_url).toBeNull();
  });

  it("a creative moved to another size drops its image (it fits one size only) and shows its text again", async () => {
    const id = await creative("my_notification");
    await upload(id, await solid(320, 100).png().toBuffer(), "a.png");
    const moved = await json<AdCampaignItem>(`/api/v2/backoffice/ads/creatives/${id}`, {
      token: team,
      method: "PUT",
      body: { size: "468x60", headline: "Hallo", target_url: "/de/events", ...ALT },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.creatives.find((c) => c.id === id)).toMatchObject({ format: "text", image_url: null, size: "468x60" });
  });
});

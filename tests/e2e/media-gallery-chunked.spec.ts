import { statSync } from "node:fs";
import type { Request } from "@playwright/test";
import sharp from "sharp";
import { CHUNK_SIZE } from "#server/contract/media-chunked";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * The gallery's photo upload WITH JavaScript (ADR 029): the page shrinks a large photo in the browser,
 * sends it in 512 KB pieces with its upload-only token, survives a piece whose connection drops (it
 * retries after asking the server what it holds) and shows the photo in the gallery afterwards.
 * Without JavaScript the same photo goes through the plain form in one post.
 */
interface PieceMeta {
  chunkIndex: number;
  chunkSize: number;
  totalSize: number;
  mimeType: string;
}

/** The meta of a piece request (multipart, so read out of the raw body). */
function pieceMeta(request: Request): PieceMeta | null {
  const body = request.postDataBuffer()?.toString("latin1") ?? "";
  if (!/name="action"\r\n\r\nupload\r\n/.test(body)) return null;
  const meta = /name="meta"\r\n\r\n(\{[^\r]*\})\r\n/.exec(body)?.[1];
  return meta ? (JSON.parse(meta) as PieceMeta) : null;
}

test("@js an escort uploads a large photo: with JavaScript shrunk and in pieces through a dropped connection, and it arrives", async ({
  page,
  request,
  clientIp,
  javaScriptEnabled,
}, testInfo) => {
  // A photo well above 100 KB that stays several pieces long after the browser's JPEG 0.85 (noise
  // compresses badly): 2400 × 1800, so it is not scaled down either.
  const photoPath = testInfo.outputPath("large-photo.jpg");
  await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 98 })
    .toFile(photoPath);
  const original = statSync(photoPath).size;

  // Each project its own city's last escort (they run at the same time and count tiles; a login reorders a
  // city's ranking, so two ranks of one city could meet): München with JavaScript, Nürnberg without.
  // The settings tests take the first of both; the no-JS gallery test takes Stuttgart's last.
  const username = javaScriptEnabled
    ? await seededEscortNear(request, clientIp, 48.1351, 11.582, -1)
    : await seededEscortNear(request, clientIp, 49.4521, 11.0767, -1);
  await logIn(page, username, DEMO.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/de/user/media_gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fotos & Galerie");
  const tiles = page.getByTestId("gallery-tile");
  const before = await tiles.count();

  // Piece 1's first request dies on the way (connection reset); everything else passes.
  const pieces: PieceMeta[] = [];
  let dropped = 0;
  await page.route(
    (url) => url.pathname === "/api/v2/media/upload/chunked",
    async (route) => {
      const meta = pieceMeta(route.request());
      if (meta) pieces.push(meta);
      if (meta?.chunkIndex === 1 && dropped === 0) {
        dropped += 1;
        await route.abort("connectionreset");
        return;
      }
      await route.continue();
    },
  );
  const asked = !javaScriptEnabled
    ? null
    : page.waitForRequest((r) => r.method() === "GET" && r.url().includes("/api/v2/media/upload/chunked/"));

  await page.getByLabel("Fotos auswählen").setInputFiles(photoPath);
  await page.getByRole("region", { name: "Fotos hochladen" }).getByLabel("Sichtbar für").selectOption("logged_in");
  await page.getByTestId("gallery-upload").click();
  if (javaScriptEnabled) {
    await expect(page.getByRole("progressbar", { name: "Fortschritt des Uploads" })).toBeVisible();
    // After the drop the page asks the server which pieces it holds, then sends the rest.
    await asked;
  }
  await expect(page.getByTestId("settings-notice")).toHaveText("Hochgeladen.", { timeout: 45_000 });
  await expect(tiles).toHaveCount(before + 1);
  await expect(tiles.last()).toContainText("Angemeldete Mitglieder");
  const src = await tiles.last().locator("img").getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);

  if (!javaScriptEnabled) {
    // The plain multipart post: no pieces, no token, no progress bar.
    expect(pieces).toEqual([]);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    return;
  }
  // Shrunk in the browser (JPEG), cut into 512 KB pieces, piece 1 sent twice.
  expect(dropped).toBe(1);
  const totalSize = pieces[0]!.totalSize;
  expect(pieces.every((p) => p.mimeType === "image/jpeg" && p.totalSize === totalSize)).toBe(true);
  expect(totalSize).toBeLessThan(original);
  const count = Math.ceil(totalSize / CHUNK_SIZE);
  expect(count).toBeGreaterThanOrEqual(3);
  expect(pieces.map((p) => p.chunkIndex)).toEqual([0, 1, ...Array.from({ length: count - 1 }, (_, i) => i + 1)]);
  expect(pieces.every((p) => p.chunkSize <= CHUNK_SIZE)).toBe(true);

  // The hydrated page's other forms still work (client-side posts): the new photo becomes the avatar.
  await tiles.last().getByRole("link").click();
  const manage = page.getByTestId("gallery-manage");
  await expect(manage).toContainText(`Foto ${before + 1} von ${before + 1}`);
  await manage.getByRole("button", { name: "Als Profilbild" }).click();
  await expect(page.getByTestId("settings-notice")).toHaveText("Als Profilbild gesetzt.");
  await expect(manage.getByTestId("gallery-role")).toContainText("Profilbild");
});

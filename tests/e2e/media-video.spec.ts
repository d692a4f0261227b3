import { execFileSync } from "node:child_process";
import { writeTestClip } from "../helpers/video";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * Videos in the gallery (issue 10 item 3, ADR 034) without JavaScript: an escort uploads a clip with the
 * plain form; the server's job encodes it with Debian's ffmpeg; the tile turns from "being prepared" into
 * the poster with its length, waiting for the team; the panel plays it and the file answers byte ranges.
 * A bad file is refused at its field. The second-to-last seeded escort of Düsseldorf (no other test's).
 */
test("an escort uploads a video: prepared in the background, then shown with poster and length and playable", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  const clip = testInfo.outputPath("clip.mp4");
  writeTestClip(clip, { size: "640x360", seconds: 2, audio: true, extra: ["-c:v", "libx264", "-preset", "ultrafast"] });
  const notVideo = testInfo.outputPath("notes.mp4");
  execFileSync("sh", ["-c", `printf 'only text, no video here %.0s' $(seq 1 200) > ${notVideo}`]);

  const username = await seededEscortNear(request, clientIp, 51.2277, 6.7735, -2); // Düsseldorf
  await logIn(page, username, DEMO.password);
  await page.goto("/de/user/media_gallery");
  const form = page.getByRole("region", { name: "Video hochladen" });

  await form.getByLabel("Video (MP4, WebM oder MOV)").setInputFiles(notVideo);
  await form.getByTestId("gallery-video-upload").click();
  await expect(form.locator('[data-field-error="file"]')).toHaveText(
    "Diese Datei ist kein Video, das wir lesen können. Erlaubt sind MP4, WebM und MOV.",
  );

  await form.getByLabel("Video (MP4, WebM oder MOV)").setInputFiles(clip);
  await form.getByTestId("gallery-video-upload").click();
  await expect(page.getByTestId("settings-notice")).toHaveText("Video hochgeladen. Wir bereiten es auf; danach prüft es unser Team.");

  // The job runner encodes it within seconds; without JavaScript the member reloads.
  await expect
    .poll(
      async () => {
        await page.goto("/de/user/media_gallery");
        return page.getByTestId("gallery-tile").filter({ hasText: "▶ 0:02" }).count();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
  const tile = page.getByTestId("gallery-tile").filter({ hasText: "▶ 0:02" });
  await expect(tile).toContainText("Wird geprüft");
  await tile.getByRole("link").click();
  const player = page.getByTestId("gallery-video-player");
  await expect(player).toBeVisible();
  const src = await player.locator("source").getAttribute("src");
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}\/video\.mp4$/);
  const part = await page.request.get(src!, { headers: { range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-type"]).toBe("video/mp4");
  expect(part.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  // Waiting for the team: a guest does not get it.
  expect((await request.get(src!)).status()).toBe(404);
});

/**
 * Recordings played back without JavaScript on a phone (issue 31 item 4, ADR 130): the creator finds the private
 * recording in "my recordings", opens its page (title, date, duration) and the native <video> plays the stored MP4
 * through /media/live/{id}/recording.mp4 (byte ranges, the session forwarded). An fsk18 recording shows a guest and a
 * member without the age check the age prompt with the link to the age verification and no video; once the member's
 * age check is open in their login, it plays. The recording is what the remux job leaves: a short ffmpeg test pattern
 * MP4 under the e2e server's MEDIA_DIR and its row (the live flow's own spec records one from a real stream).
 */
import { spawnSync } from "node:child_process";
import type { Locator } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { withE2eDb, verifyIdentityAndAge } from "./kyc-fixtures";
import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const MEDIA_DIR = `${process.env.E2E_APP_DIR ?? "."}/data/e2e-${PORT}/media`;
const CITY = "Ulm";

/** A ready recording of an ended stream of the creator: a 3-second test pattern MP4 in storage and its row; its id. */
function storedRecording(creator: string, visibility: "private" | "fsk18", title: string): number {
  const name = randomBytes(16).toString("hex");
  const prefix = `live/${name.slice(0, 2)}/${name}`;
  mkdirSync(`${MEDIA_DIR}/${prefix}`, { recursive: true });
  const made = spawnSync("ffmpeg", [
    ...["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25", "-t", "3"],
    ...[
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      `${MEDIA_DIR}/${prefix}/recording.mp4`,
    ],
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  return withE2eDb((db) => {
    const now = Date.now();
    const { id: creatorId } = db.prepare("SELECT id FROM users WHERE username = ?").get(creator) as { id: number };
    const stream = db
      .prepare(
        `INSERT INTO live_streams (creator_id, title, category, audience, price, ingest, state, record, started_at, ended_at, producer_seen_at, created_at, updated_at)
         VALUES (?, ?, 'chat', 'logged_in', NULL, 'browser', 'ended', 1, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(creatorId, title, now - 60_000, now, now, now - 60_000, now) as { id: number };
    const row = db
      .prepare(
        `INSERT INTO live_recordings (stream_id, creator_id, state, visibility, price, storage_prefix, duration_ms, size_bytes, created_at, ready_at)
         VALUES (?, ?, 'ready', ?, NULL, ?, 3000, 1000, ?, ?) RETURNING id`,
      )
      .get(stream.id, creatorId, visibility, prefix, now, now) as { id: number };
    return row.id;
  });
}

/** The member's newest login session entered the age-check PIN (ADR 105): the closed user group is open in it. */
function openAgeSession(username: string): void {
  withE2eDb((db) => {
    const { id } = db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number };
    const { family_id: family } = db.prepare("SELECT family_id FROM access_tokens WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(id) as {
      family_id: string;
    };
    db.prepare("INSERT INTO age_verification_sessions (family_id, user_id, authenticated_at) VALUES (?, ?, ?)").run(family, id, Date.now());
  });
}

/** The page's <video> decodes frames: started muted (no page script runs; the test drives the element). */
async function expectPlays(video: Locator): Promise<void> {
  await expect(video).toHaveAttribute("src", /^\/media\/live\/\d+\/recording\.mp4\?g=\d+\.[\w-]{43}$/);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play().catch(() => {});
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(3);
}

test("the creator opens a private recording from my recordings and it plays in a native video", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  const creator = await listedEscortIn(request, clientIp, CITY);
  const id = storedRecording(creator, "private", "Abend in Ulm");
  await logIn(page, creator, SIGN_UP_PASSWORD);
  await page.goto("/de/live/recordings/mine");
  await page.screenshot({ path: testInfo.outputPath("live-recordings-mine-390.png"), fullPage: true });
  await page.getByRole("link", { name: "Abend in Ulm" }).click();
  await expect(page).toHaveURL(new RegExp(`/de/live/recordings/${id}$`));
  await expect(page.getByTestId("live-recording-title")).toHaveText("Abend in Ulm");
  await expect(page.getByTestId("live-recording-duration")).toContainText("1 Minute");
  await expect(page.getByTestId("live-recording-date")).not.toBeEmpty();
  const video = page.getByTestId("live-recording-video");
  await expectPlays(video);
  await page.screenshot({ path: testInfo.outputPath("live-recording-page-390.png"), fullPage: true });

  // The address is the creator's: a guest's request with it finds nothing.
  const src = (await video.getAttribute("src"))!;
  expect((await request.get(src)).status()).toBe(404);
  // A byte range as a player seeks: 206 with the range.
  const ranged = await page.request.get(src, { headers: { range: "bytes=0-99" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
});

test("an fsk18 recording asks a guest and an unverified member for the age check and plays once it is open", async ({
  page,
  browser,
  request,
  clientIp,
}, testInfo) => {
  const creator = await listedEscortIn(request, clientIp, CITY);
  verifyIdentityAndAge(creator);
  const id = storedRecording(creator, "fsk18", "Nur für Erwachsene");
  const path = `/de/live/recordings/${id}`;

  const guest = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" })
  ).newPage();
  await guest.goto(path);
  await expect(guest.getByTestId("live-recording-adult")).toBeVisible();
  await expect(guest.getByTestId("live-recording-sign-in")).toBeVisible();
  await expect(guest.getByTestId("live-recording-age")).toHaveAttribute("href", "/de/user/age_check_verification");
  await expect(guest.getByTestId("live-recording-video")).toHaveCount(0);
  await guest.context().close();

  const member = await listedClient(request, clientIp, 1);
  await logIn(page, member, SIGN_UP_PASSWORD);
  await page.goto(path);
  await expect(page.getByTestId("live-recording-adult")).toBeVisible();
  await expect(page.getByTestId("live-recording-age")).toHaveAttribute("href", "/de/user/age_check_verification");
  await expect(page.getByTestId("live-recording-video")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("live-recording-age-390.png"), fullPage: true });

  verifyIdentityAndAge(member);
  openAgeSession(member);
  await page.goto(path);
  await expectPlays(page.getByTestId("live-recording-video"));
  await expect(page.getByTestId("live-recording-report")).toBeVisible();
  await page.goto("/de/live/recordings");
  await expect(page.getByRole("link", { name: "Nur für Erwachsene" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("live-recordings-list-390.png"), fullPage: true });
});

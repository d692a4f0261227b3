import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * The activity tracker's consent (issue 32 item 2, ADR 132) without JavaScript: off until the member gives it on the
 * data privacy page; with it, pages carry public/scripts/activity.js and the profile names itself for it; the web
 * route relays a batch with the session's member, honours "do not track" and refuses a foreign origin; withdrawn, the
 * script is gone again. The escort is a fresh one listed in Jena (this spec's city).
 */
test("activity tracker: consent switch, the script only with consent, the relay route", async ({ page, request, clientIp }, testInfo) => {
  const escort = await listedEscortIn(request, clientIp, "Jena");
  const client = await listedClient(request, clientIp, 1);
  await logIn(page, client, SIGN_UP_PASSWORD);

  const profileHtml = async () => (await page.request.get(`/de/p/${escort}`)).text();
  expect(await profileHtml()).not.toContain("/scripts/activity.js");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/de/user/data_privacy");
  await expect(page.getByTestId("activity-consent")).toHaveText("Keine Einwilligung – dein Browser meldet nichts.");
  await page.getByTestId("grant-activity").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("data-privacy-activity-390.png") });
  const grant = await page.getByTestId("grant-activity").boundingBox();
  expect(grant!.height).toBeGreaterThanOrEqual(44);
  await page.getByTestId("grant-activity").click();
  await expect(page).toHaveURL(/\/de\/user\/data_privacy\?done=activity_granted$/);
  await expect(page.getByTestId("settings-notice")).toHaveText(
    "Danke: Dein Browser meldet ab jetzt Profilaufrufe und Klicks für die Statistik.",
  );
  await expect(page.getByTestId("activity-consent")).toHaveText(/^Eingewilligt am \d{2}\.\d{2}\.\d{4}\.$/);

  // With the consent the profile page carries the tracker and names the profile for it.
  await page.goto(`/de/p/${escort}`);
  await expect(page.locator('script[src="/scripts/activity.js"]')).toHaveCount(1);
  const profileId = Number(await page.locator("[data-activity-profile]").getAttribute("data-activity-profile"));
  expect(profileId).toBeGreaterThan(0);

  // The relay: the member comes from the session cookie (the body's actor is ignored).
  const line = JSON.stringify({ actor: 1, object: profileId, title: "phone_click", published: Date.now(), id: "e2e-1" });
  const post = (headers: Record<string, string> = {}) =>
    page.request.post(`/activity/events?t=${Date.now()}`, {
      headers: { "content-type": "text/plain", ...headers },
      data: `${line}\n{broken`,
    });
  const relayed = await post();
  expect(relayed.status()).toBe(204);
  expect(relayed.headers()["x-activity-accepted"]).toBe("1");
  expect(relayed.headers()["x-activity-rejected"]).toBe("1");
  const dnt = await post({ dnt: "1" });
  expect(dnt.status()).toBe(204);
  expect(dnt.headers()["x-activity-accepted"]).toBeUndefined();
  expect((await post({ origin: "https://elsewhere.example" })).status()).toBe(403);

  // Withdrawn: the script is gone.
  await page.goto("/de/user/data_privacy");
  await page.getByTestId("withdraw-activity").click();
  await expect(page).toHaveURL(/\/de\/user\/data_privacy\?done=activity_withdrawn$/);
  expect(await profileHtml()).not.toContain("/scripts/activity.js");
});

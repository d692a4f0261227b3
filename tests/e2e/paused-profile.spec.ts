import { DEMO, expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 25 item 7: a paused profile (ADR 026) answers visitors with a page that says it is paused, not the 404 "this
 * page does not exist". The status is 200 with noindex (meta robots and X-Robots-Tag), ADR 070: the address is not
 * gone (410 would tell search engines to forget it for good, 404 that it never was); noindex keeps it out of results
 * while it is paused, and when the owner resumes the same address is the profile again.
 */
test("a paused profile's page says so to members and guests, is not indexed, and is the profile again on resume", async ({
  page,
  request,
  clientIp,
}) => {
  const username = await listedClient(request, clientIp, 1);
  const headers = { "x-forwarded-for": clientIp };
  const login = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password: SIGN_UP_PASSWORD } });
  const auth = { ...headers, authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  expect((await request.post("/api/v2/user/pause", { headers: auth })).status()).toBe(200);

  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  const response = await page.goto(`/de/p/${username}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profil pausiert");
  await expect(page.getByTestId("profile-paused")).toContainText(`${username} hat das Profil gerade pausiert.`);
  await expect(page.locator("main")).not.toContainText("Diese Seite gibt es nicht");
  await expect(page).toHaveTitle(`${username}: Profil pausiert | Velora`);
  await page.screenshot({ path: "test-results/shots/profile-paused.png" });

  // Its tabs say the same.
  for (const tab of ["reviews", "events"]) {
    expect((await page.goto(`/de/p/${username}/${tab}`))?.status(), tab).toBe(200);
    await expect(page.getByTestId("profile-paused")).toBeVisible();
  }

  // A guest reads the same (no profile data either way).
  await page.context().clearCookies();
  const guest = await page.goto(`/de/p/${username}`);
  expect(guest?.status()).toBe(200);
  await expect(page.getByTestId("profile-paused")).toBeVisible();

  // Resumed: the profile again (a client's profile is for members: the guest gets that prompt, not the pause).
  expect((await request.post("/api/v2/user/resume", { headers: auth })).status()).toBe(200);
  // (Asked without the browser's cache: a guest page may be kept for a minute; the server's own micro-cache 5 s.)
  await expect
    .poll(async () => (await request.get(`/de/p/${username}`, { headers })).text(), { timeout: 20_000, intervals: [2_000] })
    .toContain('data-testid="members-only"');
});

test("an unknown profile is still the 404 page", async ({ page }) => {
  const response = await page.goto("/de/p/niemand_heisst_so_xyz");
  expect(response?.status()).toBe(404);
});

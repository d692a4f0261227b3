import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * The member actions of a profile (issue 11 item 1), without JavaScript. The block test blocks a Bremen escort
 * no other test reads (the last of a 10 km search there) as demo_client and lifts the block before it ends.
 */

test("a member blocks a profile from the profile page, lands on the block list, and the profile is gone until unblocked", async ({
  page,
  request,
  clientIp,
}) => {
  const username = await seededEscortNear(request, clientIp, 53.0793, 8.8017, -1); // Bremen
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto(`/de/p/${username}`);
  const actions = page.locator("#profile-actions");
  await expect(actions).toBeVisible();
  // A guest-only prompt is not shown to a member; the block form waits behind its disclosure.
  await expect(page.getByTestId("guest-actions")).toHaveCount(0);
  await actions.getByText("Blockieren", { exact: true }).click();
  await actions.getByRole("button", { name: /blockieren$/ }).click();

  await expect(page).toHaveURL(/\/de\/user\/first_contact_filter_and_blocklist\?saved=block$/);
  await expect(page.getByTestId("settings-notice")).toBeVisible();
  await expect(page.getByText(username, { exact: false }).first()).toBeVisible();
  expect((await page.request.get(`/de/p/${username}`)).status()).toBe(404);

  // Lifted again in the block list: the profile is back.
  await page
    .locator("form")
    .filter({ has: page.locator(`input[name="username"][value="${username}"]`) })
    .getByRole("button")
    .click();
  await expect(page).toHaveURL(/saved=unblock$/);
  expect((await page.request.get(`/de/p/${username}`)).status()).toBe(200);
});

test("an unknown intent answers 400 and a body that is not a form 415, never a 5xx", async ({ page, request, clientIp }) => {
  // Another Bremen escort than the block test's (the last): that one is hidden from demo_client while it runs.
  const username = await seededEscortNear(request, clientIp, 53.0793, 8.8017, 0);
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto(`/de/p/${username}`);
  const response = await page.request.post(`/de/p/${username}`, {
    form: { intent: "does-not-exist", tab: "" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  const json = await page.request.post(`/de/p/${username}`, {
    data: { intent: "block" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(json.status()).toBe(415);
});

test("a guest who posts a member action is sent to the login, and back", async ({ request, clientIp, baseURL }) => {
  const username = await seededEscortNear(request, clientIp, 53.0793, 8.8017, -1); // Bremen (read only here)
  const response = await request.post(`/de/p/${username}`, {
    form: { intent: "block", tab: "" },
    headers: { "x-forwarded-for": clientIp, origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(`/de/login?r=${encodeURIComponent(`/de/p/${username}`)}`);
});

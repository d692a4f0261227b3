import { DEMO, expect, logIn, signUp, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 9 item 9 in the browser, without JavaScript: a business names an escort; the escort finds the
 * request on user/linked_profiles, accepts it with a plain form, and can end the listing again.
 */
test("an escort accepts a business's request on user/linked_profiles and ends it again", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  const escort = await signUp(request, clientIp, "escort", 2);
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const token = await request.post("/oauth/v2/token", {
    headers,
    form: { grant_type: "password", username: DEMO.agency, password: DEMO.password },
  });
  const { access_token: agencyToken } = (await token.json()) as { access_token: string };
  const named = await request.put("/api/v2/registration/business/escorts", {
    headers: { ...headers, authorization: `Bearer ${agencyToken}` },
    data: { usernames: [escort] },
  });
  expect(named.status(), await named.text()).toBe(200);

  await logIn(page, escort, SIGN_UP_PASSWORD);
  await page.goto("/de/user/linked_profiles");
  const requests = page.getByTestId("link-requests");
  await expect(requests).toContainText(`${DEMO.agency} möchte dich als Escort zeigen`);
  await page.screenshot({ path: testInfo.outputPath("linked-profiles-390.png"), fullPage: true });
  await requests.getByRole("button", { name: "Zustimmen" }).click();
  await expect(page.getByTestId("linked-profiles-done")).toContainText("Du hast zugestimmt");
  await expect(page.getByTestId("link-listings")).toContainText(DEMO.agency);

  // The agency's side of the same page: whom it named, and that this escort agreed.
  const agencyContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const agencyPage = await agencyContext.newPage();
  await agencyPage.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(agencyPage, DEMO.agency, DEMO.password);
  await agencyPage.goto("/de/user/linked_profiles");
  await expect(agencyPage.getByTestId(`named-${escort}`)).toContainText("hat zugestimmt");
  await agencyContext.close();

  await page.getByTestId("link-listings").getByRole("button", { name: "Verknüpfung beenden" }).click();
  await expect(page.getByTestId("linked-profiles-done")).toBeVisible();
  await expect(page.getByText("Noch keine Agentur und kein Club zeigt dich.")).toBeVisible();
  // Leave the shared demo agency as it was.
  await request.put("/api/v2/registration/business/escorts", {
    headers: { ...headers, authorization: `Bearer ${agencyToken}` },
    data: { usernames: [] },
  });
});

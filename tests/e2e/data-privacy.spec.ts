import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * user/data_privacy (issue 10) without JavaScript: the consents, and the data export — requested with a
 * plain form, built by the server's job runner, downloaded as a ZIP, then one a day. The last-ranked seeded
 * escort of Hannover (far from the Hamburg and Berlin searches other tests check; the settings test takes
 * the first; every seeded account has the demo password).
 */

test("data privacy: request an export, see it being built, download the ZIP, and wait a day for the next", async ({
  page,
  request,
  clientIp,
}) => {
  const username = await seededEscortNear(request, clientIp, 52.3759, 9.732, -1); // Hannover (the charts test takes the last of Dresden)
  await logIn(page, username, DEMO.password);
  await page.goto("/de/user");
  await page.getByRole("link", { name: /^Datenschutz Einwilligungen/ }).click();
  await expect(page).toHaveURL(/\/de\/user\/data_privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutz");
  // Seeded escorts gave the special-category consent; withdrawing it is one button.
  await expect(page.getByTestId("special-consent")).toHaveText(/^Eingewilligt am \d{2}\.\d{2}\.\d{4}\.$/);
  await page.getByTestId("withdraw-special-data").click();
  await expect(page).toHaveURL(/\/de\/user\/data_privacy\?done=withdrawn$/);
  await expect(page.getByTestId("settings-notice")).toHaveText(
    "Einwilligung widerrufen: Herkunft und sexuelle Orientierung sind gelöscht.",
  );
  await expect(page.getByTestId("special-consent")).toContainText("Keine Einwilligung");

  await page.getByTestId("export-request").click();
  await expect(page).toHaveURL(/\/de\/user\/data_privacy\?done=export_requested$/);
  await expect(page.getByTestId("settings-notice")).toHaveText(
    "Dein Datenexport ist angefordert. Wir schicken dir eine E-Mail, sobald er fertig ist.",
  );
  // The server's job runner builds it within seconds; without JavaScript the member reloads.
  await expect
    .poll(
      async () => {
        await page.goto("/de/user/data_privacy");
        return page.getByTestId("export-download").count();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe(1);
  await expect(page.getByTestId("export-state")).toContainText("ist fertig");
  await expect(page.getByTestId("export-next")).toContainText("Den nächsten Export kannst du ab");
  await expect(page.getByTestId("export-request")).toHaveCount(0);

  const href = await page.getByTestId("export-download").getAttribute("href");
  expect(href).toMatch(/^\/de\/user\/data_privacy\/export\/\d+$/);
  const zip = await page.request.get(href!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["content-disposition"]).toMatch(/^attachment; filename="velora-data-/);
  const body = await zip.body();
  expect(body.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(body.includes(Buffer.from("account.json"))).toBe(true);

  // Nobody else gets it: a guest is sent to the login.
  const guest = await request.get(href!, { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
});

/**
 * The contact limit where a member writes (issue 32 item 8): before a first message the compose area says how many
 * first contacts are left today, as GET /user/contact-limit counts them — without JavaScript.
 */
import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

test.describe("contact limit line (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a basic client sees the first contacts left above the compose field, one fewer after writing", async ({
    page,
    request,
    clientIp,
  }) => {
    const escort = await listedEscortIn(request, clientIp, "Karlsruhe");
    const other = await listedEscortIn(request, clientIp, "Karlsruhe");
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    await page.goto(`/de/messenger/${escort}`);
    await expect(page.getByTestId("contact-limit")).toHaveText("Erstkontakte heute: noch 3 von 3");
    await page.screenshot({ path: "test-results/shots/contact-limit-line.png", fullPage: true });
    await page.getByLabel(/Nachricht an/).fill("Hallo, hast du am Freitag Zeit?");
    await page.getByTestId("compose-send").click();
    // Inside the conversation now: no first contact, no line.
    await expect(page.getByTestId("contact-limit")).toHaveCount(0);
    await page.goto(`/de/messenger/${other}`);
    await expect(page.getByTestId("contact-limit")).toContainText("Erstkontakte heute: noch 2 von 3");
    await expect(page.getByTestId("contact-limit")).toContainText("der nächste wird am");
  });
});

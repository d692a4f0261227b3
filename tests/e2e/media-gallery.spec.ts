import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * The media gallery (issue 10 item 3) without JavaScript: an escort uploads a photo, makes it her
 * profile picture, changes its visibility, moves it, sets a watermark (a bad opacity is reported at
 * its field with the rest kept) and deletes it. A seeded escort no other test picks.
 */
const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));

const notice = (page: Page) => page.getByTestId("settings-notice");
const tiles = (page: Page) => page.getByTestId("gallery-tile");
const manage = (page: Page) => page.getByTestId("gallery-manage");

test("an escort uploads a photo, makes it her avatar, changes visibility and watermark, moves it and deletes it", async ({
  page,
  request,
  clientIp,
}) => {
  // Stuttgart: more than 100 km from the Hamburg and Berlin searches other tests check (Bremen is not).
  const username = await seededEscortNear(request, clientIp, 48.7758, 9.1829, -1);
  await logIn(page, username, DEMO.password);
  await page.goto("/de/user");
  await page.getByRole("link", { name: /Fotos & Galerie/ }).click();
  await expect(page).toHaveURL(/\/de\/user\/media_gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fotos & Galerie");
  const before = await tiles(page).count();

  // Upload: a plain multipart form.
  await page.getByLabel("Fotos auswählen").setInputFiles(PHOTO);
  await page.getByRole("region", { name: "Fotos hochladen" }).getByLabel("Sichtbar für").selectOption("logged_in");
  await page.getByTestId("gallery-upload").click();
  await expect(notice(page)).toHaveText("Hochgeladen.");
  await expect(tiles(page)).toHaveCount(before + 1);
  const fresh = tiles(page).last();
  await expect(fresh).toContainText("Angemeldete Mitglieder");
  await expect(fresh).toContainText(`#${before + 1}`);
  const id = await fresh.getAttribute("data-media-id");
  // The owner's browser loads the new photo through the file gate.
  const src = await fresh.locator("img").getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);

  // Avatar.
  await fresh.getByRole("link").click();
  await expect(manage(page)).toContainText(`Foto ${before + 1} von ${before + 1}`);
  await manage(page).getByRole("button", { name: "Als Profilbild" }).click();
  await expect(notice(page)).toHaveText("Als Profilbild gesetzt.");
  await expect(page.getByTestId("gallery-role")).toHaveText("Profilbild");
  await expect(page.locator(`[data-media-id="${id}"]`)).toContainText("Profilbild");

  // Visibility.
  await manage(page).getByLabel("Sichtbar für").selectOption("plus_member");
  await page.getByTestId("gallery-visibility-save").click();
  await expect(notice(page)).toHaveText("Sichtbarkeit gespeichert.");
  await expect(page.getByTestId("gallery-visibility")).toHaveText("Plus-Mitglieder");

  // Positions: to the top, then one back.
  await manage(page).getByRole("button", { name: "Ganz nach oben" }).click();
  await expect(notice(page)).toHaveText("Ganz nach oben verschoben.");
  await expect(page.getByTestId("gallery-position")).toHaveText(`1 von ${before + 1}`);
  await expect(tiles(page).first()).toHaveAttribute("data-media-id", id!);
  await manage(page).getByRole("button", { name: "Nach hinten" }).click();
  await expect(notice(page)).toHaveText("Verschoben.");
  await expect(page.getByTestId("gallery-position")).toHaveText(`2 von ${before + 1}`);
  await expect(tiles(page).nth(1)).toHaveAttribute("data-media-id", id!);

  // Watermark: a bad opacity is reported at its field, the other choices kept.
  await page.getByLabel("Wasserzeichen anbringen").check();
  await page.getByLabel("Invertiert").check();
  await page.getByLabel("Oben links").check();
  await page.getByLabel(/Deckkraft/).fill("20");
  await page.getByTestId("gallery-watermark-save").click();
  await expect(page.locator('[data-field-error="opacity"]')).toHaveText("Die Deckkraft muss zwischen 35 und 100 liegen.");
  await expect(page.getByLabel("Invertiert")).toBeChecked();
  await expect(page.getByLabel("Oben links")).toBeChecked();
  await expect(page.getByLabel("Wasserzeichen anbringen")).toBeChecked();
  await page.getByLabel(/Deckkraft/).fill("60");
  await page.getByTestId("gallery-watermark-save").click();
  await expect(notice(page)).toHaveText("Wasserzeichen gespeichert. Deine Fotos werden neu berechnet.");
  await expect(page.getByLabel(/Deckkraft/)).toHaveValue("60");
  await expect(page.getByLabel("Invertiert")).toBeChecked();
  await expect(page.getByText("Änderungen in dieser Stunde noch möglich: 4")).toBeVisible();

  // Delete: behind a disclosure, then gone (another photo becomes the avatar).
  await page.locator(`[data-media-id="${id}"]`).getByRole("link").click();
  await manage(page).getByText("Foto löschen …").click();
  await manage(page).getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(notice(page)).toHaveText("Foto gelöscht.");
  await expect(tiles(page)).toHaveCount(before);
  await expect(page.locator(`[data-media-id="${id}"]`)).toHaveCount(0);
  if (before > 0) await expect(tiles(page).first()).toContainText("Profilbild");
});

test("the gallery needs a login; a client cannot touch another member's photo by id", async ({ page, browser, baseURL }) => {
  await page.goto("/de/user/media_gallery");
  await expect(page).toHaveURL(/\/de\/login\?r=/);
  // demo_escort is only read here: her first photo's id.
  await logIn(page, DEMO.escort, DEMO.password);
  await page.goto("/de/user/media_gallery");
  const id = await tiles(page).first().getAttribute("data-media-id");
  expect(id).toMatch(/^\d+$/);

  const other = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const client = await other.newPage();
  await logIn(client, DEMO.client, DEMO.password);
  await client.goto("/de/user/media_gallery");
  // Clients choose among logged_in, plus_member and private only (spec section 6).
  await expect(client.locator("#upload-visibility option")).toHaveText(["Angemeldete Mitglieder", "Plus-Mitglieder", "Nur ich"]);
  // The escort's id in the client's panel: nothing to manage.
  await client.goto(`/de/user/media_gallery?item=${id}`);
  await expect(manage(client)).toHaveCount(0);
  for (const intent of ["delete", "avatar", "top"]) {
    const answer = await client.request.post("/de/user/media_gallery", { form: { intent, id: id! }, headers: { origin: baseURL! } });
    expect(answer.status(), intent).toBe(404);
  }
  await other.close();
  await page.reload();
  await expect(tiles(page).first()).toHaveAttribute("data-media-id", id!);
});

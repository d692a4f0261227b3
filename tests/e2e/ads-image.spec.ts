/**
 * Image creatives without JavaScript (issue 32 item 1, ADR 140): staff upload an image for a creative in the back
 * office (a wrong size is refused next to the file field), and the search page for Bonn shows it as the ad, drawn at
 * the zone's size inside the reserved box, lazily, from our own host with a year-long cache header. Screenshots at
 * 390 and 1280 px go to test-results/ads/.
 */
import sharp from "sharp";
import { newSearchCampaign } from "./ads-campaign";
import { expect, test } from "./fixtures";

const shot = (name: string) => ({ path: `test-results/ads/${name}.png`, fullPage: true });

const banner = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 20, b: 70 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="58%" font-size="${Math.round(height / 3)}" font-family="sans-serif" fill="#fff" text-anchor="middle">Plus in Bonn</text></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

test("staff upload an image creative in the back office and the search page for Bonn shows it", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Bonn Bild ${Date.now().toString(36)}`;
  const campaign = await newSearchCampaign(page, name, "Bonn");
  const newCreative = campaign.locator("details").filter({ has: page.locator("summary", { hasText: "Neue Anzeige" }) });
  await newCreative.locator("summary").click();
  await newCreative.getByLabel("Überschrift").fill("Plus in Bonn");
  await newCreative.getByLabel("Ziel (https-Adresse oder Pfad wie /de/events)").fill("/de/user/membership");
  for (const [language, alt] of [
    ["DE", "Plus-Mitgliedschaft in Bonn"],
    ["EN", "Plus membership in Bonn"],
    ["ES", "Membresía Plus en Bonn"],
    ["PL", "Członkostwo Plus w Bonn"],
  ] as const)
    await newCreative.getByLabel(`Alternativtext (${language})`).fill(alt);
  await newCreative.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByTestId("ads-saved")).toBeVisible();

  const creative = campaign.getByTestId("ad-creative");
  const imageForm = creative.locator("details").filter({ has: page.locator("summary", { hasText: "Bild hochladen" }) });
  await imageForm.locator("summary").click();
  // The wrong size: refused next to the file field, nothing stored.
  await imageForm.getByLabel(/^Bild \(320x100/).setInputFiles({ name: "rect.png", mimeType: "image/png", buffer: await banner(300, 250) });
  await imageForm.getByRole("button", { name: "Bild hochladen" }).click();
  const refused = page.getByTestId("ad-campaign").filter({ has: page.getByRole("heading", { name }) });
  await expect(refused.getByText("Das Bild hat nicht die Größe des Formats. Erlaubt: 320×100, 640×200 Pixel.")).toBeVisible();
  await page.screenshot(shot("backoffice-image-refused"));

  // Twice the size, for sharp phones: stored.
  const again = refused
    .getByTestId("ad-creative")
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: "Bild hochladen" }) });
  await again.getByLabel(/^Bild \(320x100/).setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: await banner(640, 200) });
  await again.getByRole("button", { name: "Bild hochladen" }).click();
  await expect(page.getByTestId("ads-saved")).toBeVisible();
  await expect(campaign.getByTestId("ad-creative")).toContainText("Bildanzeige");

  // A guest searching Bonn sees the image ad.
  await page.context().clearCookies();
  await page.goto("/de/escorts?city=de-bonn&radius=20");
  const zone = page.getByTestId("ad-zone");
  await expect(zone).toHaveCount(1);
  const image = zone.getByTestId("ad-image");
  await expect(image).toHaveAttribute("alt", "Plus-Mitgliedschaft in Bonn");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("width", "320");
  await expect(image).toHaveAttribute("height", "100");
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/ads\/image\/[0-9a-f]{32}\.png$/);
  await zone.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  // The box has its size from CSS (320x100 or narrower at the same ratio), and the image fills it exactly.
  const box = (await page.getByTestId("ad-box").boundingBox())!;
  const drawn = (await image.boundingBox())!;
  expect(Math.abs(box.height - (box.width * 100) / 320)).toBeLessThan(2);
  expect(Math.abs(drawn.width - box.width)).toBeLessThan(3);
  expect(Math.abs(drawn.height - box.height)).toBeLessThan(3);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(served.headers()["content-type"]).toBe("image/png");
  await page.screenshot(shot("search-image-ad-390"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/de/escorts?city=de-bonn&radius=20");
  await page.getByTestId("ad-zone").scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByTestId("ad-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await page.screenshot(shot("search-image-ad-1280"));

  // The click goes through the counting redirect to the campaign's address.
  await page.getByTestId("ad-link").click();
  await expect(page).toHaveURL(/\/de\/(user\/membership|login)/);
});

/**
 * The business welcome page shows the signup funnel (codes 1, 2, 3, 3.1, 4)
 * from GET /registration/business/tracking, with JavaScript off. The steps
 * are done through the API; their forms have their own e2e tests.
 */
import { expect, finishClubRegistration, logIn, SIGN_UP_PASSWORD as PASSWORD, signUpClub, test } from "./fixtures";

test("the business welcome page lists steps 1 to 4 as done", async ({ page, request, clientIp }) => {
  const { username, auth } = await signUpClub(request, clientIp, "tr", "Club Morgenrot");
  await finishClubRegistration(
    request,
    auth,
    "Unser Club in Hamburg-Altona empfängt Gäste in ruhiger Atmosphäre mit Bar, Sauna und Themenzimmern. Diskret, gepflegt und mit einem freundlichen Team an der Bar.",
  );

  await logIn(page, username, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/join/business/completed");
  const funnel = page.getByRole("region", { name: "Dein Anmelde-Fortschritt" });
  await expect(funnel.getByRole("listitem")).toHaveText([
    "Schritt 1 erledigt: Konto angelegt",
    "Schritt 2 erledigt: Leistungen",
    "Schritt 3 erledigt: Öffnungszeiten",
    "Schritt 3.1 erledigt: Beschreibung",
    "Schritt 4 erledigt: Fotos",
  ]);
});

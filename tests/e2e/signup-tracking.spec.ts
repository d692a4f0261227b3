/**
 * The business welcome page shows the signup funnel (codes 1, 2, 3, 3.1, 4)
 * from GET /registration/business/tracking, with JavaScript off. The steps
 * are done through the API; their forms have their own e2e tests.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, logIn, test } from "./fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));
const PASSWORD = "Sommer-Abend-2026";

test("the business welcome page lists steps 1 to 4 as done", async ({ page, request, clientIp }) => {
  const username = `tr_${randomBytes(5).toString("hex")}`;
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const signUp = await request.post("/api/v2/registration/business/sign-up", {
    headers,
    data: {
      company_name: "Club Morgenrot",
      business_kind: "club",
      contact_person: "Eva Roth",
      city: "Hamburg",
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
      accept_terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const auth = { ...headers, authorization: `Bearer ${(await signUp.json()).data.access_token as string}` };
  const put = async (path: string, data: unknown) => {
    const response = await request.put(`/api/v2/registration/business/${path}`, { headers: auth, data });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put("services", { company_service: [1], company_room: [1], environment: [3] });
  await put("schedule", { schedule: [{ day: 5, time_from: "18:00", time_to: "23:00" }] });
  await put("description", {
    description:
      "Unser Club in Hamburg-Altona empfängt Gäste in ruhiger Atmosphäre mit Bar, Sauna und Themenzimmern. Diskret, gepflegt und mit einem freundlichen Team an der Bar.",
  });
  const upload = await request.post("/api/v2/media/upload", {
    headers: auth,
    multipart: { files: { name: "photo.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHOTO) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await put("photo", {});
  await put("escorts", { usernames: [] });

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

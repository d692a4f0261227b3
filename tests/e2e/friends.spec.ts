import { DEMO, expect, listedClient, logIn, noJsMemberPage, seededEscortNear, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 11 items 3 and 4 in the browser, without JavaScript: a friend request from the profile, answered on
 * user/friends, seen on both sides and ended again; a plus member's private note on a profile; a member without
 * plus is offered none.
 */

test("a full friend request cycle between two members: request on the profile, accept on user/friends, unfriend", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  const anna = await listedClient(request, clientIp, 2);
  const ben = await listedClient(request, clientIp, 1);

  // Ben's empty friends page first.
  const benPage = await noJsMemberPage(browser, clientIp, ben, SIGN_UP_PASSWORD);
  await benPage.goto("/de/user/friends");
  await expect(benPage.getByTestId("friends-empty")).toHaveText(
    "Du hast noch keine Freunde. Schick eine Anfrage über den Button im Profil.",
  );
  await benPage.screenshot({ path: testInfo.outputPath("friends-empty-390.png"), fullPage: true });
  // Unknown tabs and parameters are refused; a guest goes to the login.
  expect((await benPage.request.get("/de/user/friends?tab=enemies")).status()).toBe(400);
  expect((await benPage.request.get("/de/user/friends?sort=name")).status()).toBe(400);
  const guest = await request.get("/de/user/friends", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  // A forged key is refused at the form, not a crash.
  const forged = await benPage.request.post("/de/user/friends", {
    form: { intent: "accept", link_id: "1", key: "A".repeat(43), tab: "received" },
  });
  expect(forged.status()).toBe(404);
  expect(await forged.text()).toContain("Diese Anfrage gibt es nicht mehr.");

  await logIn(page, anna, SIGN_UP_PASSWORD);
  await page.goto(`/de/p/${ben}`);
  const friend = page.getByTestId("friend-action");
  await friend.getByRole("button", { name: "Freundschaftsanfrage senden" }).click();
  await expect(page.getByTestId("profile-action-done")).toContainText("Deine Freundschaftsanfrage an");
  await expect(friend).toHaveAttribute("data-state", "request_sent");
  await expect(friend).toContainText("ist unterwegs");
  await page.screenshot({ path: testInfo.outputPath("profile-request-sent-390.png"), fullPage: true });
  // Anna's side: the request under "Gesendet".
  await page.goto("/de/user/friends?tab=sent");
  await expect(page.getByTestId("friend-entry")).toHaveAttribute("data-username", ben);

  // Ben's side: the request under "Erhalten", on his profile view of Anna too.
  await benPage.goto(`/de/p/${anna}`);
  await expect(benPage.getByTestId("friend-action")).toHaveAttribute("data-state", "request_received");
  await benPage.goto("/de/user/friends");
  await expect(benPage.getByTestId("friends-tab-received")).toContainText("1");
  await benPage.getByTestId("friends-tab-received").click();
  const entry = benPage.getByTestId("friend-entry");
  await expect(entry).toHaveAttribute("data-username", anna);
  await benPage.screenshot({ path: testInfo.outputPath("friends-received-390.png"), fullPage: true });
  await entry.getByRole("button", { name: "Annehmen" }).click();
  await expect(benPage.getByTestId("friends-done")).toHaveText("Anfrage angenommen – ihr seid jetzt befreundet.");
  await benPage.goto("/de/user/friends");
  await expect(benPage.getByTestId("friend-entry")).toHaveAttribute("data-username", anna);

  // Both see each other as friends.
  await page.goto("/de/user/friends");
  await expect(page.getByTestId("friend-entry")).toHaveAttribute("data-username", ben);
  await page.screenshot({ path: testInfo.outputPath("friends-list-390.png"), fullPage: true });
  await page.goto(`/de/p/${ben}`);
  await expect(friend).toHaveAttribute("data-state", "friends");
  await expect(friend).toContainText("Ihr seid befreundet.");

  // Anna ends it from the profile; Ben's list is empty again.
  await friend.getByRole("button", { name: "Freundschaft beenden" }).click();
  await expect(page.getByTestId("profile-action-done")).toContainText("nicht mehr mit");
  await expect(friend).toHaveAttribute("data-state", "none");
  await benPage.goto("/de/user/friends");
  await expect(benPage.getByTestId("friends-empty")).toBeVisible();
  await benPage.context().close();
});

test("a plus member writes a private note on a profile and finds it again; a member without plus gets no note form", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  // Stuttgart: no other test takes this escort.
  const escort = await seededEscortNear(request, clientIp, 48.7758, 9.1829, -2);
  await logIn(page, "demo_member", DEMO.password);
  await page.goto(`/de/p/${escort}`);
  const note = page.getByTestId("note-action");
  // A previous run's note is cleared first (the test must start from none).
  if (await note.getByRole("button", { name: "Notiz löschen" }).count()) await note.getByRole("button", { name: "Notiz löschen" }).click();
  await note.locator("summary").click();
  const text = `Ruhig, pünktlich, spricht Englisch. ${Date.now()}`;
  await note.getByLabel("Deine Notiz").fill(text);
  await note.getByRole("button", { name: "Notiz speichern" }).click();
  await expect(page.getByTestId("profile-action-done")).toHaveText("Deine Notiz ist gespeichert.");
  await page.goto(`/de/p/${escort}`);
  await expect(note.getByLabel("Deine Notiz")).toHaveValue(text);
  await expect(note).toContainText("Nur du siehst diese Notiz");
  await page.screenshot({ path: testInfo.outputPath("profile-note-390.png"), fullPage: true });

  // Too long: 400, the error at the field and the input kept (the browser's maxlength is bypassed by a raw post).
  const tooLong = await page.request.post(`/de/p/${escort}`, { form: { intent: "note_save", tab: "", text: "x".repeat(1001) } });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain("Höchstens 1000 Zeichen.");

  await note.getByRole("button", { name: "Notiz löschen" }).click();
  await expect(page.getByTestId("profile-action-done")).toHaveText("Deine Notiz ist gelöscht.");

  // Without plus: no note form, the upgrade prompt instead.
  const basic = await listedClient(request, clientIp, 1);
  const basicPage = await noJsMemberPage(browser, clientIp, basic, SIGN_UP_PASSWORD);
  await basicPage.goto(`/de/p/${escort}`);
  await expect(basicPage.getByTestId("note-plus-prompt")).toContainText("Private Notizen zu Profilen gibt es mit Plus.");
  await expect(basicPage.getByTestId("note-action")).toHaveCount(0);
  await expect(basicPage.getByTestId("friend-action")).toHaveAttribute("data-state", "none");
  await basicPage.context().close();
});

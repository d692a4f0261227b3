import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 12 item 7 with JavaScript (ADR 044): the popup of a realtime notification lasts as long as its stickiness
 * says and raises the bell's count; the Web Push service worker shows a pushed message, delivered through the
 * DevTools protocol (headless Chromium cannot subscribe to a real push service offline).
 */

test("popups follow the stickiness and raise the bell's count; the service worker shows a push message", async ({
  browser,
  request,
  clientIp,
  baseURL,
}, testInfo) => {
  const username = await listedClient(request, clientIp, 1);
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/my_notification");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  const dispatch = (event: Record<string, unknown>) =>
    page.evaluate((detail) => window.dispatchEvent(new CustomEvent("velora:realtime", { detail })), event);
  const base = {
    type: "notification",
    event: "friend_request",
    kind: "friend_requests",
    content_type: "request",
    url: "user/friends?tab=received",
  };
  await dispatch({ ...base, id: 1, stickiness: "short", title: "Kurz: Anna möchte mit dir befreundet sein" });
  await dispatch({ ...base, id: 2, stickiness: "permanent", content_type: "alert", title: "Dauerhaft: nicht freigegeben" });
  // Other events are not notifications.
  await dispatch({ type: "ping", at: 1 });
  const popups = page.getByTestId("notification-popup");
  await expect(popups).toHaveCount(2);
  await expect(page.getByTestId("notification-count")).toHaveText("2");
  await expect(popups.first().getByRole("link")).toHaveAttribute("href", "/de/user/friends?tab=received");
  await page.screenshot({ path: testInfo.outputPath("popups-390.png") });
  // Short: gone after 5 s; permanent: stays until closed.
  await page.waitForTimeout(5_500);
  await expect(popups).toHaveCount(1);
  await expect(popups.first()).toHaveAttribute("data-stickiness", "permanent");
  await popups.first().getByRole("button", { name: "Schließen" }).click();
  await expect(popups).toHaveCount(0);

  // The service worker: registered, then a push delivered through the DevTools protocol becomes a notification.
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const found = event.registrations.find((r) => r.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/push-sw.js");
    await navigator.serviceWorker.ready;
  });
  const payload = { title: "Anna möchte mit dir befreundet sein", body: "", url: "/de/user/friends?tab=received", tag: "n42" };
  const push = async () =>
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await push();
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({ title: n.title, tag: n.tag, url: (n.data as { url: string }).url }));
        });
        // On a loaded machine a push delivered while the new worker was still starting can be dropped by the
        // browser: deliver it again (the tag keeps it one notification; a worker that shows nothing still fails).
        if (shown.length === 0) await push();
        return shown;
      },
      { timeout: 30_000 },
    )
    .toEqual([{ title: payload.title, tag: "n42", url: payload.url }]);
  await context.close();
});

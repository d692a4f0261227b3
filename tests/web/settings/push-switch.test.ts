// @vitest-environment jsdom
/**
 * The push switch of user/notifications (app/features/settings/push-switch.ts, shipped as
 * public/scripts/push-subscribe.js; ADR 044, ADR 065). The browser's push machinery is faked (no browser here can
 * subscribe to a real push service offline): it registers the worker, shows the state, subscribes with the page's
 * VAPID key and posts the subscription to the page's resource route, unsubscribes the same way, and says so when
 * permission is denied or the browser has no push.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyBytes, startPushSwitch } from "~/features/settings/push-switch";

const KEY = "BElm-_x";
const PAGE = `
  <div data-push data-public-key="${KEY}" data-url="/de/user/notifications/push" data-text-enable="Einschalten"
    data-text-disable="Ausschalten" data-text-on="An" data-text-off="Aus" data-text-denied="Verweigert"
    data-text-unsupported="Geht nicht" data-text-failed="Fehler">
    <p data-push-status hidden></p>
    <div data-push-row hidden><button type="button" data-push-toggle>Einschalten</button></div>
  </div>`;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const button = () => document.querySelector<HTMLButtonElement>("[data-push-toggle]")!;
const status = () => document.querySelector<HTMLElement>("[data-push-status]")!;

function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const subscription = {
    endpoint: "https://push.example/abc",
    toJSON: () => ({ endpoint: "https://push.example/abc", keys: { p256dh: "p", auth: "a" } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = subscription)),
  };
  const register = vi.fn(async (_url: string) => ({ pushManager }));
  Object.defineProperty(window.navigator, "serviceWorker", { configurable: true, value: { register } });
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", { permission, requestPermission: vi.fn(async () => answer) });
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    }),
  );
  return { register, pushManager, subscription, posts };
}

describe("push switch", () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window.navigator, "serviceWorker");
  });

  it("registers the worker, subscribes with the page's key and posts the subscription; then unsubscribes", async () => {
    const browser = fakeBrowser("default", "granted");
    startPushSwitch(window);
    await flush();
    expect(browser.register).toHaveBeenCalledWith("/push-sw.js");
    expect(document.querySelector<HTMLElement>("[data-push-row]")!.hidden).toBe(false);
    expect([button().textContent, button().getAttribute("aria-pressed"), status().textContent]).toEqual(["Einschalten", "false", "Aus"]);

    button().click();
    expect(button().disabled).toBe(true);
    await flush();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...keyBytes(KEY)]);
    expect(browser.posts).toEqual([
      { url: "/de/user/notifications/push", body: { action: "subscribe", subscription: browser.subscription.toJSON() } },
    ]);
    expect([button().textContent, button().getAttribute("aria-pressed"), status().textContent, button().disabled]).toEqual([
      "Ausschalten",
      "true",
      "An",
      false,
    ]);

    button().click();
    await flush();
    expect(browser.posts.at(-1)).toEqual({
      url: "/de/user/notifications/push",
      body: { action: "unsubscribe", endpoint: "https://push.example/abc" },
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect([button().textContent, status().textContent]).toEqual(["Einschalten", "Aus"]);
  });

  it("says so when the member refuses permission, and posts nothing", async () => {
    const browser = fakeBrowser("default", "denied");
    startPushSwitch(window);
    await flush();
    (Notification as unknown as { permission: string }).permission = "denied";
    button().click();
    await flush();
    expect(status().textContent).toBe("Verweigert");
    expect(browser.posts).toEqual([]);
    expect(button().disabled).toBe(false);
  });

  it("says so in a browser without push, and shows no switch", () => {
    startPushSwitch(window);
    expect(status().textContent).toBe("Geht nicht");
    expect(status().hidden).toBe(false);
    expect(document.querySelector<HTMLElement>("[data-push-row]")!.hidden).toBe(true);
  });

  it("decodes the base64url key", () => {
    expect([...keyBytes("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
  });
});

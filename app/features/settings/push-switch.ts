/**
 * The push switch of user/notifications (issue 12 item 7, ADR 044), shipped as public/scripts/push-subscribe.js
 * (ADR 065). Push needs JavaScript by nature (a service worker and PushManager.subscribe); without it the page says
 * so and everything else works. The switch posts the browser's subscription to the page's own resource route
 * (…/user/notifications/push, named by the page in data-url), which hands it to the API. Its texts come from the
 * page's data-text-* attributes, in the member's language.
 */

/** The worker that shows pushed messages (public/push-sw.js; its scope must be the whole site). */
const PUSH_WORKER = "/push-sw.js";

type StatusText = "on" | "off" | "denied" | "unsupported" | "failed";

/** The VAPID public key (base64url) as PushManager.subscribe wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function startPushSwitch(win: Window & typeof globalThis): void {
  const doc = win.document;
  const root = doc.querySelector<HTMLElement>("[data-push]");
  if (!root) return;
  const button = root.querySelector<HTMLButtonElement>("[data-push-toggle]");
  const status = root.querySelector<HTMLElement>("[data-push-status]");
  const key = root.getAttribute("data-public-key");
  const url = root.getAttribute("data-url") ?? "";
  const say = (name: StatusText) => {
    if (!status) return;
    status.textContent = root.getAttribute(`data-text-${name}`) || "";
    status.hidden = false;
  };
  if (!key || !button) return;
  const nav = win.navigator;
  if (!("serviceWorker" in nav) || !("PushManager" in win) || !("Notification" in win)) {
    say("unsupported");
    return;
  }
  const denied = () => win.Notification.permission === "denied";

  const post = async (body: unknown) => {
    const response = await win.fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };

  let current: PushSubscription | null = null;
  const render = () => {
    const row = root.querySelector<HTMLElement>("[data-push-row]");
    if (row) row.hidden = false;
    button.textContent = root.getAttribute(current ? "data-text-disable" : "data-text-enable") || "";
    button.setAttribute("aria-pressed", current ? "true" : "false");
    say(denied() ? "denied" : current ? "on" : "off");
  };

  const toggle = async (registration: ServiceWorkerRegistration): Promise<PushSubscription | null> => {
    if (current) {
      await post({ action: "unsubscribe", endpoint: current.endpoint });
      await current.unsubscribe();
      return null;
    }
    if ((await win.Notification.requestPermission()) !== "granted") throw new Error("denied");
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    await post({ action: "subscribe", subscription: subscription.toJSON() });
    return subscription;
  };

  nav.serviceWorker
    .register(PUSH_WORKER)
    .then(async (registration) => {
      current = await registration.pushManager.getSubscription();
      render();
      button.addEventListener("click", () => {
        button.disabled = true;
        toggle(registration)
          .then((result) => {
            current = result;
            render();
          })
          .catch(() => say(denied() ? "denied" : "failed"))
          .finally(() => (button.disabled = false));
      });
    })
    .catch(() => say("failed"));
}

// @vitest-environment jsdom
/**
 * The notification popups (app/features/notifications/popups.ts, shipped as public/scripts/notifications.js; ADR 044,
 * ADR 065): a `velora:realtime` notification shows for its stickiness (contract STICKINESS_MS) and raises the bell's
 * count; one about the page on screen does neither; other events and malformed details are ignored; at most three
 * show at once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { STICKINESS_MS } from "#server/contract/notifications";
import type { RealtimeEvent } from "#server/contract/realtime";
import { showNotificationPopups } from "~/features/notifications/popups";
import { dispatchRealtimeEvent } from "~/features/realtime/window";

type Notification = Extract<RealtimeEvent, { type: "notification" }>;

const BELL =
  '<details data-testid="notification-bell" data-close-label="Schließen" data-badge-class="badge"><summary>Glocke</summary></details>';

function notification(id: number, extra: Partial<Notification> = {}): Notification {
  return {
    type: "notification",
    id,
    event: "friend_request",
    kind: "friend_requests",
    content_type: "request",
    stickiness: "short",
    title: `Anfrage ${id}`,
    url: "user/friends?tab=received",
    ...extra,
  };
}

const popups = () => [...document.querySelectorAll<HTMLElement>("[data-testid=notification-popup]")];
const count = () => document.querySelector("[data-testid=notification-count]")?.textContent ?? null;

describe("notification popups", () => {
  beforeAll(() => {
    document.documentElement.setAttribute("lang", "de");
    showNotificationPopups(window);
  });
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = BELL;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each for its stickiness, links it under the page's language and raises the bell's count", () => {
    dispatchRealtimeEvent(window, notification(1, { stickiness: "short" }));
    dispatchRealtimeEvent(window, notification(2, { stickiness: "permanent", content_type: "alert", url: null }));
    expect(popups().map((p) => p.dataset.stickiness)).toEqual(["short", "permanent"]);
    expect(count()).toBe("2");
    expect(document.querySelector("[data-testid=notification-count]")?.className).toBe("badge");
    expect(popups()[0]!.querySelector("a")!.getAttribute("href")).toBe("/de/user/friends?tab=received");
    expect(popups()[1]!.querySelector("a")!.getAttribute("href")).toBe("/de/my_notification");

    vi.advanceTimersByTime(STICKINESS_MS.short! - 1);
    expect(popups()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(popups().map((p) => p.dataset.stickiness)).toEqual(["permanent"]);
    vi.advanceTimersByTime(60_000);
    expect(popups()).toHaveLength(1);
    const close = popups()[0]!.querySelector("button")!;
    expect(close.getAttribute("aria-label")).toBe("Schließen");
    close.click();
    expect(popups()).toHaveLength(0);
  });

  it("keeps at most three, the newest; counts up to 99+", () => {
    document.querySelector("summary")!.insertAdjacentHTML("beforeend", '<span data-testid="notification-count">98</span>');
    for (const id of [1, 2, 3, 4]) dispatchRealtimeEvent(window, notification(id, { stickiness: "long" }));
    expect(popups().map((p) => p.textContent)).toEqual(["Anfrage 2×", "Anfrage 3×", "Anfrage 4×"]);
    expect(count()).toBe("99+");
  });

  it("ignores a notification about the page on screen, other events and malformed details", () => {
    window.history.pushState(null, "", "/de/messenger/anna");
    dispatchRealtimeEvent(window, notification(1, { event: "message", kind: "messages", url: "messenger/anna" }));
    dispatchRealtimeEvent(window, { type: "ping", at: 1 });
    window.dispatchEvent(new CustomEvent("velora:realtime", { detail: null }));
    window.dispatchEvent(new CustomEvent("velora:realtime", { detail: { type: "notification" } }));
    expect(popups()).toHaveLength(0);
    expect(count()).toBeNull();
    window.history.pushState(null, "", "/");
  });
});

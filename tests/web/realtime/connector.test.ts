// @vitest-environment jsdom
/**
 * The site-wide connector (app/features/realtime/connector.ts, shipped as public/scripts/realtime.js; ADR 042
 * "Client", ADR 065) on the same socket client as the messenger, with a fake socket and fake timers: every feature
 * event goes on as the window event `velora:realtime`; presence heartbeats and away; nothing is fetched on connect
 * (no record to resync); a page that owns the socket keeps it closed, hold() and release() hand it over; offline gives
 * the socket up and online comes back at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "#server/contract/realtime";
import { startSiteConnector } from "~/features/realtime/connector";
import { REALTIME_WINDOW_EVENT } from "~/features/realtime/window";
import { FakeSocket } from "../../helpers/fake-socket";

const latest = () => FakeSocket.latest();
const options = { createSocket: (url: string) => new FakeSocket(url), random: () => 0.5 };

function heard(): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  window.addEventListener(REALTIME_WINDOW_EVENT, (e) => events.push(e.detail));
  return events;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("site-wide connector", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    document.body.innerHTML = "<main></main>";
    setVisibility("visible");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects to /ws on the page's origin and hands every feature event on as velora:realtime; fetches nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const events = heard();
    const connector = startSiteConnector(window, options);
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe(`ws://${window.location.host}/ws`);
    latest().accept();
    const notification: RealtimeEvent = {
      type: "notification",
      id: 1,
      event: "friend_request",
      kind: "friend_requests",
      content_type: "request",
      stickiness: "short",
      title: "Anna",
      url: "user/friends",
    };
    latest().frame({ type: "event", event: notification });
    latest().frame({ type: "event", event: { type: "thread_changed", thread_id: 4 } });
    latest().frame({ type: "pong" });
    expect(events).toEqual([notification, { type: "thread_changed", thread_id: 4 }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).not.toHaveBeenCalled();
    connector.hold();
  });

  it("sends the presence heartbeat and away/active with the tab's visibility, also at the hello of a hidden tab", async () => {
    setVisibility("hidden");
    const connector = startSiteConnector(window, options);
    latest().accept();
    expect(latest().sent).toEqual([{ type: "presence", state: "away" }]);
    setVisibility("visible");
    expect(latest().sent.at(-1)).toEqual({ type: "presence", state: "active" });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(latest().sent.at(-1)).toEqual({ type: "presence", state: "active" });
    connector.hold();
  });

  it("stays closed on a page that holds its own client; hold() closes, release() connects again", async () => {
    document.body.innerHTML = "<main data-realtime-owner></main>";
    const connector = startSiteConnector(window, options);
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(0);

    // A client-side navigation to a page without a client of its own: the provider releases.
    document.body.innerHTML = "<main></main>";
    connector.release();
    expect(FakeSocket.all).toHaveLength(1);
    latest().accept();
    // Back to the messenger: the provider holds; the socket closes and no reconnect follows, not even when online.
    connector.hold();
    expect(latest().readyState).toBe(3);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("reconnects on the backoff after a drop, gives the socket up when offline and comes back at once when online", async () => {
    const connector = startSiteConnector(window, options);
    latest().accept();
    latest().drop();
    // random 0.5 × the first step of 500 ms.
    await vi.advanceTimersByTimeAsync(240);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();

    window.dispatchEvent(new Event("offline"));
    expect(latest().readyState).toBe(3);
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.all).toHaveLength(3);
    connector.hold();
  });
});

/**
 * The realtime client with a fake socket and fake timers: resync after every (re)connect from the store's
 * last seen id, reconnect with capped exponential backoff and full jitter, coalesced resyncs, a failed
 * resync retried, the watch list re-sent, typing throttled, stop() ends everything. And the provider:
 * two server renders never share a store.
 */
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, createRealtimeClient } from "~/features/realtime/client";
import { createRealtimeStore, RealtimeProvider, useRealtime, type IncomingMessage } from "~/features/realtime";
import { lastSeenIdIn, resyncStore } from "~/features/realtime/connection";
import type { ServerFrame } from "#server/contract/realtime";
import { FakeSocket } from "../../helpers/fake-socket";

const latest = () => FakeSocket.latest();
const msg = (id: number, thread = "ben"): IncomingMessage => ({ id, thread, senderId: 2, text: `m${id}`, sentAt: id });
const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (h: unknown) => clearInterval(h as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

/** A server-side history (the database) the fake API pages through. */
function fakeApi(history: IncomingMessage[], pageSize = 3) {
  const calls: number[] = [];
  let failures = 0;
  return {
    calls,
    failNext(count: number) {
      failures = count;
    },
    fetchSince: async (afterId: number) => {
      calls.push(afterId);
      if (failures > 0) {
        failures -= 1;
        throw new Error("api down");
      }
      const after = history.filter((m) => m.id > afterId).sort((a, b) => a.id - b.id);
      return { messages: after.slice(0, pageSize), more: after.length > pageSize };
    },
  };
}

describe("realtime client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(history: IncomingMessage[], random = () => 0.5) {
    const store = createRealtimeStore({ userId: 1, messages: history.filter((m) => m.id <= 2) });
    const api = fakeApi(history);
    const frames: ServerFrame[] = [];
    const client = createRealtimeClient({
      url: "ws://test/ws",
      createSocket: (url) => new FakeSocket(url),
      resync: () => resyncStore(store, api.fetchSince),
      onState: (state) => store.getState().setConnection(state),
      onFrame: (frame) => {
        frames.push(frame);
        if (frame.type === "event" && frame.event.type === "ping") store.getState().receive([msg(frame.event.at)]);
      },
      random,
      timers,
      backoff: { baseMs: 500, maxMs: 8_000 },
    });
    return { store, api, client, frames };
  }

  it("resyncs after the first connect from the last seen id, paging until a short page", async () => {
    const history = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => msg(id));
    const { store, api, client } = setup(history);
    client.start();
    expect(store.getState().connection).toBe("connecting");
    latest().accept();
    await vi.runOnlyPendingTimersAsync();
    expect(store.getState().connection).toBe("open");
    // 3-4-5 (more), 6-7-8 (a full page, but nothing after it): two calls.
    expect(api.calls).toEqual([2, 5]);
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    client.stop();
  });

  it("after a dropped socket, reconnects with backoff and fetches exactly what it missed; nothing twice", async () => {
    const history = [1, 2, 3].map((id) => msg(id));
    const { store, api, client } = setup(history);
    client.start();
    latest().accept();
    await vi.runOnlyPendingTimersAsync();
    // Live event 4 arrives; then the socket drops and 5, 6 are written while we are away.
    latest().frame({ type: "event", event: { type: "ping", at: 4 } });
    history.push(msg(4));
    latest().drop();
    expect(store.getState().connection).toBe("reconnecting");
    history.push(msg(5), msg(6));
    expect(FakeSocket.all).toHaveLength(1);
    // random 0.5 × 500 ms (first step): not yet at 200 ms, reconnecting at 250 ms.
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    // The event for 6 also arrives live, racing the resync: merged once.
    latest().frame({ type: "event", event: { type: "ping", at: 6 } });
    await vi.runOnlyPendingTimersAsync();
    // The live 4 did not move the cursor: the resync asks after 3 and gets 4 again (merged once), 5 and 6.
    expect(api.calls.at(-1)).toBe(3);
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.getState().lastSeenId).toBe(6);
    client.stop();
  });

  it("backs off exponentially with full jitter, capped, and resets after a successful connect", () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, () => 0.999, 500, 8_000))).toEqual([499, 999, 1998, 3996, 7992, 7992]);
    expect(backoffDelay(3, () => 0, 500, 8_000)).toBe(50);
    const delays = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(4, () => i / 50, 500, 8_000)));
    expect(delays.size).toBeGreaterThan(40);
  });

  it("keeps retrying a server that refuses, with growing delays, and resets the backoff after a hello", async () => {
    const { client } = setup([], () => 0.999);
    client.start();
    const times: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 4; i++) {
      latest().drop();
      const before = FakeSocket.all.length;
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(10);
      times.push(Date.now() - started);
    }
    const gaps = times.map((t, i) => t - (times[i - 1] ?? 0));
    // ~500, ~1000, ~2000, ~4000 ms (10 ms steps).
    expect(gaps.map((g) => Math.round(g / 500))).toEqual([1, 2, 4, 8]);
    latest().accept();
    await vi.runOnlyPendingTimersAsync();
    latest().drop();
    const before = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(510);
    expect(FakeSocket.all.length).toBe(before + 1);
    client.stop();
  });

  it("retries a resync that failed while the socket stays open", async () => {
    const history = [1, 2, 3, 4].map((id) => msg(id));
    const { store, api, client } = setup(history);
    api.failNext(2);
    client.start();
    latest().accept();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.calls.length).toBeGreaterThanOrEqual(3);
    expect(store.getState().lastSeenId).toBe(4);
    client.stop();
  });

  it("resyncs one thread from that thread's cursor, not from ids of other threads", async () => {
    const store = createRealtimeStore({ userId: 1, messages: [msg(1), msg(2), msg(9, "carl")] });
    const api = fakeApi([msg(1), msg(2), msg(3), msg(4)]);
    expect(lastSeenIdIn(store.getState(), "ben")).toBe(2);
    // A live message past a gap does not move the cursor.
    store.getState().receive([msg(4)]);
    await resyncStore(store, api.fetchSince, "ben");
    expect(api.calls).toEqual([2]);
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it("coalesces resync requests: one at a time, one more queued", async () => {
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    const client = createRealtimeClient({
      url: "ws://test/ws",
      createSocket: (url) => new FakeSocket(url),
      onFrame: () => {},
      timers,
      resync: async () => {
        calls += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 100));
        running -= 1;
      },
    });
    client.start();
    latest().accept();
    void client.resyncNow();
    void client.resyncNow();
    void client.resyncNow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(maxRunning).toBe(1);
    expect(calls).toBe(2);
    client.stop();
  });

  it("re-sends the watch list and away state after a reconnect, sends heartbeats, throttles typing", async () => {
    const { client } = setup([]);
    client.start();
    latest().accept();
    client.watch([5, 6, 5]);
    client.setAway(true);
    client.typing("Ben", 3);
    client.typing("ben", 3);
    expect(latest().sent).toEqual([
      { type: "watch", members: [5, 6] },
      { type: "presence", state: "away" },
      { type: "typing", to: "Ben", thread: 3 },
    ]);
    await vi.advanceTimersByTimeAsync(3_000);
    client.typing("ben");
    expect(latest().sent.at(-1)).toEqual({ type: "typing", to: "ben", thread: null });
    latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    latest().accept();
    expect(latest().sent).toEqual([
      { type: "watch", members: [5, 6] },
      { type: "presence", state: "away" },
    ]);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(latest().sent.at(-1)).toEqual({ type: "presence", state: "away" });
    client.stop();
  });

  it("stop() closes the socket and never reconnects; reconnectNow() skips the wait", async () => {
    const { store, client } = setup([]);
    client.start();
    latest().accept();
    latest().drop();
    client.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    client.stop();
    expect(store.getState().connection).toBe("closed");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe("realtime provider", () => {
  function Count() {
    const ids = useRealtime((s) => (s.messages.ben ?? []).map((m) => m.id).join(","));
    const user = useRealtime((s) => s.userId);
    return (
      <p>
        {user}:{ids}
      </p>
    );
  }

  it("creates a store per provider: two server renders show their own data, and no socket opens on the server", () => {
    const opened = vi.fn();
    vi.stubGlobal("WebSocket", opened);
    const first = renderToString(
      <RealtimeProvider userId={1} messages={[msg(1), msg(2)]}>
        <Count />
      </RealtimeProvider>,
    );
    const second = renderToString(
      <RealtimeProvider userId={2} messages={[msg(7)]}>
        <Count />
      </RealtimeProvider>,
    );
    expect(first).toContain("1<!-- -->:<!-- -->1,2");
    expect(second).toContain("2<!-- -->:<!-- -->7");
    expect(opened).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

/**
 * The browser's activity tracker (ADR 132): batching by time, size and heartbeat, gzip above minSize, the beacon on page
 * hide, and the stop rules (maxPending requests in flight, maxErrors failures) — with fake timers and a fake fetch.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TRACKER_LIMITS } from "#server/contract/activity";
import { browserSaysDoNotTrack, createTracker, type TrackerEnv } from "~/features/activity/tracker";

interface Sent {
  url: string;
  body: string;
  init: RequestInit;
}

function harness(answer: () => Promise<{ ok: boolean; type: string }> = async () => ({ ok: true, type: "basic" }), withGzip = true) {
  const sent: Sent[] = [];
  const beacons: Sent[] = [];
  const env: TrackerEnv = {
    endpoint: "/activity/events",
    fetch: vi.fn(async (url: string, init: RequestInit) => {
      const raw = init.body as string | Uint8Array;
      const body = typeof raw === "string" ? raw : gunzipSync(raw).toString("utf8");
      sent.push({ url, body, init });
      return answer();
    }),
    gzip: withGzip ? async (body) => new Uint8Array(gzipSync(body)) : null,
    beacon: (url, body) => {
      beacons.push({ url, body, init: {} });
      return true;
    },
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
  return { env, sent, beacons, tracker: createTracker(env) };
}

const view = { object: 7, title: "profile_view" as const, provider: "profile" };

describe("activity tracker (browser)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 11, 6, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a batch maxTime after its first event, newline-separated, with t= and no-cors", async () => {
    const { tracker, sent } = harness();
    tracker.track(view);
    tracker.track({ object: 7, title: "phone_click", target: "phone" });
    await vi.advanceTimersByTimeAsync(TRACKER_LIMITS.maxTimeMs - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`/activity/events?t=${Date.now()}`);
    expect(sent[0]!.init).toMatchObject({ method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" } });
    const lines = sent[0]!.body.split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.title)).toEqual(["profile_view", "phone_click"]);
    expect(Object.keys(lines[0]!).sort()).toEqual(["actor", "generator", "id", "object", "provider", "published", "title"]);
  });

  it("sends at once when the batch reaches maxSize, gzip-compressed with g=1 above minSize", async () => {
    const { tracker, sent } = harness();
    const long = { ...view, provider: "p".repeat(100) };
    const perLine = JSON.stringify({ ...long, actor: null, generator: "velora-tracker/1", published: Date.now(), id: "x" }).length;
    for (let i = 0; i < Math.ceil(TRACKER_LIMITS.maxSize / perLine) + 1; i++) tracker.track(long);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/&g=1$/);
    expect(sent[0]!.body.length).toBeGreaterThanOrEqual(TRACKER_LIMITS.maxSize);
  });

  it("leaves a small batch uncompressed, and so does a browser without CompressionStream", async () => {
    const small = harness();
    small.tracker.track(view);
    small.tracker.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(small.sent[0]!.url).not.toContain("g=1");
    const old = harness(undefined, false);
    for (let i = 0; i < 40; i++) old.tracker.track(view);
    old.tracker.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(old.sent[0]!.url).not.toContain("g=1");
  });

  it("sends what queued up on the heartbeat, and nothing when nothing did", async () => {
    const { tracker, sent } = harness();
    await vi.advanceTimersByTimeAsync(TRACKER_LIMITS.heartbeatMs);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TRACKER_LIMITS.heartbeatMs - 1000);
    tracker.track(view);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
  });

  it("hands the batch to sendBeacon when the page is hidden", async () => {
    const { tracker, sent, beacons } = harness();
    tracker.track(view);
    tracker.flush(true);
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0]!.body)).toMatchObject({ object: 7, title: "profile_view" });
    await vi.advanceTimersByTimeAsync(TRACKER_LIMITS.heartbeatMs);
    expect(sent).toHaveLength(0);
  });

  it("stops for good when maxPending requests are in flight", async () => {
    const { tracker, sent } = harness(() => new Promise(() => {}));
    for (let i = 0; i < TRACKER_LIMITS.maxPending; i++) {
      tracker.track(view);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(sent).toHaveLength(TRACKER_LIMITS.maxPending);
    expect(tracker.stopped).toBe(true);
    tracker.track(view);
    await vi.advanceTimersByTimeAsync(TRACKER_LIMITS.heartbeatMs * 3);
    expect(sent).toHaveLength(TRACKER_LIMITS.maxPending);
  });

  it("stops for good after maxErrors failed requests (network errors and error answers)", async () => {
    let calls = 0;
    const { tracker, sent } = harness(async () => {
      calls += 1;
      if (calls % 2) throw new TypeError("network");
      return { ok: false, type: "basic" };
    });
    for (let i = 0; i < TRACKER_LIMITS.maxErrors + 2; i++) {
      tracker.track(view);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(sent).toHaveLength(TRACKER_LIMITS.maxErrors);
    expect(tracker.stopped).toBe(true);
  });

  it("keeps going while requests succeed", async () => {
    const { tracker, sent } = harness();
    for (let i = 0; i < 10; i++) {
      tracker.track(view);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(sent).toHaveLength(10);
    expect(tracker.stopped).toBe(false);
  });

  it("reads do-not-track and Global Privacy Control", () => {
    expect(browserSaysDoNotTrack({ doNotTrack: "1" })).toBe(true);
    expect(browserSaysDoNotTrack({ globalPrivacyControl: true })).toBe(true);
    expect(browserSaysDoNotTrack({ doNotTrack: "0", globalPrivacyControl: false })).toBe(false);
  });
});

/**
 * The browser's activity tracker (issue 32 item 2, ADR 132; shipped as public/scripts/activity.js): batches events and
 * posts them newline-separated to the tracker endpoint with `t=<timestamp>`, gzip-compressed (`g=1`) where the browser
 * has CompressionStream and the batch is worth it. Limits from the contract's one TRACKER_LIMITS. It stops for good
 * once maxPending requests are in flight or maxErrors have failed: a broken or slow endpoint costs the page nothing.
 * Everything it touches comes in through TrackerEnv, so the rules are tested with fake timers and a fake fetch.
 */
import { TRACKER_LIMITS, type ActivityKind } from "#server/contract/activity-tracker";

export interface TrackerEnv {
  endpoint: string;
  fetch: (url: string, init: RequestInit) => Promise<{ ok: boolean; type: string }>;
  /** Gzip of a body, or null where the browser cannot (no CompressionStream). */
  gzip: ((body: string) => Promise<Uint8Array>) | null;
  /** navigator.sendBeacon where there is one: what the page leaves with goes out even as it unloads. */
  beacon: ((url: string, body: string) => boolean) | null;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** One event as the tracker sends it (contract/activity activityEventSchema); the server ignores actor. */
export interface TrackedEvent {
  object: number;
  title: ActivityKind;
  target?: string;
  provider?: string;
}

export const TRACKER_GENERATOR = "velora-tracker/1";

export interface Tracker {
  track(event: TrackedEvent): void;
  /** Sends what has queued up now (the page is hidden: by beacon). */
  flush(hiding?: boolean): void;
  readonly stopped: boolean;
}

export function createTracker(env: TrackerEnv, limits = TRACKER_LIMITS): Tracker {
  let lines: string[] = [];
  let size = 0;
  let pending = 0;
  let errors = 0;
  let stopped = false;
  let batchTimer: unknown = null;
  let counter = 0;

  const stop = () => {
    stopped = true;
    lines = [];
    size = 0;
    env.clearInterval(heartbeat);
    if (batchTimer !== null) env.clearTimeout(batchTimer);
  };
  const failed = () => {
    errors += 1;
    if (errors >= limits.maxErrors) stop();
  };

  async function send(body: string): Promise<void> {
    const compress = env.gzip && body.length >= limits.minSize ? env.gzip : null;
    const url = `${env.endpoint}?t=${env.now()}${compress ? "&g=1" : ""}`;
    pending += 1;
    // The spec's stop rule: this many requests without an answer and the endpoint is not keeping up.
    if (pending >= limits.maxPending) stop();
    try {
      const payload = compress ? await compress(body) : body;
      const answer = await env.fetch(url, {
        method: "POST",
        mode: "no-cors",
        credentials: "same-origin",
        keepalive: true,
        headers: { "content-type": "text/plain" },
        body: payload as BodyInit,
      });
      // A cross-origin no-cors answer is opaque: only a network failure is known to have failed.
      if (!answer.ok && answer.type !== "opaque") failed();
    } catch {
      failed();
    } finally {
      pending -= 1;
    }
  }

  function flush(hiding = false): void {
    if (batchTimer !== null) env.clearTimeout(batchTimer);
    batchTimer = null;
    if (stopped || lines.length === 0) return;
    const body = lines.join("\n");
    lines = [];
    size = 0;
    if (hiding && env.beacon && env.beacon(`${env.endpoint}?t=${env.now()}`, body)) return;
    void send(body);
  }

  function track(event: TrackedEvent): void {
    if (stopped) return;
    counter += 1;
    const line = JSON.stringify({
      actor: null,
      object: event.object,
      target: event.target,
      title: event.title,
      provider: event.provider,
      generator: TRACKER_GENERATOR,
      published: env.now(),
      id: `${env.now().toString(36)}-${counter}`,
    });
    lines.push(line);
    size += line.length + 1;
    if (size >= limits.maxSize) return flush();
    if (batchTimer === null) batchTimer = env.setTimeout(() => flush(), limits.maxTimeMs);
  }

  const heartbeat = env.setInterval(() => flush(), limits.heartbeatMs);

  return {
    track,
    flush,
    get stopped() {
      return stopped;
    },
  };
}

/** Whether the browser asked not to be tracked: Do Not Track or Global Privacy Control. */
export function browserSaysDoNotTrack(nav: { doNotTrack?: string | null; globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/**
 * The browser's connection to /ws (issue 12 item 6; ADR 042): the one client of the socket protocol, used by the
 * React provider of hydrated pages and by the site-wide connector of every other page (app/scripts/realtime.ts,
 * ADR 065). Framework-free, so tests drive it with a fake socket and fake timers, and the connector's bundle stays
 * small.
 *
 * - Connects, and after every "hello" (the first connect and each reconnect) calls `resync` when the page has one:
 *   the page asks the API for what it missed after its last seen id. Events that arrive meanwhile are merged by id,
 *   so the order of the two does not matter.
 * - Reconnects after any close it did not ask for, with exponential backoff and full jitter (a restarted
 *   instance is not hit by all its clients in the same millisecond); `reconnectNow()` skips the wait (the
 *   browser came back online).
 * - A resync that fails is retried on the same backoff while the socket stays open.
 * - Sends a presence heartbeat, re-sends the watch list after a reconnect, throttles typing.
 */
// The numbers from the contract's module without valibot; the frames' types from the contract itself (types only).
import type { ClientFrame, ServerFrame } from "#server/contract/realtime";
import { PRESENCE_HEARTBEAT_MS, PRESENCE_WATCH_MAX, REALTIME_PATH, TYPING_THROTTLE_MS } from "#server/contract/realtime-socket";
import type { ConnectionState } from "./store";

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

export interface RealtimeClientOptions {
  url: string;
  /** Defaults to the browser's WebSocket. */
  createSocket?: (url: string) => SocketLike;
  onFrame(frame: ServerFrame): void;
  /**
   * Fetches what was missed since the last seen id and merges it; called after every (re)connect. Without it the
   * client keeps no record (the site-wide connector: popups are best-effort, the bell is the record).
   */
  resync?: () => Promise<void>;
  onState?(state: ConnectionState): void;
  /** First delay and cap of the reconnect backoff. */
  backoff?: { baseMs?: number; maxMs?: number };
  random?: () => number;
  timers?: Timers;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  reconnectNow(): void;
  /**
   * Gives the socket up now and reconnects on the backoff (the browser went offline: the socket is most likely dead
   * but would take a long TCP timeout to say so).
   */
  drop(): void;
  /** Asks for a resync now (coalesced: one at a time, one more queued at most). */
  resyncNow(): Promise<void>;
  typing(toUsername: string, thread?: number | null): void;
  watch(members: readonly number[]): void;
  /** Joins one live stream's chat room (null: leaves it); sent again after every reconnect (issue 31, ADR 126). */
  joinLive(stream: number | null): void;
  setAway(away: boolean): void;
  readonly state: ConnectionState;
}

const OPEN = 1;
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

/** The socket's address on the page's own origin. */
export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${REALTIME_PATH}`;
}

/**
 * Follows the browser for a client: back online → reconnect at once; offline → give the socket up (it is most likely
 * dead but would take a TCP timeout to say so; ADR 042 "Offline"); the tab hidden or shown → away or active. Returns
 * the function that stops following.
 */
export function followBrowser(client: RealtimeClient, win: Window, doc: Document): () => void {
  const onOnline = () => client.reconnectNow();
  const onOffline = () => client.drop();
  const onVisibility = () => client.setAway(doc.visibilityState === "hidden");
  onVisibility();
  win.addEventListener("online", onOnline);
  win.addEventListener("offline", onOffline);
  doc.addEventListener("visibilitychange", onVisibility);
  return () => {
    win.removeEventListener("online", onOnline);
    win.removeEventListener("offline", onOffline);
    doc.removeEventListener("visibilitychange", onVisibility);
  };
}

/** Full jitter: a random delay between 0 and the capped exponential step (at least 50 ms). */
export function backoffDelay(attempt: number, random: () => number, baseMs = RECONNECT_BASE_MS, maxMs = RECONNECT_MAX_MS): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.max(50, Math.floor(random() * cap));
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const timers = options.timers ?? browserTimers;
  const random = options.random ?? Math.random;
  const baseMs = options.backoff?.baseMs ?? RECONNECT_BASE_MS;
  const maxMs = options.backoff?.maxMs ?? RECONNECT_MAX_MS;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);

  let socket: SocketLike | null = null;
  let state: ConnectionState = "idle";
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  let resyncTimer: unknown = null;
  let stopped = true;
  let watching: readonly number[] = [];
  /** The live stream whose chat room this socket is in (issue 31). */
  let liveRoom: number | null = null;
  let away = false;
  let lastTyping = new Map<string, number>();
  let resyncing: Promise<void> | null = null;
  let resyncAgain = false;
  let resyncAttempt = 0;

  function setState(next: ConnectionState) {
    if (state === next) return;
    state = next;
    options.onState?.(next);
  }

  function send(frame: ClientFrame) {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  }

  function clearTimer(which: "reconnect" | "heartbeat" | "resync") {
    if (which === "reconnect" && reconnectTimer !== null) {
      timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
    }
    if (which === "resync" && resyncTimer !== null) {
      timers.clearTimeout(resyncTimer);
      resyncTimer = null;
    }
    if (which === "heartbeat" && heartbeatTimer !== null) {
      timers.clearInterval(heartbeatTimer);
      heartbeatTimer = null;
    }
  }

  async function runResync(): Promise<void> {
    const resync = options.resync;
    if (!resync) return;
    do {
      resyncAgain = false;
      try {
        await resync();
        resyncAttempt = 0;
      } catch {
        // The API is unreachable for now: try again later while the socket is open (a reconnect resyncs anyway).
        const delay = backoffDelay(resyncAttempt++, random, baseMs, maxMs);
        clearTimer("resync");
        resyncTimer = timers.setTimeout(() => {
          resyncTimer = null;
          if (!stopped && state === "open") void resyncNow();
        }, delay);
      }
    } while (resyncAgain && !stopped);
  }

  function resyncNow(): Promise<void> {
    if (resyncing) {
      resyncAgain = true;
      return resyncing;
    }
    resyncing = runResync().finally(() => (resyncing = null));
    return resyncing;
  }

  function scheduleReconnect() {
    clearTimer("reconnect");
    const delay = backoffDelay(attempt++, random, baseMs, maxMs);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  }

  function connect() {
    if (stopped) return;
    setState(attempt === 0 && state !== "reconnecting" ? "connecting" : "reconnecting");
    let current: SocketLike;
    try {
      current = createSocket(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onmessage = (event) => {
      if (socket !== current || typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "hello") {
        attempt = 0;
        setState("open");
        if (watching.length) send({ type: "watch", members: [...watching] });
        if (liveRoom !== null) send({ type: "live", stream: liveRoom });
        if (away) send({ type: "presence", state: "away" });
        clearTimer("heartbeat");
        heartbeatTimer = timers.setInterval(() => send({ type: "presence", state: away ? "away" : "active" }), PRESENCE_HEARTBEAT_MS);
        void resyncNow();
      }
      options.onFrame(frame);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearTimer("heartbeat");
      clearTimer("resync");
      if (stopped) return setState("closed");
      setState("reconnecting");
      scheduleReconnect();
    };
    // An error is followed by close; close decides.
    current.onerror = () => {};
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      clearTimer("reconnect");
      clearTimer("heartbeat");
      clearTimer("resync");
      const current = socket;
      socket = null;
      current?.close(1000, "bye");
      setState("closed");
    },
    reconnectNow() {
      if (stopped || (socket && socket.readyState === OPEN)) return;
      clearTimer("reconnect");
      if (!socket) connect();
    },
    drop() {
      const current = socket;
      if (stopped || !current) return;
      socket = null;
      current.onclose = null;
      current.onmessage = null;
      clearTimer("heartbeat");
      clearTimer("resync");
      try {
        current.close(1000, "offline");
      } catch {
        // Already closing.
      }
      setState("reconnecting");
      scheduleReconnect();
    },
    resyncNow,
    typing(toUsername, thread = null) {
      const now = timers.now();
      const key = toUsername.toLowerCase();
      if (now - (lastTyping.get(key) ?? -Infinity) < TYPING_THROTTLE_MS) return;
      if (lastTyping.size > 50) lastTyping = new Map();
      lastTyping.set(key, now);
      send({ type: "typing", to: toUsername, thread });
    },
    joinLive(stream) {
      liveRoom = stream;
      send({ type: "live", stream });
    },
    watch(members) {
      watching = [...new Set(members)].slice(0, PRESENCE_WATCH_MAX);
      send({ type: "watch", members: [...watching] });
    },
    setAway(next) {
      if (away === next) return;
      away = next;
      send({ type: "presence", state: away ? "away" : "active" });
    },
  };
}

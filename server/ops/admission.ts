/**
 * Admission control (issue 9 item 10, reworked in issue 23 item 5, ADR 060). At most `maxInFlight` requests
 * run at once; the next ones wait in a short queue, served in a fair order (addresses take turns, and the
 * members and guests of one address take turns within its turn), and get 503 with Retry-After only when
 * they waited `maxWaitMs`, or when the queue is full: then the newest request of the client holding the most
 * places is the one turned away, so one greedy client sheds itself first. One address may run at most half
 * of the slots, one member a quarter, so the rest stay open for everyone else.
 *
 * The CPU keeps doing real work under overload: a waiting request costs nothing until its turn, while a 503
 * answered at once to a client that asks again at once costs about as much as a small page. A request that
 * can start is never turned away, so a lone visitor on a machine whose CPU is taken by other work (the event
 * loop's utilization near 1, its delay high) is always served; a lagging loop (when a bound is set) only stops
 * more requests from queueing behind those already waiting.
 *
 * The 503 costs no rendering: a small page in the path's language (documents) or the API's error item (JSON).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { ACCESS_TOKEN_COOKIE } from "../contract/auth";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../contract/locales";
import { errorItem, jsonAnswer } from "../api/errors";

/** Who sent a request, as far as the host can tell without a database call. */
export interface AdmissionClient {
  /** The client's address (the socket's, or X-Forwarded-For's first behind a trusted proxy). */
  address: string;
  /** The access token presented (bearer or the tk cookie): one member. Unchecked, so only ever a finer split of its address's share. */
  member?: string;
}

export interface AdmissionOptions {
  /** Requests running at once in this process; beyond it, requests wait in the queue. */
  maxInFlight: number;
  /** Requests waiting for a slot; beyond it, the client holding most places loses its newest. */
  maxQueue: number;
  /** How long a request may wait for a slot (ms) before it gets 503. */
  maxWaitMs: number;
  /** Event-loop delay (p99 over the last half second, ms) beyond which, while others wait, no request starts to wait; 0 = never. */
  maxEventLoopLagMs: number;
  /** Seconds a shed client is asked to wait. */
  retryAfterS?: number;
  /** Share of maxInFlight one address may run at once (at least one request). */
  addressShare?: number;
  /** Share of maxInFlight one member may run at once (at least one request). */
  memberShare?: number;
  /** The event loop's delay in ms (tests inject it); by default sampled from monitorEventLoopDelay. */
  lagMs?: () => number;
}

export const DEFAULT_RETRY_AFTER_S = 5;
export const DEFAULT_ADDRESS_SHARE = 0.5;
export const DEFAULT_MEMBER_SHARE = 0.25;

const TEXTS: Record<Language, { title: string; text: string; retry: string }> = {
  de: {
    title: "Gerade sehr viel los",
    text: "Die Seite ist im Moment stark ausgelastet.",
    retry: "Bitte versuche es in ein paar Sekunden noch einmal.",
  },
  en: { title: "Very busy right now", text: "The site is under heavy load at the moment.", retry: "Please try again in a few seconds." },
  es: {
    title: "Mucha actividad ahora mismo",
    text: "El sitio tiene mucha carga en este momento.",
    retry: "Vuelve a intentarlo en unos segundos.",
  },
  pl: { title: "Duże obciążenie", text: "Serwis jest w tej chwili mocno obciążony.", retry: "Spróbuj ponownie za kilka sekund." },
};

function overloadPage(lang: Language, retryAfterS: number): string {
  const t = TEXTS[lang];
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterS}"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${t.title}</h1><p>${t.text} ${t.retry}</p></body></html>`;
}

/** Paths that must answer even under load: health checks, and build assets (cheap, needed by every page). */
const EXEMPT = /^\/(?:healthz|readyz|build\/)/;

const SAMPLE_MS = 500;

const TOKEN_COOKIE = new RegExp(`(?:^|;\\s*)${ACCESS_TOKEN_COOKIE}=([^;]+)`);

/** The member behind a request, from its bearer token or tk cookie, unverified (the key of a fair share only). */
export function memberOf(headers: Headers): string | undefined {
  const bearer = /^bearer\s+(\S+)/i.exec(headers.get("authorization") ?? "")?.[1];
  return bearer ?? TOKEN_COOKIE.exec(headers.get("cookie") ?? "")?.[1];
}

type Verdict = "run" | "shed";

interface Waiter {
  client: AdmissionClient;
  settle: (verdict: Verdict) => void;
}

/** Guests of an address wait under this member key. */
const GUEST = "";

/**
 * The policy without HTTP: `admit` answers "run" (a slot is taken: call `release` when done), "shed", or a
 * promise of either for a request that waits its turn.
 */
export function createAdmission(options: AdmissionOptions) {
  const { maxInFlight, maxQueue, maxWaitMs, maxEventLoopLagMs } = options;
  const addressLimit = Math.max(1, Math.floor(maxInFlight * (options.addressShare ?? DEFAULT_ADDRESS_SHARE)));
  const memberLimit = Math.max(1, Math.floor(maxInFlight * (options.memberShare ?? DEFAULT_MEMBER_SHARE)));
  const lagMs = options.lagMs ?? (maxEventLoopLagMs > 0 ? sampledLag() : () => 0);

  let inFlight = 0;
  /** Requests running per address ("a:…") and per member ("m:…"); a key goes when its count is 0. */
  const running = new Map<string, number>();
  /** The waiting requests: addresses in turn order, each with its members (and guests) in turn order. */
  const queue = new Map<string, { size: number; members: Map<string, Waiter[]> }>();
  let waiting = 0;

  const count = (key: string, delta: number) => {
    const next = (running.get(key) ?? 0) + delta;
    if (next > 0) running.set(key, next);
    else running.delete(key);
  };
  const addressFull = (address: string) => (running.get(`a:${address}`) ?? 0) >= addressLimit;
  const memberFull = (member: string | undefined) => member !== undefined && (running.get(`m:${member}`) ?? 0) >= memberLimit;
  const mayRun = (client: AdmissionClient) => inFlight < maxInFlight && !addressFull(client.address) && !memberFull(client.member);

  const start = (client: AdmissionClient) => {
    inFlight += 1;
    count(`a:${client.address}`, 1);
    if (client.member !== undefined) count(`m:${client.member}`, 1);
  };

  const enqueue = (waiter: Waiter) => {
    const address = waiter.client.address;
    let entry = queue.get(address);
    if (!entry) queue.set(address, (entry = { size: 0, members: new Map() }));
    const key = waiter.client.member ?? GUEST;
    const line = entry.members.get(key);
    if (line) line.push(waiter);
    else entry.members.set(key, [waiter]);
    entry.size += 1;
    waiting += 1;
  };

  /** Takes a waiter out of the queue; false if it already left (served, shed or gone). */
  const remove = (waiter: Waiter): boolean => {
    const entry = queue.get(waiter.client.address);
    const key = waiter.client.member ?? GUEST;
    const line = entry?.members.get(key);
    const index = line?.indexOf(waiter) ?? -1;
    if (!entry || !line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) entry.members.delete(key);
    entry.size -= 1;
    if (entry.size === 0) queue.delete(waiter.client.address);
    waiting -= 1;
    return true;
  };

  /** The next waiter in turn that may run now; its address and member move to the back of their turns. */
  const nextInTurn = (): Waiter | undefined => {
    for (const [address, entry] of queue) {
      if (addressFull(address)) continue;
      for (const [key, line] of entry.members) {
        if (key !== GUEST && memberFull(key)) continue;
        const waiter = line.shift()!;
        entry.members.delete(key);
        if (line.length > 0) entry.members.set(key, line);
        entry.size -= 1;
        queue.delete(address);
        if (entry.size > 0) queue.set(address, entry);
        waiting -= 1;
        return waiter;
      }
    }
    return undefined;
  };

  /** Fills free slots from the queue (after a release): no waiter that may run is left waiting. */
  const dispatch = () => {
    while (inFlight < maxInFlight && waiting > 0) {
      const waiter = nextInTurn();
      if (!waiter) return;
      start(waiter.client);
      waiter.settle("run");
    }
  };

  /**
   * The queue is full: the client with the most places (the arrival counted with its own) loses its newest,
   * address first, then member within it; on a tie the arrival is the one turned away.
   */
  const makeRoom = (client: AdmissionClient): boolean => {
    let victim: string | undefined;
    let most = (queue.get(client.address)?.size ?? 0) + 1;
    for (const [address, entry] of queue) {
      if (address !== client.address && entry.size > most) [victim, most] = [address, entry.size];
    }
    const address = victim ?? client.address;
    const members = queue.get(address)?.members;
    if (!members) return false;
    let line: Waiter[] | undefined;
    let longest = victim === undefined ? (members.get(client.member ?? GUEST)?.length ?? 0) + 1 : 0;
    for (const [key, waiters] of members) {
      if ((victim !== undefined || key !== (client.member ?? GUEST)) && waiters.length > longest)
        [line, longest] = [waiters, waiters.length];
    }
    const newest = line?.at(-1);
    if (!newest) return false;
    remove(newest);
    newest.settle("shed");
    return true;
  };

  return {
    /** `signal` is asked for only when the request waits: its client may leave meanwhile. */
    admit(client: AdmissionClient, signalOf?: () => AbortSignal): Verdict | Promise<Verdict> {
      if (mayRun(client)) {
        start(client);
        return "run";
      }
      // Requests already wait and the loop lags behind: a new wait would only end in its deadline.
      if (waiting > 1 && maxEventLoopLagMs > 0 && lagMs() > maxEventLoopLagMs) return "shed";
      if (waiting >= maxQueue && !makeRoom(client)) return "shed";
      const signal = signalOf?.();
      return new Promise<Verdict>((resolve) => {
        const waiter: Waiter = {
          client,
          settle: (verdict) => {
            clearTimeout(timer);
            signal?.removeEventListener("abort", gone);
            resolve(verdict);
          },
        };
        const timer = setTimeout(() => remove(waiter) && waiter.settle("shed"), maxWaitMs);
        // A client that left does not keep its place.
        const gone = () => remove(waiter) && waiter.settle("shed");
        signal?.addEventListener("abort", gone, { once: true });
        enqueue(waiter);
      });
    },
    release(client: AdmissionClient): void {
      inFlight -= 1;
      count(`a:${client.address}`, -1);
      if (client.member !== undefined) count(`m:${client.member}`, -1);
      dispatch();
    },
    /** For tests and metrics. */
    state: () => ({ inFlight, waiting }),
  };
}

/** p99 event-loop delay over the last half second, in ms. */
function sampledLag(): () => number {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let lag = 0;
  const sample = setInterval(() => {
    lag = histogram.percentile(99) / 1e6;
    histogram.reset();
  }, SAMPLE_MS);
  sample.unref();
  return () => lag;
}

/**
 * Aborts when the client of a waiting request goes away. On the Node server it listens to the response's `close`:
 * `c.req.raw.signal` would turn @hono/node-server's light request into a full Request for every waiting request,
 * which cost about a fifth of the CPU per page when half the requests waited (login, 32 clients of one address:
 * 292 instead of 365 pages per CPU second; docs/performance.md). Elsewhere (tests, app.request) the Request's signal.
 */
function leaveSignal(c: Context): AbortSignal {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (!outgoing) return c.req.raw.signal;
  const controller = new AbortController();
  outgoing.once("close", () => controller.abort());
  return controller.signal;
}

export function admissionControl(options: AdmissionOptions & { clientOf: (c: Context) => AdmissionClient }): MiddlewareHandler {
  const admission = createAdmission(options);
  const retryAfterS = options.retryAfterS ?? DEFAULT_RETRY_AFTER_S;
  const shed = (c: Context) => {
    const headers = { "Retry-After": String(retryAfterS), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
    if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/oauth/")) {
      return jsonAnswer(c, { code: 503, errors: [errorItem(503, "exception.common.service_unavailable")] }, 503, headers);
    }
    const segment = c.req.path.split("/")[1];
    return c.html(overloadPage(isLanguage(segment) ? segment : DEFAULT_LANGUAGE, retryAfterS), 503, headers);
  };
  return async (c, next) => {
    if (EXEMPT.test(c.req.path)) return await next();
    const client = options.clientOf(c);
    // Asked for only when the request waits: whether its client leaves meanwhile.
    let verdict = admission.admit(client, () => leaveSignal(c));
    if (verdict === "shed") return shed(c);
    if (verdict !== "run") {
      verdict = await verdict;
      if (verdict === "shed") return shed(c);
    }
    try {
      await next();
    } finally {
      admission.release(client);
    }
  };
}

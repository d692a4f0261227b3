import { EventEmitter } from "node:events";
/**
 * Admission control (issue 9 item 10; issue 23 item 5, ADR 060). Requests beyond the slots wait their turn in
 * a short fair queue; 503 + Retry-After (a translated page for documents, the error item for the API) only for
 * what overflows the queue or waits too long, the greedy client's newest first; a request that can start is
 * never turned away, however busy the loop. Driven by gates (handlers that finish when the test says so) and an
 * injected event-loop delay, so no outcome depends on the machine's speed.
 */
import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import { admissionControl, memberOf, type AdmissionOptions } from "#server/ops/admission";

/** The test's stand-in for the host's client address (the socket's, or X-Forwarded-For's behind a proxy). */
const ADDRESS_HEADER = "x-test-address";

function appWith(options: Partial<AdmissionOptions> & { maxInFlight: number }) {
  const gates: Array<() => void> = [];
  const app = new Hono();
  const clientOf = (c: Context) => ({ address: c.req.header(ADDRESS_HEADER) ?? "192.0.2.1", member: memberOf(c.req.raw.headers) });
  app.use("*", admissionControl({ maxQueue: 0, maxWaitMs: 60_000, maxEventLoopLagMs: 0, ...options, clientOf }));
  const slow = () => new Promise<void>((resolve) => gates.push(resolve));
  app.get("/healthz", (c) => c.text("ok"));
  app.get("/api/v2/slow", async (c) => (await slow(), c.json({ ok: true })));
  app.get("/:lang/slow", async (c) => (await slow(), c.text("page")));
  app.get("/:lang/busy", (c) => {
    // A page that keeps the loop busy for 2 ms: the loop's utilization is ~1 for a client that asks again at once.
    const until = performance.now() + 2;
    while (performance.now() < until) {
      /* rendering */
    }
    return c.text("page");
  });
  const get = async (path: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    await app.fetch(new Request(`http://velora.test${path}`, { headers, signal }));
  /** As the Node server calls it: with its response (`env.outgoing`), whose `close` says the client went away. */
  const getOnNode = async (path: string, outgoing: EventEmitter) => await app.fetch(new Request(`http://velora.test${path}`), { outgoing });
  return {
    get,
    getOnNode,
    gates,
    /** Lets the oldest n running requests finish. */
    release: (n = gates.length) => gates.splice(0, n).forEach((open) => open()),
    /** Lets every request finish, those running and those that start meanwhile, until none is left. */
    async drain() {
      await settle();
      while (gates.length > 0) {
        gates.splice(0).forEach((open) => open());
        await settle();
      }
    },
  };
}

/** Lets queued microtasks and timers of 0 ms run (a dispatched waiter reaches its handler). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * After a waiting request left (one slot, one queue place): its place is free again, so the next request waits in it
 * instead of being shed at once, and both it and the running one finish.
 */
async function expectPlaceFreed(get: (path: string) => Promise<Response>, release: () => void, running: Promise<Response>) {
  const next = get("/de/slow");
  await settle();
  expect(await isSettled(next)).toBe(false);
  release();
  await settle();
  release();
  expect((await running).status).toBe(200);
  expect((await next).status).toBe(200);
}

/** A promise's state without waiting for it. */
async function isSettled(promise: Response | Promise<Response>): Promise<boolean> {
  const marker = Symbol("pending");
  return (await Promise.race([promise, settle().then(() => marker)])) !== marker;
}

describe("admission control", () => {
  it("sheds what overflows the slots and the queue with Retry-After, in the path's language or as the API's error item", async () => {
    const { get, release } = appWith({ maxInFlight: 2 });
    const admitted = [get("/de/slow", { [ADDRESS_HEADER]: "192.0.2.1" }), get("/api/v2/slow", { [ADDRESS_HEADER]: "192.0.2.2" })];
    await settle();
    const page = await get("/de/slow");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Gerade sehr viel los");
    const english = await get("/en/slow");
    expect(await english.text()).toContain("Very busy right now");
    const api = await get("/api/v2/slow");
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ code: 503, errors: [{ key: "exception.common.service_unavailable" }] });
    expect((await get("/healthz")).status, "health checks always answer").toBe(200);
    release();
    expect((await Promise.all(admitted)).map((response) => response.status)).toEqual([200, 200]);
    const after = get("/de/slow");
    await settle();
    release();
    expect((await after).status).toBe(200);
  });

  it("never sheds a lone visitor, however busy the loop: 0 of 600 sequential pages with the loop's delay far past its bound", async () => {
    // The process's own settings, with the loop-delay bound on; the machine's CPU is taken by other work: the
    // loop's delay is 10 s by the injected signal, its utilization ~1 (each page keeps the loop busy, the next
    // follows at once).
    const { admission } = loadConfig({ NODE_ENV: "production", APP_SECRET: "s", PUBLIC_URL: "https://www.velora.example" });
    const { get } = appWith({ ...admission, maxEventLoopLagMs: 500, lagMs: () => 10_000 });
    const statuses = new Map<number, number>();
    for (let page = 0; page < 600; page++) {
      // Each request arrives in a turn of the loop of its own, as from a socket.
      await new Promise((resolve) => setImmediate(resolve));
      const { status } = await get("/de/busy");
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 600 });
  });

  it("lets the excess over the slots wait its turn instead of shedding it: 32 clients over 4 slots, all served", async () => {
    const { get, gates, drain } = appWith({ maxInFlight: 4, maxQueue: 64, addressShare: 1, memberShare: 1 });
    const clients = Array.from({ length: 32 }, (_, i) => get("/de/slow", { [ADDRESS_HEADER]: `198.51.100.${i}` }));
    await settle();
    expect(gates.length, "four run, the others wait").toBe(4);
    await drain();
    const statuses = (await Promise.all(clients)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBe(32);
  });

  it("200 concurrent clients: the queue's overflow gets a fast 503 with Retry-After while admitted work proceeds", async () => {
    const { get, gates, drain } = appWith({ maxInFlight: 4, maxQueue: 16 });
    const clients = Array.from({ length: 200 }, (_, i) => get("/api/v2/slow", { [ADDRESS_HEADER]: `203.0.113.${i}` }));
    await settle();
    // Nothing has finished yet: the 180 over slots and queue already have their answer.
    const early = await Promise.all(clients.map(isSettled));
    expect(early.filter(Boolean).length).toBe(180);
    const shed = await Promise.all(clients.filter((_, i) => early[i]));
    expect(shed.every((response) => response.status === 503 && response.headers.get("retry-after") === "5")).toBe(true);
    expect(gates.length, "the admitted ones run meanwhile").toBe(4);
    await drain();
    const served = await Promise.all(clients.filter((_, i) => !early[i]));
    expect(served.map((response) => response.status)).toEqual(Array(20).fill(200));
  });

  it("a greedy address with 100 requests does not starve a polite address, nor a polite member behind the same address", async () => {
    const { get, release, gates, drain } = appWith({ maxInFlight: 8, maxQueue: 32 });
    const greedy = Array.from({ length: 100 }, () => get("/de/slow", { [ADDRESS_HEADER]: "198.51.100.66" }));
    await settle();
    // One address runs at most half of the slots; the queue took 32 more; the rest was shed at once.
    expect(gates.length).toBe(4);
    expect((await Promise.all(greedy.map(isSettled))).filter(Boolean).length).toBe(64);

    // Another address starts at once: the greedy one cannot hold the other half of the slots.
    const politeAddress = get("/de/slow", { [ADDRESS_HEADER]: "192.0.2.10" });
    await settle();
    expect(gates.length).toBe(5);
    // A member signed in behind the greedy address (a shared NAT): the full queue sheds a greedy request, not hers.
    const politeMember = get("/de/slow", { [ADDRESS_HEADER]: "198.51.100.66", cookie: "km_ff=v; tk=member-token" });
    await settle();
    expect((await Promise.all(greedy.map(isSettled))).filter(Boolean).length).toBe(65);
    expect(await isSettled(politeMember)).toBe(false);
    // Within its address's turn, the member's line and the guests' line alternate: hers runs within two releases.
    release(2);
    await settle();
    expect(gates.length).toBe(5);
    await drain();
    expect((await politeAddress).status).toBe(200);
    expect((await politeMember).status).toBe(200);
    const greedyStatuses = (await Promise.all(greedy)).map((response) => response.status);
    expect(greedyStatuses.filter((status) => status === 503).length).toBe(65);
  });

  it("one member runs at most a quarter of the slots, so a second member of the same address still starts at once", async () => {
    const { get, gates, drain } = appWith({ maxInFlight: 8, maxQueue: 32 });
    const heavy = Array.from({ length: 10 }, () => get("/api/v2/slow", { authorization: "Bearer heavy-token" }));
    await settle();
    expect(gates.length).toBe(2);
    const light = get("/api/v2/slow", { authorization: "Bearer light-token" });
    await settle();
    expect(gates.length).toBe(3);
    await drain();
    expect((await light).status).toBe(200);
    expect((await Promise.all(heavy)).every((response) => response.status === 200)).toBe(true);
  });

  it("a request that waited past its deadline gets 503; one whose client left gives its place up", async () => {
    const { get, release } = appWith({ maxInFlight: 1, maxQueue: 1, maxWaitMs: 30, addressShare: 1 });
    const running = get("/de/slow");
    await settle();
    const waited = await get("/de/slow");
    expect(waited.status).toBe(503);
    expect(waited.headers.get("retry-after")).toBe("5");
    const leaving = new AbortController();
    const left = get("/de/slow", {}, leaving.signal);
    await settle();
    leaving.abort();
    expect((await left).status).toBe(503);
    await expectPlaceFreed(get, release, running);
  });

  it("on the Node server a waiting request whose response closes (its client left) gives its place up", async () => {
    const { get, getOnNode, release } = appWith({ maxInFlight: 1, maxQueue: 1, addressShare: 1 });
    const running = get("/de/slow");
    await settle();
    const outgoing = new EventEmitter();
    const left = getOnNode("/de/slow", outgoing);
    await settle();
    expect(await isSettled(left)).toBe(false);
    outgoing.emit("close");
    expect((await left).status).toBe(503);
    await expectPlaceFreed(get, release, running);
  });

  it("while the loop lags and requests already wait, a new one is shed instead of queued; what can start still runs", async () => {
    let lag = 0;
    const { get, gates, drain } = appWith({ maxInFlight: 2, maxQueue: 8, maxEventLoopLagMs: 500, lagMs: () => lag, addressShare: 1 });
    lag = 800;
    const running = [get("/de/slow"), get("/de/slow")];
    await settle();
    expect(gates.length, "free slots are used, lag or not").toBe(2);
    const waiting = [get("/de/slow"), get("/de/slow")];
    await settle();
    expect(await Promise.all(waiting.map(isSettled)), "up to two wait, lag or not").toEqual([false, false]);
    const third = await get("/de/slow");
    expect(third.status).toBe(503);
    lag = 20;
    const calm = get("/de/slow");
    await settle();
    expect(await isSettled(calm), "a calm loop lets it wait").toBe(false);
    await drain();
    expect((await Promise.all([...running, ...waiting, calm])).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

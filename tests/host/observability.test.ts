/**
 * Issue 9 item 16: structured JSON logs with a request id, /healthz and /readyz, Prometheus metrics on
 * their own listener with bounded labels. The real host over the web tier built from the sources.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/index";
import { createLogger } from "#server/ops/logger";
import { createHttpServer } from "#server/ops/http-server";
import { createMetrics, routeLabeler, serveMetrics } from "#server/ops/metrics";
import { createTestHost } from "../helpers/host";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { listenPortBelowEphemeral } from "../helpers/ports";

let rt: TestRuntime;
let lines: Array<Record<string, unknown>>;
let fetchHost: (path: string, headers?: Record<string, string>) => Promise<Response>;
let metrics: ReturnType<typeof createMetrics>;

beforeAll(async () => {
  rt = await createTestRuntime();
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = createLogger({ level: "info" }, sink);
  metrics = createMetrics({ database: rt.database, jobs: async () => ({ due: 3, running: 1, failed: 2 }), websockets: () => 4 });
  ({ get: fetchHost } = await createTestHost(rt, { observe: { log, metrics, database: rt.database } }));
}, 60_000);
afterAll(async () => {
  await rt.close();
});

const requestLines = () => lines.filter((line) => line.msg === "request");

describe("health", () => {
  it("/healthz answers while the process runs; /readyz once the database answers and every migration ran", async () => {
    const health = await fetchHost("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await fetchHost("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, database: "ok", pending_migrations: [] });
  });

  it("/readyz is 503 while the process drains for shutdown", async () => {
    let draining = false;
    const { get } = await createTestHost(rt, {
      observe: { log: createLogger({ level: "silent" }), database: rt.database, isDraining: () => draining },
    });
    expect((await get("/readyz")).status).toBe(200);
    draining = true;
    const answer = await get("/readyz");
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ready: false, draining: true });
  });

  it("/readyz is 503 on a database that still lacks migrations, and on one that does not answer", async () => {
    const fresh = openDatabase(":memory:");
    const readyzOn = async (database: typeof fresh) =>
      await (await createTestHost(rt, { observe: { log: createLogger({ level: "silent" }), database } })).get("/readyz");
    const unmigrated = await readyzOn(fresh);
    expect(unmigrated.status).toBe(503);
    const body = (await unmigrated.json()) as { ready: boolean; pending_migrations: string[] };
    expect(body.ready).toBe(false);
    expect(body.pending_migrations).toContain("0001_init");
    await fresh.close();
    const closed = await readyzOn(fresh);
    expect(closed.status).toBe(503);
    expect(await closed.json()).toMatchObject({ database: "unreachable" });
  });
});

describe("request ids and the access log", () => {
  it("every response carries an X-Request-Id, and its log line the same id", async () => {
    const response = await fetchHost("/de/login");
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().find((line) => line.reqId === id)).toMatchObject({
      method: "GET",
      path: "/de/login",
      route: "/:lang/login",
      status: 200,
    });
  });

  it("keeps a sane incoming id and replaces one that is not", async () => {
    expect((await fetchHost("/healthz", { "x-request-id": "lb-4711-abc" })).headers.get("x-request-id")).toBe("lb-4711-abc");
    const replaced = (await fetchHost("/healthz", { "x-request-id": "bad id\twith spaces" })).headers.get("x-request-id");
    expect(replaced).not.toContain(" ");
  });

  it("a line break in a path cannot forge a log line: the path is a JSON field", async () => {
    const before = lines.length;
    await fetchHost("/de/lp/x%0A%7B%22msg%22%3A%22forged%22%7D");
    const added = lines.slice(before);
    expect(added.some((line) => line.msg === "forged")).toBe(false);
    // One line per event, whatever the path holds: the line break stays inside the JSON string.
    expect(added.filter((line) => line.msg === "request")).toHaveLength(1);
    expect(added.find((line) => line.msg === "request")?.path).toContain("\n");
    const warned = added.find((line) => line.msg === "landing page failure: no data found");
    expect(warned?.shortUrl).toBe('x\n{"msg":"forged"}');
    expect(warned?.reqId).toBeTruthy();
  });
});

describe("metrics", () => {
  it("count requests by method, bounded route group and status, with latency, pool, queue and event-loop lag", async () => {
    await fetchHost("/de/login");
    await fetchHost(`/de/p/${"someone_" + Date.now()}`);
    await fetchHost("/api/v2/user/data");
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/:lang\/login",status="200"\} \d+/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/:lang\/p",status="404"\}/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v2\/user",status="401"\}/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/:lang\/login"\}/);
    expect(text).toMatch(/^job_queue_depth 3$/m);
    expect(text).toMatch(/^websocket_connections 4$/m);
    expect(text).toMatch(/^jobs\{state="running"\} 1$/m);
    expect(text).toMatch(/^jobs\{state="failed"\} 2$/m);
    metrics.observeJob("mail.deliver", "retry", 0.2);
    expect(await metrics.registry.metrics()).toMatch(/^job_runs_total\{kind="mail.deliver",outcome="retry"\} 1$/m);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    expect(text).not.toMatch(/someone_/);
  });

  it("count micro-cache hits on the socket in http_requests_total, 200 and 304, but not in the duration histogram (ADR 165)", async () => {
    const own = createMetrics({ database: rt.database, jobs: async () => ({ due: 0, running: 0, failed: 0 }) });
    const { host } = await createTestHost(rt, { observe: { log: createLogger({ level: "silent" }), metrics: own, database: rt.database } });
    const server = createHttpServer(host.fetch, host.serveStored);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/de/escorts`;
    try {
      const rendered = await fetch(url);
      await rendered.arrayBuffer();
      for (let i = 0; i < 3; i++) {
        const hit = await fetch(url);
        await hit.arrayBuffer();
        expect(hit.headers.get("x-micro-cache")).toBe("hit");
      }
      const notModified = await fetch(url, { headers: { "if-none-match": rendered.headers.get("etag")! } });
      expect(notModified.status).toBe(304);
      const text = await own.registry.metrics();
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/:lang\/escorts",status="200"\} 4$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/:lang\/escorts",status="304"\} 1$/m);
      expect(text, "only the render took time").toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/:lang\/escorts"\} 1$/m,
      );
      // Read again: the tallies were added once, not twice.
      expect(await own.registry.metrics()).toMatch(/^http_requests_total\{method="GET",route="\/:lang\/escorts",status="200"\} 4$/m);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("labels unknown paths 'other', so a crawler cannot grow the series", () => {
    const label = routeLabeler({ apiGroups: ["user", "search"], pageWords: ["p", "escorts"] });
    expect(label("/de/escorts")).toBe("/:lang/escorts");
    expect(label("/de/anything-at-all")).toBe("/:lang/other");
    expect(label("/api/v2/user/data")).toBe("/api/v2/user");
    expect(label("/api/v2/nope/1")).toBe("/api/v2/other");
    expect(label("/wp-admin.php")).toBe("other");
  });

  it("are served on their own listener, never on the public port", async () => {
    const port = listenPortBelowEphemeral();
    const server = serveMetrics(metrics, { host: "127.0.0.1", port }, createLogger({ level: "silent" }));
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("http_requests_total");
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
    expect(await (await fetchHost("/metrics")).text()).not.toContain("http_requests_total");
  });

  it("on a taken port log one clear line, no stack trace, and throw nothing (issue 25)", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    const written: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    try {
      const server = serveMetrics(metrics, { host: "127.0.0.1", port }, createLogger({ level: "info" }, sink));
      await new Promise((resolve) => server.once("error", resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(written).toHaveLength(1);
      const line = JSON.parse(written[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: "warn", port, code: "EADDRINUSE" });
      expect(line.msg).toBe(
        `metrics off: port ${port} on 127.0.0.1 is taken by another process; set METRICS_PORT to a free port (0 turns metrics off)`,
      );
      expect(written[0]).not.toMatch(/stack|\bat \S+ \(/);
    } finally {
      taken.close();
    }
  });
});

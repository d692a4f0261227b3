/**
 * Prometheus metrics (issue 9 item 16) with prom-client, served on their own listener (METRICS_PORT,
 * loopback by default) so they are never reachable through the public port. Labels stay few: a route
 * label is a known route group, never a raw path (every username would be a new time series).
 */
import { createServer, type Server } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { DatabaseHandle } from "../db/index";
import type { Logger } from "./logger";

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /**
   * The tally of micro-cache hits of one route group and status (ADR 165): a hit adds one to `count`, and the
   * count goes into `http_requests_total` when the metrics are read. A hit is in no duration histogram.
   */
  hitTally(route: string, status: number): HitTally;
  /** A background job's run ended (server/jobs/queue.ts). */
  observeJob(kind: string, outcome: string, seconds: number): void;
}

/** Hits not yet added to `http_requests_total` (see Metrics.hitTally). */
export interface HitTally {
  count: number;
}

export interface MetricsSources {
  database: DatabaseHandle;
  /** The job table: jobs due and waiting, running, and failed for good. */
  jobs: () => Promise<{ due: number; running: number; failed: number }>;
  /** Open /ws sockets on this instance (the hub attaches after the metrics exist). */
  websockets?: () => number;
}

export function createMetrics({ database, jobs, websockets }: MetricsSources): Metrics {
  const registry = new Registry();
  // Process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_*), from prom-client itself.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Micro-cache hits are counted in plain numbers and added here when the metrics are read (ADR 165): a hit costs a
  // few microseconds, and prom-client's label hashing for the counter and the histogram was a sixth of that.
  const hitTallies = new Map<string, { route: string; status: string; tally: HitTally }>();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route group and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
    collect() {
      for (const { route, status, tally } of hitTallies.values()) {
        if (tally.count === 0) continue;
        this.inc({ method: "GET", route, status }, tally.count);
        tally.count = 0;
      }
    },
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to the response head, by method and route group (micro-cache hits, answered in microseconds, are not in it).",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (the embedded SQLite has one connection and reports none).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "websocket_connections",
    help: "Open /ws sockets on this instance.",
    registers: [registry],
    collect() {
      this.set(websockets?.() ?? 0);
    },
  });
  new Gauge({
    name: "job_queue_depth",
    help: "Jobs of the job table that are due and wait for a worker.",
    registers: [registry],
    async collect() {
      this.set((await jobs()).due);
    },
  });
  new Gauge({
    name: "jobs",
    help: "Jobs of the job table by state: running now, failed for good (kept 30 days).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const counts = await jobs();
      this.set({ state: "running" }, counts.running);
      this.set({ state: "failed" }, counts.failed);
    },
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Job runs by kind and outcome (done, retry, failed).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "job_run_duration_seconds",
    help: "Time a job run took, by kind.",
    labelNames: ["kind"] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    hitTally(route, status) {
      const key = `${route} ${status}`;
      let known = hitTallies.get(key);
      if (!known) {
        known = { route, status: String(status), tally: { count: 0 } };
        hitTallies.set(key, known);
      }
      return known.tally;
    },
    observeJob(kind, outcome, seconds) {
      jobRuns.inc({ kind, outcome });
      jobSeconds.observe({ kind }, seconds);
    },
  };
}

/**
 * The metrics listener. A port already taken is logged in one line, not fatal and not a stack trace: metrics must
 * never stop the product.
 */
export function serveMetrics(metrics: Metrics, { host, port }: { host: string; port: number }, log: Logger): Server {
  const server = createServer((req, res) => {
    if (req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    metrics.registry
      .metrics()
      .then((body) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(body))
      .catch((err: unknown) => {
        log.error({ err }, "metrics collection failed");
        res.writeHead(500).end();
      });
  });
  // One line, no stack trace (issue 25): the operator needs the port and what to do, not Node's internals.
  server.on("error", (err: NodeJS.ErrnoException) =>
    log.warn(
      { host, port, code: err.code },
      err.code === "EADDRINUSE"
        ? `metrics off: port ${port} on ${host} is taken by another process; set METRICS_PORT to a free port (0 turns metrics off)`
        : `metrics off: cannot listen on ${host}:${port} (${err.code ?? err.message}); set METRICS_HOST/METRICS_PORT (0 turns metrics off)`,
    ),
  );
  server.listen(port, host, () => log.info({ host, port }, "metrics listening"));
  return server;
}

/**
 * A bounded label for a request path: the API group or the page's first path word when the app knows
 * it, otherwise "other".
 */
export function routeLabeler({ apiGroups, pageWords }: { apiGroups: Iterable<string>; pageWords: Iterable<string> }) {
  const api = new Set(apiGroups);
  const pages = new Set(pageWords);
  return (path: string): string => {
    const segments = path.split("/").filter(Boolean);
    const [first, second] = segments;
    if (first === "api" && second === "v2") return api.has(segments[2] ?? "") ? `/api/v2/${segments[2]}` : "/api/v2/other";
    if (first === "oauth") return "/oauth/v2";
    if (first === "build" || first === "media" || first === "public" || first === "healthz" || first === "readyz") return `/${first}`;
    if (first === undefined) return "/";
    if (/^(de|en|es|pl)$/.test(first)) {
      if (second === undefined) return "/:lang";
      return pages.has(second) ? `/:lang/${second}` : "/:lang/other";
    }
    return "other";
  };
}

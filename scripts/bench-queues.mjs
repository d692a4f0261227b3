// The back office's queues with 100,000 open items (issue 30 "Measured when done", ADR 122): for each database a fresh
// one is seeded the way an operator would (`npm run seed -- --profiles 20 --queues N`: the demo, then N open items over
// the queues), its planner statistics refreshed, and the production build (build/server.js: `npm run build` first)
// started on it. Then, as demo_backend (the role that sees every queue), sequentially over loopback:
//   the overview            GET /api/v2/backoffice/queues          and the page /de/backoffice/queues
//   each queue's first page GET /api/v2<the manifest's api>        and its page /de/<the manifest's page>
// --warmup calls, then --runs measured calls each: p50, p95 and max in ms, and the server process's CPU time per
// request (/proc: on a shared machine the latency carries everyone's load, the CPU time is this request's own).
//   node scripts/bench-queues.mjs [--db sqlite|postgres|both] [--items 100000] [--runs 100] [--warmup 10] [--port 3639]
// PostgreSQL: a fresh schema on DATABASE_URL_TEST (default postgres://postgres@127.0.0.1:5432/test), dropped after.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    items: { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    warmup: { type: "string", default: "10" },
    port: { type: "string", default: "3639" },
  },
});
const [items, runs, warmup, port] = [values.items, values.runs, values.warmup, values.port].map(Number);
const databases = values.db === "both" ? ["sqlite", "postgres"] : [values.db];
const PASSWORD = "demo-pass-2026";
const base = `http://127.0.0.1:${port}`;

const { FEATURES } = await import("../server/modules/index.ts");
const { featureRegistryOf } = await import("../server/modules/registry.ts");
const { openDatabase, refreshPlannerStatistics } = await import("../server/db/index.ts");
const queues = [...featureRegistryOf(FEATURES).moderationQueues].map(([name, q]) => ({
  name,
  api: `/api/v2${q.api}`,
  page: `/de/${q.page ?? `backoffice/${name}`}`,
}));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The server's CPU time so far (utime + stime from /proc, ms): the cost per request that holds on a shared machine. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
let serverPid = 0;

async function measure(label, path, headers) {
  const call = async () => {
    const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    return body;
  };
  for (let i = 0; i < warmup; i++) await call();
  const times = [];
  const cpuBefore = cpuOf(serverPid);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  const cpu = (cpuOf(serverPid) - cpuBefore) / runs;
  times.sort((a, b) => a - b);
  const row = { label, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], cpu };
  console.info(
    `  ${label.padEnd(36)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  max ${row.max.toFixed(1).padStart(6)} ms  server CPU ${cpu.toFixed(1)} ms/request`,
  );
  return row;
}

async function startServer(env) {
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      APP_SECRET: "bench-queues",
      DEMO_MODE: "1",
      METRICS_PORT: "0",
      MAX_EVENT_LOOP_LAG_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const up = async () => {
    try {
      return (await fetch(`${base}/healthz`)).status < 500;
    } catch {
      return false;
    }
  };
  let ready = false;
  for (let i = 0; i < 600 && !ready && child.exitCode === null; i++) {
    await new Promise((r) => setTimeout(r, 100));
    ready = await up();
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return child;
}

async function run(kind) {
  const dir = mkdtempSync(join(tmpdir(), "bench-queues-"));
  let databaseUrl = `sqlite:${join(dir, "db.sqlite")}`;
  let drop = async () => {};
  if (kind === "postgres") {
    const server = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
    const schema = `bench_queues_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(server);
    url.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = url.toString();
    drop = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  }
  const env = { DATABASE_URL: databaseUrl, MEDIA_DIR: join(dir, "media") };
  let server;
  try {
    const started = performance.now();
    const seeded = spawnSync(
      process.execPath,
      ["scripts/run-ts.mjs", "server/db/cli.ts", "seed", "--profiles", "20", "--queues", String(items)],
      { env: { ...process.env, ...env, DEMO_MODE: "1" }, encoding: "utf8" },
    );
    if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
    console.info(
      `${kind}: ${seeded.stdout.trim().split("\n").slice(-1)[0]} (whole seed ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const database = openDatabase(databaseUrl);
    await refreshPlannerStatistics(database.db, { afterBulkLoad: true });
    await database.close();

    server = await startServer(env);
    serverPid = server.pid;
    const login = await fetch(`${base}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=password&username=demo_backend&password=${PASSWORD}`,
    });
    const token = (await login.json()).access_token;
    if (!token) throw new Error(`login failed: ${login.status}`);
    const api = { authorization: `Bearer ${token}` };
    const page = { cookie: `tk=${token}; keep_logged_in=1; km_ff=bench-queues-visitor` };

    const overview = JSON.parse(await (await fetch(`${base}/api/v2/backoffice/queues`, { headers: api })).text()).data;
    const open = overview.queues.reduce((sum, q) => sum + (q.open ?? 0), 0);
    console.info(`  open items counted by the overview: ${open} (${overview.queues.map((q) => `${q.name} ${q.open}`).join(", ")})`);
    const rows = [
      await measure("API overview", "/api/v2/backoffice/queues", api),
      await measure("page /de/backoffice/queues", "/de/backoffice/queues", page),
    ];
    for (const queue of queues) {
      rows.push(await measure(`API ${queue.name}`, queue.api, api));
      rows.push(await measure(`page ${queue.page}`, queue.page, page));
    }
    const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.info(`  slowest p95: ${worst.label} ${worst.p95.toFixed(1)} ms`);
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of databases) await run(kind);
process.exit(0);

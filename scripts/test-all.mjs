// `npm test`: everything CI runs, in order, stopping at the first failing
// stage: the system packages it needs, typecheck, format (prettier --check),
// lint, vitest (unit + API integration on SQLite), the API integration suite
// again on PostgreSQL (when reachable; REQUIRE_POSTGRES=1 makes it mandatory,
// as CI does), the build, the JavaScript budget of the build, and Playwright against the built server. Ends with
// one summary line: "total: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync } from "node:fs";
import net from "node:net";

const results = { passed: 0, failed: 0, skipped: 0 };
const reportDir = "test-results/reports";
mkdirSync(reportDir, { recursive: true });

function run(label, command, args, env = {}) {
  console.info(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.info(
    `◀ ${label}: ${result.status === 0 ? "ok" : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  results.passed += report.numPassedTests ?? 0;
  results.failed += report.numFailedTests ?? 0;
  results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  results.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  results.failed += stats.unexpected ?? 0;
  results.skipped += stats.skipped ?? 0;
}

function postgresReachable() {
  const url = new URL(process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test");
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/**
 * The Redis the realtime bus tests talk to: REDIS_URL, else a local one on 6379, else a private throwaway
 * server this run starts (no persistence) and stops at the end.
 */
let ownRedis = null;
async function ensureRedis() {
  if (process.env.REDIS_URL || (await reachable("127.0.0.1", 6379))) return;
  const port = 6399;
  ownRedis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 50 && !(await reachable("127.0.0.1", port)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  console.info(`started a private Redis for this run on ${process.env.REDIS_URL}`);
}

function finish(ok) {
  ownRedis?.kill();
  console.info(`\nSummary (unit, integration on both databases, e2e):`);
  console.info(`total: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
  process.exit(ok && results.failed === 0 ? 0 : 1);
}

const npx = "npx";
// The suites that talk to a database through tests/helpers/runtime.ts: they run again on PostgreSQL.
const DATABASE_SUITES = [
  "tests/api",
  "tests/host",
  "tests/server",
  "tests/web/auth",
  "tests/web/home",
  "tests/web/api-client",
  "tests/web/session",
];
// Chromium for the e2e run, ffmpeg for the video tests (vitest) and the server.
if (!run("system packages", "node", ["scripts/ensure-system-packages.mjs"])) finish(false);
await ensureRedis();
if (!run("typecheck", npx, ["tsc", "--noEmit"])) finish(false);
if (!run("format", npx, ["prettier", "--check", "."])) finish(false);
if (!run("lint", npx, ["eslint", "--max-warnings", "0", "."])) finish(false);

const sqliteReport = `${reportDir}/vitest-sqlite.json`;
const vitestOk = run(
  "vitest (unit + integration on SQLite)",
  npx,
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${sqliteReport}`],
  { TEST_DB: "sqlite" },
);
countVitest(sqliteReport);
if (!vitestOk) finish(false);

if (await postgresReachable()) {
  const pgReport = `${reportDir}/vitest-postgres.json`;
  const pgOk = run(
    "vitest (integration on PostgreSQL)",
    npx,
    ["vitest", "run", ...DATABASE_SUITES, "--reporter=default", "--reporter=json", `--outputFile.json=${pgReport}`],
    { TEST_DB: "postgres" },
  );
  countVitest(pgReport);
  if (!pgOk) finish(false);
} else if (process.env.REQUIRE_POSTGRES === "1") {
  console.error("PostgreSQL is not reachable but REQUIRE_POSTGRES=1");
  finish(false);
} else {
  console.warn("PostgreSQL not reachable: skipping the PostgreSQL integration run");
}

if (!run("build", "npm", ["run", "build"])) finish(false);
// Issue 33 item 5 (ADR 149): no hydrated route over 25 KB of our own code, or past its figure in the allowance.
if (!run("javascript budget", "node", ["scripts/bench-js.mjs", "--budget", "--allowance"])) finish(false);
const e2eReport = `${reportDir}/playwright.json`;
const e2eOk = run("playwright e2e", npx, ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
countPlaywright(e2eReport);
finish(e2eOk);

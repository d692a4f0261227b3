// The signed-in pages' server CPU per page (issue 33 item 4, ADRs 144 and 148), one or more builds side by side.
//
//   node scripts/bench-signedin.mjs --app .snapshots/base --app .snapshots/after [--port 3641] [--duration 10]
//     [--warmup 3] [--concurrency 2] [--passes 2] [--pin] [--page /de/my_dashboard …] [--prof DIR]
//   node scripts/bench-signedin.mjs --app … --count-statements   (the SQL of one request per page, per build)
//   --page /api/v2/… benches one API call instead of a page (the token as a bearer header, the same visitor id):
//   a page's data half alone, e.g. --page '/api/v2/ads/zone?page_key=messenger&sizes=320x100,728x90' (ADR 154)
//
// For each pass, page and build (the builds alternate page by page) it starts the build's `build/server.js` fresh on
// an empty SQLite database with the demo seed (the environment of scripts/e2e-server.mjs, shedding off:
// MAX_EVENT_LOOP_LAG_MS=0), signs in demo_client through the API's token endpoint, warms the page up, then runs
// scripts/bench-http.mjs with --pid (server CPU from /proc) and --rounds 5. --pin puts the server on core 1 and the
// load generator on core 0 (taskset), so "per core" means one core. --prof DIR starts the server with
// `node --cpu-prof --cpu-prof-dir=DIR/<build>` (one profile per server, written when it is stopped).
// Prints one line per run and a table at the end: server CPU ms per page (whole run, lowest slice), pages/s per core
// (1000 / ms), wall-clock pages/s, and the load average at the start of each run. Only loopback traffic.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    app: { type: "string", multiple: true, default: [] },
    port: { type: "string", default: "3641" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    concurrency: { type: "string", default: "2" },
    passes: { type: "string", default: "1" },
    page: { type: "string", multiple: true, default: [] },
    pin: { type: "boolean", default: false },
    prof: { type: "string" },
    "count-statements": { type: "boolean", default: false },
    user: { type: "string", default: "demo_client" },
    password: { type: "string", default: "demo-pass-2026" },
  },
});

const PAGES =
  values.page.length > 0
    ? values.page
    : ["/de/login", "/de/my_dashboard", "/de/messenger", "/de/favorite", "/de/my_notification", "/de/escorts"];
const GUEST_PAGES = new Set(["/de/login"]);
const apps = values.app.length > 0 ? values.app : ["."];
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const taskset = (core, argv) => (values.pin ? ["taskset", ["-c", String(core), ...argv]] : [argv[0], argv.slice(1)]);

async function startServer(app) {
  const dataDir = `/tmp/bench-signedin-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(`${dataDir}/media`, { recursive: true });
  const nodeArgs = values["count-statements"] ? ["--require", resolve("scripts/count-statements.cjs")] : [];
  if (values.prof) {
    const dir = resolve(values.prof, basename(resolve(app)));
    mkdirSync(dir, { recursive: true });
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${dir}`);
  }
  const [cmd, argv] = taskset(1, [process.execPath, ...nodeArgs, "build/server.js"]);
  const child = spawn(cmd, argv, {
    cwd: app,
    stdio: ["ignore", "ignore", values["count-statements"] ? "pipe" : "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `sqlite:${dataDir}/bench.sqlite`,
      MEDIA_DIR: `${dataDir}/media`,
      LIVE_DIR: `${dataDir}/live`,
      LIVE_RTMP_PORT: String(port + 20000),
      DEMO_MODE: "1",
      MAX_EVENT_LOOP_LAG_MS: "0",
      METRICS_PORT: "0",
      APP_SECRET: "bench",
      PUBLIC_URL: origin,
    },
  });
  child.errText = "";
  child.stderr?.on("data", (chunk) => (child.errText += chunk));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 600) throw new Error(`${app}: no /healthz after 5 minutes`);
    await sleep(500);
  }
  return child;
}

async function signIn() {
  const res = await fetch(`${origin}/oauth/v2/token`, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: values.user, password: values.password }),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

function bench(page, token, seconds, pid) {
  const args = [
    "scripts/bench-http.mjs",
    "--url",
    `${origin}${page}`,
    "--duration",
    String(seconds),
    "--concurrency",
    values.concurrency,
    "--json",
  ];
  if (pid) args.push("--pid", String(pid), "--rounds", "5");
  if (page.startsWith("/api/")) args.push("--header", `authorization: Bearer ${token}`, "--header", "x-km-ff: benchvisitor01");
  else if (!GUEST_PAGES.has(page)) args.push("--header", `cookie: tk=${token}; keep_logged_in=1; km_ff=benchvisitor01`);
  const [cmd, argv] = taskset(0, [process.execPath, ...args]);
  const out = spawnSync(cmd, argv, { encoding: "utf8" });
  const last = out.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(last);
  } catch {
    throw new Error(`bench-http failed: ${out.stdout}\n${out.stderr}`);
  }
}

async function stop(child) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** --count-statements: the statements of one request of each page (after five to warm up), per build. */
async function countStatements() {
  for (const app of apps) {
    const server = await startServer(app);
    try {
      const token = await signIn();
      for (const page of PAGES) {
        const headers = GUEST_PAGES.has(page) ? {} : { cookie: `tk=${token}; keep_logged_in=1; km_ff=benchvisitor01` };
        for (let i = 0; i < 5; i++) await (await fetch(`${origin}${page}`, { headers })).arrayBuffer();
        await sleep(100);
        server.kill("SIGUSR2");
        await sleep(300);
        server.errText = "";
        await (await fetch(`${origin}${page}`, { headers })).arrayBuffer();
        await sleep(100);
        server.kill("SIGUSR2");
        await sleep(300);
        const report = /== statements: (\d+)\n([\s\S]*?)== end/.exec(server.errText);
        console.info(`\n### ${app} ${page}: ${report?.[1] ?? "?"} statements\n${report?.[2] ?? server.errText}`);
      }
    } finally {
      await stop(server);
    }
  }
}
if (values["count-statements"]) {
  await countStatements();
  process.exit(0);
}

const rows = [];
for (let pass = 1; pass <= Number(values.passes); pass++) {
  for (const page of PAGES) {
    for (const app of apps) {
      const server = await startServer(app);
      try {
        const token = await signIn();
        bench(page, token, Number(values.warmup), null);
        const loadAt = load();
        const r = bench(page, token, Number(values.duration), server.pid);
        const statuses = Object.entries(r.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ");
        const row = {
          pass,
          page,
          app,
          ms: r.serverCpuMsPerRequest,
          lowest: r.serverCpuMsLowestSlice,
          wall: r.requests / r.seconds,
          load: loadAt,
          statuses,
        };
        rows.push(row);
        console.info(
          `pass ${pass} ${page} ${app}: ${row.ms.toFixed(2)} ms/page (lowest slice ${row.lowest?.toFixed(2)}), ` +
            `${Math.round(1000 / row.ms)} pages/s per core, ${row.wall.toFixed(0)} pages/s wall, load ${loadAt}, ${statuses}`,
        );
      } finally {
        await stop(server);
      }
    }
  }
}

console.info("\n| page | pass | build | server CPU ms/page (lowest slice) | pages/s per core | wall pages/s | load at start | statuses |");
console.info("|---|---|---|---:|---:|---:|---|---|");
for (const r of rows) {
  console.info(
    `| \`${r.page}\` | ${r.pass} | ${r.app} | ${r.ms.toFixed(2)} (${r.lowest?.toFixed(2)}) | ${Math.round(1000 / r.ms)} | ${r.wall.toFixed(0)} | ${r.load} | ${r.statuses} |`,
  );
}

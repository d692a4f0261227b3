// Two or more builds' server CPU per page, measured side by side in short alternating slices (ADR 153).
//
//   node scripts/bench-render-ab.mjs --app .snapshots/base --app .snapshots/branch [--page /de/my_dashboard …]
//     [--rounds 8] [--slice 2] [--warmup 4] [--concurrency 2] [--port 3490] [--encoding identity|br|gzip] [--pin]
//
// scripts/bench-signedin.mjs runs each build on its own fresh server one after the other; on a shared machine its
// load drifts between the two runs by more than a render change saves. Here every build runs at once (ports
// port, port+1, …; each on an empty SQLite database with the demo seed, the environment of bench-signedin, shedding
// off), and the load generator visits them in turn, one slice of --slice seconds each, --rounds times per page, the
// order swapped every round. A slice's cost is the server's utime+stime from /proc over the pages it answered; the
// figure per build and page is the median of its slices, and the ratio is taken slice pair by slice pair, so drift
// in the machine's load falls on both builds alike. --pin puts every server on core 1 and this script on core 0.
// --encoding sends that Accept-Encoding (the default, identity, leaves compression out, as bench-signedin does).
// An --app may carry environment of its own after semicolons, so one build can be measured against itself with a
// runtime setting changed (ADR 159): --app '.snapshots/b' --app '.snapshots/b;NODE_OPTIONS=--max-semi-space-size=16'.
// Only loopback traffic.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    app: { type: "string", multiple: true, default: [] },
    page: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "8" },
    slice: { type: "string", default: "2" },
    warmup: { type: "string", default: "4" },
    concurrency: { type: "string", default: "2" },
    port: { type: "string", default: "3490" },
    encoding: { type: "string", default: "identity" },
    pin: { type: "boolean", default: false },
    user: { type: "string", default: "demo_client" },
    password: { type: "string", default: "demo-pass-2026" },
  },
});

const GUEST_PAGES = new Set(["/de/login"]);
const PAGES =
  values.page.length > 0
    ? values.page
    : ["/de/login", "/de/my_dashboard", "/de/messenger", "/de/favorite", "/de/my_notification", "/de/escorts"];
if (values.app.length < 1) {
  console.error("usage: node scripts/bench-render-ab.mjs --app DIR [--app DIR …]");
  process.exit(2);
}
if (values.pin) spawnSync("taskset", ["-cp", "0", String(process.pid)], { stdio: "ignore" });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const TICKS_PER_SECOND = 100;
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

async function startServer(app, port) {
  const [dir, ...assignments] = app.split(";");
  const ownEnv = Object.fromEntries(assignments.map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]));
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `/tmp/bench-render-ab-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(`${dataDir}/media`, { recursive: true });
  const argv = [process.execPath, "build/server.js"];
  const [cmd, args] = values.pin ? ["taskset", ["-c", "1", ...argv]] : [argv[0], argv.slice(1)];
  const child = spawn(cmd, args, {
    cwd: resolve(dir),
    stdio: ["ignore", "ignore", "inherit"],
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
      ...ownEnv,
    },
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 600) throw new Error(`${app}: no /healthz after 5 minutes`);
    await sleep(500);
  }
  const res = await fetch(`${origin}/oauth/v2/token`, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: values.user, password: values.password }),
  });
  const token = (await res.json()).access_token;
  if (!token) throw new Error(`${app}: sign-in failed`);
  return { app, port, child, token };
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function get(server, page) {
  const headers = { "accept-encoding": values.encoding };
  if (!GUEST_PAGES.has(page)) headers.cookie = `tk=${server.token}; keep_logged_in=1; km_ff=benchvisitor01`;
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port: server.port, path: page, headers, agent }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => done({ status: res.statusCode, bytes }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** Closed loop for `seconds`: pages answered, their statuses and bytes, and the server's CPU ms over them. */
async function slice(server, page, seconds) {
  const statuses = {};
  let pages = 0;
  let bytes = 0;
  const cpuBefore = cpuMs(server.child.pid);
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const r = await get(server, page);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      bytes += r.bytes;
      pages += 1;
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  await sleep(50); // the last answers' sockets and log lines
  return { pages, bytes, cpu: cpuMs(server.child.pid) - cpuBefore, statuses };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const servers = [];
try {
  for (const [i, app] of values.app.entries()) servers.push(await startServer(app, Number(values.port) + i));
  console.info(`load at start ${load()}; ${servers.map((s) => `${s.app} on ${s.port} (pid ${s.child.pid})`).join(", ")}`);
  const rows = [];
  for (const page of PAGES) {
    for (const server of servers) await slice(server, page, Number(values.warmup));
    const perServer = servers.map(() => ({ ms: [], pages: 0, bytes: 0, statuses: {} }));
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = round % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => servers.length - 1 - i);
      for (const i of order) {
        const r = await slice(servers[i], page, Number(values.slice));
        const acc = perServer[i];
        if (r.pages > 0) acc.ms.push(r.cpu / r.pages);
        acc.pages += r.pages;
        acc.bytes += r.bytes;
        for (const [s, n] of Object.entries(r.statuses)) acc.statuses[s] = (acc.statuses[s] ?? 0) + n;
      }
    }
    const first = perServer[0];
    for (const [i, acc] of perServer.entries()) {
      const ratios = acc.ms.map((ms, k) => ms / first.ms[k]).filter(Number.isFinite);
      const row = {
        page,
        app: servers[i].app,
        ms: median(acc.ms),
        ratio: median(ratios),
        bytes: Math.round(acc.bytes / Math.max(acc.pages, 1)),
        pages: acc.pages,
        statuses: Object.entries(acc.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(" "),
        load: load(),
      };
      rows.push(row);
      console.info(
        `${page} ${row.app}: ${row.ms.toFixed(2)} ms CPU/page (median of ${acc.ms.length} slices), ×${row.ratio.toFixed(3)} of the first, ` +
          `${row.bytes} B/page, ${row.statuses}, load ${row.load}`,
      );
    }
  }
  console.info(
    `\nload at end ${load()}; encoding ${values.encoding}, concurrency ${values.concurrency}, ${values.rounds} × ${values.slice} s per build and page\n`,
  );
  console.info(
    "| page | build | server CPU ms/page (median slice) | × first build (median of pairs) | pages/s per core | bytes/page | statuses |",
  );
  console.info("|---|---|---:|---:|---:|---:|---|");
  for (const r of rows)
    console.info(
      `| \`${r.page}\` | ${r.app} | ${r.ms.toFixed(2)} | ${r.ratio.toFixed(3)} | ${Math.round(1000 / r.ms)} | ${r.bytes} | ${r.statuses} |`,
    );
} finally {
  agent.destroy();
  for (const s of servers) s.child.kill("SIGTERM");
}

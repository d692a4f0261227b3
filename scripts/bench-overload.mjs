// Capacity and goodput under overload (issue 23 item 5, ADR 060). Starts the built server (demo seed, SQLite)
// pinned to one core and drives it with scripts/bench-http.mjs pinned to the other (`taskset`), with N
// closed-loop clients that ask again as soon as they have an answer, 503 or not (the worst case: no client
// waits its Retry-After). For each page and client count it measures the server twice, freshly started each
// time: with admission control off ("capacity": every request runs at once) and with the product's settings
// ("goodput": the 2xx per second admission control lets through). Prints 2xx/s, 503/s and latency
// percentiles of each run, and goodput as a share of capacity: per second of wall time (the bar, on a quiet
// machine) and per second of the server's CPU (what the server did with the CPU it got: on a machine shared
// with other work the server gets a varying part of its core, and only this share is comparable between runs).
// --repeat N measures each pair N times (off, on, off, on, …) and reports the medians.
//
//   npm run build && node scripts/bench-overload.mjs [--duration 10] [--warmup 3] [--clients 32,200]
//     [--pages /de/login,/de/my_dashboard] [--repeat 1] [--port 3560] [--server-cpu 0] [--load-cpu 1]
//
// Signed-in pages (/de/my_…, /de/user…, /de/messenger…) are requested as demo_client (its tk cookie), so all
// clients are one member there. Bounded in time; loopback only.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    clients: { type: "string", default: "32,200" },
    pages: { type: "string", default: "/de/login,/de/my_dashboard" },
    repeat: { type: "string", default: "1" },
    port: { type: "string", default: "3560" },
    "server-cpu": { type: "string", default: "0" },
    "load-cpu": { type: "string", default: "1" },
  },
});

if (spawnSync("taskset", ["--version"]).status !== 0) {
  console.error("taskset (util-linux) is needed to pin the server and the load generator to a core each");
  process.exit(2);
}

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "velora-overload-"));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Admission control off: every request runs at once (the server's capacity), or the product's defaults. */
const MODES = {
  off: { MAX_IN_FLIGHT: "1000000", ADMISSION_QUEUE: "0", MAX_EVENT_LOOP_LAG_MS: "0" },
  on: {},
};

async function startServer(mode) {
  if (
    await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`port ${port} is taken: stop what runs there or pass --port`);
  }
  const env = { ...process.env };
  for (const name of ["MAX_IN_FLIGHT", "ADMISSION_QUEUE", "ADMISSION_WAIT_MS", "MAX_EVENT_LOOP_LAG_MS"]) delete env[name];
  const child = spawn("taskset", ["-c", values["server-cpu"], process.execPath, "build/server.js"], {
    // The access log goes where production's goes: written, here to nowhere.
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...env,
      ...MODES[mode],
      NODE_ENV: "production",
      DEMO_MODE: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: `sqlite:${join(dataDir, "db.sqlite")}`,
      MEDIA_DIR: join(dataDir, "media"),
      APP_SECRET: "bench-overload",
      METRICS_PORT: "0",
    },
  });
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error("server did not start");
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  return child;
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function memberCookie() {
  const res = await fetch(`${base}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "grant_type=password&username=demo_client&password=demo-pass-2026",
  });
  const { access_token: token } = await res.json();
  if (!token) throw new Error(`sign-in failed: ${res.status}`);
  return `tk=${token}; keep_logged_in=1; km_ff=benchvisitor01`;
}

function bench(url, clients, seconds, headers, pid) {
  const args = ["-c", values["load-cpu"], process.execPath, "scripts/bench-http.mjs", "--url", url];
  args.push("--duration", String(seconds), "--concurrency", String(clients), "--json");
  if (pid) args.push("--pid", String(pid));
  for (const header of headers) args.push("--header", header);
  const run = spawnSync("taskset", args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`bench-http failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1));
}

const signedIn = (page) => /^\/[a-z]{2}\/(?:my_|user|messenger)/.test(page);
const load = () => spawnSync("cut", ["-d", " ", "-f1-3", "/proc/loadavg"], { encoding: "utf8" }).stdout.trim();
const ms = (value) => (value === null ? "–" : value.toFixed(0));
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** 2xx answers per second of the server's CPU. */
const perCpuSecond = (run) => (run.serverCpuSeconds > 0 ? run.classes["2xx"].count / run.serverCpuSeconds : 0);
const rows = [];

for (const page of values.pages.split(",")) {
  for (const clients of values.clients.split(",").map(Number)) {
    const runs = { off: [], on: [] };
    for (let round = 0; round < Number(values.repeat); round++) {
      // Each pair on freshly started servers, off first, then on, so both see about the same machine.
      for (const mode of ["off", "on"]) {
        const server = await startServer(mode);
        let r;
        try {
          const headers = signedIn(page) ? [`cookie: ${await memberCookie()}`] : [];
          bench(`${base}${page}`, Math.min(clients, 8), Number(values.warmup), headers);
          const startedLoad = load();
          r = { ...bench(`${base}${page}`, clients, Number(values.duration), headers, server.pid), load: startedLoad };
        } finally {
          await stopServer(server);
        }
        runs[mode].push(r);
        const c = r.classes;
        console.info(
          `${page} · ${clients} clients · admission ${mode} (load ${r.load}): 2xx ${c["2xx"].perSecond.toFixed(1)}/s ` +
            `(p50 ${ms(c["2xx"].p50)}, p95 ${ms(c["2xx"].p95)}, p99 ${ms(c["2xx"].p99)} ms), 503 ${c[503].perSecond.toFixed(1)}/s ` +
            `(p50 ${ms(c[503].p50)}, p95 ${ms(c[503].p95)} ms), other ${c.other.count}, errors ${r.errors}; ` +
            `server CPU ${r.serverCpuSeconds.toFixed(2)} s (${((r.serverCpuSeconds / r.seconds) * 100).toFixed(0)} % of its core), ` +
            `${perCpuSecond(r).toFixed(0)} 2xx per CPU second`,
        );
      }
    }
    rows.push({ page, clients, runs });
  }
}

console.info(
  "\n| page | clients | capacity 2xx/s (off) | p50 / p95 / p99 ms | goodput 2xx/s (on) | 503/s | 2xx p50 / p95 / p99 ms | goodput / capacity, wall | 2xx per CPU s off → on | goodput / capacity, per CPU s |",
);
console.info("|---|---:|---:|---|---:|---:|---|---:|---|---:|");
for (const { page, clients, runs } of rows) {
  // Medians over the repeats; the latency columns are those of the median run.
  const pick = (list) => list.find((r) => r.classes["2xx"].perSecond === median(list.map((x) => x.classes["2xx"].perSecond)));
  const [off, on] = [pick(runs.off), pick(runs.on)];
  const capacity = off.classes["2xx"].perSecond;
  const goodput = on.classes["2xx"].perSecond;
  const [cpuOff, cpuOn] = [median(runs.off.map(perCpuSecond)), median(runs.on.map(perCpuSecond))];
  const [a, b] = [off.classes["2xx"], on.classes["2xx"]];
  console.info(
    `| \`${page}\` | ${clients} | ${capacity.toFixed(1)} | ${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.p99)} | ${goodput.toFixed(1)} | ` +
      `${on.classes[503].perSecond.toFixed(1)} | ${ms(b.p50)} / ${ms(b.p95)} / ${ms(b.p99)} | ${((goodput / capacity) * 100).toFixed(0)} % | ` +
      `${cpuOff.toFixed(0)} → ${cpuOn.toFixed(0)} | ${((cpuOn / cpuOff) * 100).toFixed(0)} % |`,
  );
}

// Several instances behind haproxy under load (issue 33 item 1, ADR 141; results in docs/performance.md, "cluster: …").
//
//   npm run build   # once
//   node scripts/bench-cluster.mjs [--instances 2] [--connections 4] [--streams 4] [--steady-s 20] [--port 8444]
//                                  [--crash]   (the checker's own check: each instance is killed (SIGKILL) and started
//                                               again instead of drained; haproxy's retries and redispatches then
//                                               show what the crash cost, and POSTs would fail)
//
// Starts the cluster of scripts/cluster/cluster.mjs on its own ports (PostgreSQL database velora_cluster, migrated and
// seeded with the demo data on first use), signs three demo members in through the proxy, then loads it over HTTP/2
// (node:http2: `--connections` TLS connections with `--streams` requests in flight each, like browsers) with a mix of
// guest pages (home, escorts directory, a profile) and signed-in pages (dashboard, messenger) through haproxy:
//  1. steady: `--steady-s` seconds; goodput (2xx/3xx per second) with every process's CPU seconds and share.
//  2. rolling restart of every instance under the same load: each drained in haproxy, SIGTERMed, restarted, taken back;
//     every answer that is not 2xx/3xx and every stream or connection error counts as a failure. The bar: 0.
// The machine is shared and has two cores: the figures are correctness and cost, never scaling (docs/performance.md).
import { connect } from "node:http2";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { startCluster } from "./cluster/cluster.mjs";

const { values: args } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
    streams: { type: "string", default: "4" },
    "steady-s": { type: "string", default: "20" },
    port: { type: "string", default: "8444" },
    "app-port": { type: "string", default: "3654" },
    "s3-port": { type: "string", default: "3659" },
    crash: { type: "boolean", default: false },
  },
});
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const log = (line) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const cluster = await startCluster({
  instances: Number(args.instances),
  port: Number(args.port),
  appPort: Number(args["app-port"]),
  s3Port: Number(args["s3-port"]),
  dir: "data/bench-cluster",
  // The instances' warnings and errors, for whoever looks into a failure.
  instanceStdout: (mkdirSync("data/bench-cluster", { recursive: true }), openSync("data/bench-cluster/instances.log", "a")),
  instanceEnv: { LOG_LEVEL: "warn", MAX_EVENT_LOOP_LAG_MS: "0" },
  sourceMaps: false,
  log,
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop().then(() => process.exit(130)));

const origin = cluster.url;
const tls = { rejectUnauthorized: false };

/** One request over a session; resolves with the status (0: a stream or connection error). */
function get(session, path, cookie) {
  return new Promise((done) => {
    let stream;
    try {
      stream = session.request({ ":path": path, "accept-encoding": "br, gzip", ...(cookie ? { cookie } : {}) });
    } catch {
      return done({ status: 0, error: "session closed" });
    }
    let status = 0;
    let head = {};
    let body = "";
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
      head = headers;
    });
    stream.on("data", (chunk) => {
      if (status >= 400 && body.length < 400) body += chunk.toString("latin1");
    });
    stream.on("end", () => done({ status, head, body }));
    stream.on("error", (err) => done({ status: 0, error: err.code ?? err.message }));
    stream.setTimeout(30_000, () => stream.close());
  });
}

/** Signs a demo member in with the login form (as a browser without JavaScript) and returns the tk cookie. */
async function signIn(username) {
  const res = await new Promise((done, fail) => {
    const session = connect(origin, tls);
    session.on("error", fail);
    const body = new URLSearchParams({ username, password: "demo-pass-2026", website_url: "", r: "" }).toString();
    const stream = session.request({
      ":method": "POST",
      ":path": "/de/login",
      origin,
      "content-type": "application/x-www-form-urlencoded",
    });
    stream.on("response", (headers) => {
      done(headers);
      session.close();
    });
    stream.on("error", fail);
    stream.end(body);
  });
  const cookies = [res["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]);
  const tk = cookies.find((c) => c.startsWith("tk="));
  if (!tk) throw new Error(`sign-in of ${username} failed: ${res[":status"]}`);
  return cookies.join("; ");
}
// Five members, each signed-in stream of the load always the same one: a member has one or two pages in flight, as a
// person does. (With three members taken in turn, all streams hit one member at once in lockstep, and the app's fair
// admission, ADR 060, rightly made the ninth of that member's pages wait and shed it after 2 s.)
const members = await Promise.all(["demo_client", "demo_escort", "demo_agency", "demo_club", "demo_member"].map(signIn));
const GUEST = ["/de", "/de/escorts", "/de/p/demo_escort", "/en", "/de/p/demo_club"];
const SIGNED_IN = ["/de/my_dashboard", "/de/messenger", "/de/my_notification", "/de/favorite"];

// ---- the load: a closed loop of `connections` × `streams` ----
const stats = { ok: 0, failed: 0, byStatus: new Map(), errors: new Map(), samples: [], guest: 0, signedIn: 0 };
const resetStats = () =>
  Object.assign(stats, { ok: 0, failed: 0, byStatus: new Map(), errors: new Map(), samples: [], guest: 0, signedIn: 0 });
let running = true;
async function connection(index) {
  while (running) {
    // Each connection from an address of its own on the loopback network, as separate visitors: the app's fair
    // admission (ADR 060) gives one address at most half of an instance's slots, and haproxy passes the real one.
    const session = connect(origin, { ...tls, localAddress: `127.0.1.${index + 1}` });
    session.on("error", () => {});
    await new Promise((done) => {
      session.once("connect", done);
      session.once("error", done);
    });
    // A connection lives for a few hundred requests, as a browser's would across pages; then a new one (new TLS).
    let left = 300;
    const worker = async (w) => {
      let n = w;
      while (running && left-- > 0 && !session.closed && !session.destroyed) {
        // Half the streams are guests, half signed in, each for good: a guest's cached pages are not held back by a
        // signed-in page's render in the same loop.
        const signedIn = (index * Number(args.streams) + w) % 2 === 0;
        const paths = signedIn ? SIGNED_IN : GUEST;
        const path = paths[n % paths.length];
        n += 1;
        const member = members[(index * Number(args.streams) + w) % members.length];
        const { status, error, head, body } = await get(session, path, signedIn ? member : undefined);
        if (status >= 200 && status < 400) {
          stats.ok += 1;
          if (signedIn) stats.signedIn += 1;
          else stats.guest += 1;
        } else {
          stats.failed += 1;
          const key = error ?? String(status);
          stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
          // Who answered it (the app's pages carry a request id; haproxy's own errors do not) and what it said.
          if (stats.samples.length < 5)
            stats.samples.push({
              at: new Date().toISOString().slice(11, 23),
              path,
              status,
              error,
              request_id: head?.["x-request-id"],
              retry_after: head?.["retry-after"],
              encoding: head?.["content-encoding"],
              body: head?.["content-encoding"] ? undefined : body.slice(0, 200),
            });
        }
        stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: Number(args.streams) }, (_, w) => worker(w)));
    session.close();
  }
}

// ---- CPU: every process's CPU seconds over a phase ----
const TICKS = 100;
const cpuOfPid = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS;
};
const redisPid = (() => {
  try {
    return Number(execFileSync("pidof", ["redis-server"], { encoding: "utf8" }).trim().split(/\s+/)[0]);
  } catch {
    return 0;
  }
})();
const dbClient = new pg.Client({ connectionString: cluster.databaseUrl });
await dbClient.connect();
async function snapshot() {
  const out = { ...cluster.cpu() };
  const { rows } = await dbClient.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
  out.postgres = {};
  for (const { pid } of rows) {
    try {
      out.postgres[pid] = cpuOfPid(pid);
    } catch {
      // ended
    }
  }
  out.redis = redisPid ? cpuOfPid(redisPid) : 0;
  const own = process.cpuUsage();
  // This process: the load generator's HTTP/2 clients and TLS, and s3rver (idle: no media in the mix).
  out.loadgen = (own.user + own.system) / 1e6;
  out.wall = performance.now() / 1000;
  return out;
}
function cpuBetween(a, b) {
  const out = {};
  for (const key of Object.keys(b)) {
    if (key === "postgres") {
      out.postgres = Object.entries(b.postgres).reduce((sum, [pid, v]) => sum + v - (a.postgres[pid] ?? v), 0);
    } else if (key !== "wall") out[key] = b[key] - (a[key] ?? 0);
  }
  return out;
}

const loops = Array.from({ length: Number(args.connections) }, (_, i) => connection(i));
log("warming up 10 s");
await sleep(10_000);

// ---- 1. steady ----
resetStats();
const loadBefore = readFileSync("/proc/loadavg", "utf8").trim();
const before = await snapshot();
await sleep(Number(args["steady-s"]) * 1000);
const after = await snapshot();
const seconds = after.wall - before.wall;
const cpu = cpuBetween(before, after);
const totalCpu = Object.values(cpu).reduce((a, b) => a + b, 0);
const steady = {
  seconds: Number(seconds.toFixed(1)),
  goodput_per_s: Number((stats.ok / seconds).toFixed(1)),
  guest_per_s: Number((stats.guest / seconds).toFixed(1)),
  signed_in_per_s: Number((stats.signedIn / seconds).toFixed(1)),
  failed: stats.failed,
  cpu_seconds: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Number(v.toFixed(2))])),
  // Each process's share of all CPU used (2 cores = 2 CPU-seconds per second at most).
  cpu_share_pct: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Number(((100 * v) / totalCpu).toFixed(1))])),
  cpu_ms_per_request_all: Number(((1000 * totalCpu) / Math.max(1, stats.ok)).toFixed(2)),
  cores_busy: Number((totalCpu / seconds).toFixed(2)),
  loadavg_before: loadBefore,
  loadavg_after: readFileSync("/proc/loadavg", "utf8").trim(),
};
log(`steady: ${JSON.stringify(steady)}`);

// ---- 2. rolling restart under the same load ----
resetStats();
const rollStarted = performance.now();
const proxyBefore = await cluster.proxy.servers();
if (args.crash) {
  // The checker's own check: a crash instead of a drain.
  for (const instance of cluster.instances) {
    log(`crash: SIGKILL ${instance.name}`);
    const child = instance.child;
    const gone = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await gone;
    cluster.start(instance);
    await cluster.waitReady(instance);
    await cluster.proxy.waitStatus(instance.name, (s) => s.status === "UP");
  }
} else {
  await cluster.rollingRestart();
}
// A few seconds more on the new processes: a request they answer wrongly right after start counts too.
await sleep(3_000);
const proxyAfter = await cluster.proxy.servers();
// What haproxy did behind the answers: with a drain nothing should need a retry; a crash shows here.
const proxyDelta = (field) => proxyAfter.reduce((sum, s) => sum + s[field] - (proxyBefore.find((b) => b.name === s.name)?.[field] ?? 0), 0);
const rolling = {
  mode: args.crash ? "crash (SIGKILL, no drain)" : "drain then SIGTERM",
  seconds: Number(((performance.now() - rollStarted) / 1000).toFixed(1)),
  requests: stats.ok + stats.failed,
  ok: stats.ok,
  failed: stats.failed,
  statuses: Object.fromEntries(stats.byStatus),
  errors: Object.fromEntries(stats.errors),
  failures: stats.samples,
  haproxy: {
    retries: proxyDelta("retries"),
    redispatches: proxyDelta("redispatches"),
    response_errors: proxyDelta("responseErrors"),
    connection_errors: proxyDelta("connectionErrors"),
  },
  restarts: cluster.instances.map((i) => ({ name: i.name, exits: i.exits })),
  loadavg_after: readFileSync("/proc/loadavg", "utf8").trim(),
};
log(`rolling restart: ${JSON.stringify(rolling)}`);
running = false;
await Promise.all(loops);
await dbClient.end();
await stop();
console.info(JSON.stringify({ instances: cluster.instances.length, steady, rolling }, null, 2));
const ok = rolling.failed === 0 && rolling.ok > 0;
console.info(ok ? "OK: 0 failed requests during the rolling restart" : "FAILED: requests failed during the rolling restart");
process.exit(ok ? 0 : 1);

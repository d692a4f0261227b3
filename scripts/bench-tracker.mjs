// The activity tracker's endpoint under load (issue 32 item 2, ADR 132): --rate batches a second (default 1,000) for
// --seconds (10), each --events events (10) as the browser sends them (newline-separated JSON, text/plain; every
// --gzip-th one gzip with g=1), open loop (sent on schedule, not after the previous answer), from --members members
// with the tracker's consent (each stays under its 60 batches a minute) to POST /api/v2/activity/events of the real
// API (bootstrap, migrations, Hono, the host's HTTP server) in a child process on --port, whose CPU is measured alone.
// Prints accepted batches, statuses, p50/p95/p99 latency, errors, rows stored and the app's CPU, then runs the rollup.
//   DATABASE_URL=sqlite:/tmp/tracker-bench.sqlite node scripts/bench-tracker.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tracker_bench node scripts/bench-tracker.mjs
// The database must be a fresh one (never the development database): the script creates its members there.
import { execFileSync, fork } from "node:child_process";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const { values } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    rate: { type: "string", default: "1000" },
    seconds: { type: "string", default: "10" },
    events: { type: "string", default: "10" },
    members: { type: "string", default: "300" },
    gzip: { type: "string", default: "4" },
    port: { type: "string", default: "3640" },
    // CPU lists for taskset: the app alone on one core, the load generator on the other (a shared machine stays
    // shared: other processes still run there, so the app's own CPU time per batch is the figure that travels).
    "pin-app": { type: "string", default: "" },
    "pin-load": { type: "string", default: "" },
    warmup: { type: "string", default: "300" },
    connections: { type: "string", default: "32" },
    // A directory: the app writes a V8 CPU profile there on exit (where its CPU per batch goes).
    "cpu-prof": { type: "string", default: "" },
  },
});
const [rate, seconds, eventsPerBatch, memberCount, gzipEvery, port] = [
  values.rate,
  values.seconds,
  values.events,
  values.members,
  values.gzip,
  values.port,
].map(Number);

if (values.serve) await serve();
else await drive();

/** The child: the real API over HTTP, members with consent, and its own CPU on request. */
async function serve() {
  const { register } = await import("tsx/esm/api");
  register();
  const { loadConfig } = await import("../server/config.ts");
  const { bootstrap } = await import("../server/bootstrap.ts");
  const { createHttpServer } = await import("../server/ops/http-server.ts");
  const { issueTokens } = await import("../server/modules/auth/tokens.ts");
  const { grantConsent } = await import("../server/modules/consents/index.ts");
  const { rollupActivity } = await import("../server/modules/activity/index.ts");
  const { createLogger } = await import("../server/ops/logger.ts");
  const runtime = await bootstrap({ ...loadConfig(), logLevel: "warn" }, { seed: false, log: createLogger({ level: "warn" }) });
  const { db } = runtime.database;
  const now = Date.now();
  const user = (username, userType) => ({
    username,
    username_key: username,
    email: `${username}@bench.test`,
    email_key: `${username}@bench.test`,
    password_hash: "!",
    user_type: userType,
    gender: 1,
    salutation: "mr",
    birth_date: "1990-01-15",
    language: "de",
    member_until: null,
    email_verified_at: now,
    register_completed_step: 10,
    status: "active",
    created_at: now,
    updated_at: now,
    last_login_at: null,
  });
  const tag = now.toString(36);
  const profiles = [];
  for (let i = 0; i < 20; i++) {
    const row = await db
      .insertInto("users")
      .values(user(`bench_escort_${tag}_${i}`, 2))
      .returning("id")
      .executeTakeFirstOrThrow();
    profiles.push(Number(row.id));
  }
  const tokens = [];
  for (let i = 0; i < memberCount; i++) {
    const row = await db
      .insertInto("users")
      .values(user(`bench_member_${tag}_${i}`, 1))
      .returning("id")
      .executeTakeFirstOrThrow();
    await grantConsent(db, Number(row.id), "activity_statistics", now);
    tokens.push((await issueTokens(db, runtime.deps.clock, Number(row.id), "127.0.0.1", { keepLoggedIn: true })).access_token);
  }
  const server = createHttpServer((request, env) =>
    runtime.api.fetch(request, { remoteAddress: env?.incoming?.socket?.remoteAddress ?? "127.0.0.1" }),
  );
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  let cpuStart = process.cpuUsage();
  let wallStart = performance.now();
  let rowsBefore = 0;
  const countRows = async () =>
    Number(
      (
        await db
          .selectFrom("activity_events")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  // --cpu-prof: V8's profiler over the measured window only (start-up, warm-up and the rollup left out).
  const profiler = values["cpu-prof"] ? new (await import("node:inspector/promises")).Session() : null;
  profiler?.connect();
  process.on("message", async (message) => {
    if (message === "start") {
      rowsBefore = await countRows();
      if (profiler) {
        await profiler.post("Profiler.enable");
        await profiler.post("Profiler.start");
      }
      cpuStart = process.cpuUsage();
      wallStart = performance.now();
      return;
    }
    if (message === "stop") {
      const cpu = process.cpuUsage(cpuStart);
      const wallMs = performance.now() - wallStart;
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        const { mkdirSync, writeFileSync } = await import("node:fs");
        mkdirSync(values["cpu-prof"], { recursive: true });
        writeFileSync(`${values["cpu-prof"]}/tracker-${Date.now()}.cpuprofile`, JSON.stringify(profile));
      }
      const stored = (await countRows()) - rowsBefore;
      const rollupStart = performance.now();
      const rollup = await rollupActivity(runtime.deps);
      const rollupMs = performance.now() - rollupStart;
      process.send({
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs,
        rows: stored,
        rollupMs,
        rollupDays: rollup.days.length,
      });
      server.close();
      await runtime.database.close();
      process.exit(0);
    }
  });
  process.send({ ready: true, tokens, profiles });
}

/** The parent: the load, open loop, and the figures. */
async function drive() {
  if (!process.env.DATABASE_URL) {
    console.error("set DATABASE_URL to a fresh benchmark database (never the development one)");
    process.exit(2);
  }
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      "--serve",
      "--members",
      String(memberCount),
      "--port",
      String(port),
      ...(values["cpu-prof"] ? ["--cpu-prof", values["cpu-prof"]] : []),
    ],
    {
      env: { ...process.env, NODE_ENV: "development", DEV_ROUTES: "0" },
      execArgv: process.execArgv,
    },
  );
  // -a: every thread of the process (libuv's pool, V8's helpers), so the app's whole CPU stays on its core.
  if (values["pin-app"]) execFileSync("taskset", ["-a", "-pc", values["pin-app"], String(child.pid)], { stdio: "ignore" });
  if (values["pin-load"]) execFileSync("taskset", ["-a", "-pc", values["pin-load"], String(process.pid)], { stdio: "ignore" });
  const setup = await new Promise((resolve) => child.once("message", resolve));
  const { tokens, profiles } = setup;
  const url = `http://127.0.0.1:${port}/api/v2/activity/events`;
  const kinds = ["profile_view", "profile_view", "profile_view", "phone_click", "website_click"];
  const batchBody = (n) => {
    const lines = [];
    for (let i = 0; i < eventsPerBatch; i++) {
      const object = profiles[(n + i) % profiles.length];
      lines.push(
        JSON.stringify({
          actor: null,
          object,
          title: kinds[(n + i) % kinds.length],
          provider: "profile",
          generator: "velora-tracker/1",
          published: Date.now(),
          id: `${n}-${i}`,
        }),
      );
    }
    return lines.join("\n");
  };
  const total = rate * seconds;
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let accepted = 0;
  let events = 0;
  let sent = 0;
  // Warm-up, not measured: the first requests pay for V8's compilation and the database's first pages.
  const warmupCount = Number(values.warmup);
  for (let w = 0; w < warmupCount; w += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, warmupCount - w) }, (_, k) =>
        fetch(`${url}?t=${Date.now()}`, {
          method: "POST",
          headers: {
            "content-type": "text/plain",
            authorization: `Bearer ${tokens[(w + k) % tokens.length]}`,
            "user-agent": "bench-tracker",
          },
          body: batchBody(total + w + k),
        }).then((response) => response.arrayBuffer()),
      ),
    );
  }
  child.send("start");
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const inflight = [];
  // A pool of keep-alive connections, as a proxy in front of the app would hold: thousands of fresh sockets a second
  // would measure the kernel's accept queue and the load generator, not the endpoint.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.connections) });
  const errorKinds = new Map();
  const fire = (n) => {
    const gz = gzipEvery > 0 && n % gzipEvery === 0;
    const text = batchBody(n);
    const body = gz ? gzipSync(text) : Buffer.from(text);
    // Latency from the moment the batch was due, not from when a free connection took it (no coordinated omission).
    const due = started + (n / rate) * 1000;
    const request = new Promise((resolve) => {
      const req = http.request(
        `${url}?t=${Date.now()}${gz ? "&g=1" : ""}`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "text/plain",
            "content-length": body.byteLength,
            authorization: `Bearer ${tokens[n % tokens.length]}`,
            "user-agent": "bench-tracker",
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - due);
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode === 204) {
              accepted += 1;
              events += Number(response.headers["x-activity-accepted"] ?? 0);
            }
            resolve();
          });
        },
      );
      req.on("error", (err) => {
        errors += 1;
        errorKinds.set(err.code ?? err.message, (errorKinds.get(err.code ?? err.message) ?? 0) + 1);
        resolve();
      });
      req.end(body);
    });
    inflight.push(request);
  };
  // Open loop: every 10 ms, as many batches as the schedule says are due by now.
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) fire(sent++);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const sendMs = performance.now() - started;
  await Promise.all(inflight);
  const doneMs = performance.now() - started;
  child.send("stop");
  const server = await new Promise((resolve) => child.once("message", resolve));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
  const [load1] = (await import("node:os")).loadavg();
  console.info(
    JSON.stringify(
      {
        database: process.env.DATABASE_URL.split(":")[0],
        offered: `${rate} batches/s × ${seconds} s, ${eventsPerBatch} events each, every ${gzipEvery}th gzip, ${values.connections} keep-alive connections`,
        sent,
        sendSeconds: +(sendMs / 1000).toFixed(2),
        drainedSeconds: +(doneMs / 1000).toFixed(2),
        acceptedBatches: accepted,
        acceptedPerSecond: +(accepted / (doneMs / 1000)).toFixed(0),
        statuses: Object.fromEntries(statuses),
        networkErrors: errors,
        networkErrorKinds: Object.fromEntries(errorKinds),
        latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1)?.toFixed(1) },
        eventsAccepted: events,
        rowsStored: server.rows,
        everyAcceptedEventStoredOnce: server.rows === events,
        appCpuSeconds: +(server.cpuMs / 1000).toFixed(2),
        appCpuMsPerBatch: +(server.cpuMs / Math.max(1, accepted)).toFixed(3),
        appCpuShareOfOneCore: +(server.cpuMs / server.wallMs).toFixed(2),
        rollupMs: +server.rollupMs.toFixed(0),
        machineLoad1m: +load1.toFixed(2),
        pinned: { app: values["pin-app"] || "no", load: values["pin-load"] || "no" },
      },
      null,
      2,
    ),
  );
}

// What the search's column index costs a process at its start (ADR 164): starts build/server.js on a database once per
// setting of SEARCH_INDEX (0, then 1; --rounds times, alternating) and reports, per start: the time to "listening" and
// to /readyz, the RSS then, the time until the log says "search index loaded" (server/modules/search/warm.ts), the
// process's CPU and RSS then and after --settle seconds more, and the latency of a search call made every --probe ms
// from the start on (the database answers until the index has loaded; a long one is the event loop held by the load).
//
//   node scripts/bench-index-start.mjs --database demo|FILE.sqlite [--rounds 1] [--port 3712] [--settle 10] [--pin] [--only 0|1]
//
// "demo": a fresh SQLite file per start, seeded with the demo data (as `npm start`). A FILE is used as it is and is
// WRITTEN to (migrations, sessions, maintenance): pass a copy, never a shared seed. Only loopback traffic.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    rounds: { type: "string", default: "1" },
    port: { type: "string", default: "3712" },
    settle: { type: "string", default: "10" },
    probe: { type: "string", default: "250" },
    pin: { type: "boolean", default: false },
    /** One setting only ("0" or "1") instead of both. */
    only: { type: "string" },
  },
});
if (!values.database) {
  console.error("usage: node scripts/bench-index-start.mjs --database demo|FILE.sqlite");
  process.exit(2);
}
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
// The bar search of issue 33 (10 km around Berlin, two filters, facets): an API call, never micro-cached.
const BAR = {
  filterquery: { location: { lat: 52.52437, lon: 13.41053, radius: 10 }, gender: [2], age: [18, 35] },
  facets: { term: ["gender", "figure_type", "race_type", "cup_size"], range: ["age", "price"] },
  sort: "top_ranking",
};

async function timed(path, init) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function start(searchIndex) {
  const dataDir = `/tmp/bench-index-start-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(`${dataDir}/media`, { recursive: true });
  const file = values.database === "demo" ? `${dataDir}/demo.sqlite` : values.database;
  const argv = [process.execPath, "build/server.js"];
  const [cmd, args] = values.pin ? ["taskset", ["-c", "1", ...argv]] : [argv[0], argv.slice(1)];
  const started = performance.now();
  const child = spawn(cmd, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: `sqlite:${file}`,
      MEDIA_DIR: `${dataDir}/media`,
      LIVE_DIR: `${dataDir}/live`,
      LIVE_RTMP_PORT: String(port + 20000),
      APP_SECRET: "bench-index-start",
      METRICS_PORT: "0",
      MAX_EVENT_LOOP_LAG_MS: "0",
      LOG_FORMAT: "json",
      SEARCH_INDEX: searchIndex ? "1" : "0",
    },
  });
  const marks = {};
  let pending = "";
  child.stdout.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      const msg = line.includes('"msg"') ? JSON.parse(line).msg : "";
      if (msg === "Velora listening") marks.listening = { at: performance.now() - started, rss: rssMb(child.pid), cpu: cpuMs(child.pid) };
      if (msg === "search index loaded") {
        const entry = JSON.parse(line);
        marks.loaded = { at: performance.now() - started, rss: rssMb(child.pid), cpu: cpuMs(child.pid), rows: entry.rows, ms: entry.ms };
      }
    }
  });
  // /readyz first, then the probe: one search call every --probe ms while the index loads, and a few after.
  while ((await timed("/readyz")).status !== 200) await sleep(100);
  const ready = { at: performance.now() - started, rss: rssMb(child.pid) };
  const first = {
    search: await timed("/de/escorts"),
    directory: await timed("/de/escort/deutschland/berlin/berlin"),
  };
  const probes = [];
  const until = () => (searchIndex ? marks.loaded : probes.length >= 8);
  for (let after = 0; !until() || after < 5; after += until() ? 1 : 0) {
    probes.push({
      ...(await timed("/api/v2/search/user-and-business", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(BAR),
      })),
      loaded: Boolean(marks.loaded),
    });
    await sleep(Number(values.probe));
    if (performance.now() - started > 600_000) break;
  }
  await sleep(Number(values.settle) * 1000);
  const settled = { rss: rssMb(child.pid), cpu: cpuMs(child.pid) };
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return { searchIndex, ready, first, marks, probes, settled };
}

const round = (n) => Math.round(n);
const pct = (list, q) =>
  list.length ? round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]) : "-";
console.info(`load average at start: ${load()}`);
for (let r = 0; r < Number(values.rounds); r++) {
  for (const searchIndex of values.only ? [values.only === "1"] : [false, true]) {
    const s = await start(searchIndex);
    const during = s.probes.filter((p) => !p.loaded).map((p) => p.ms);
    const after = s.probes.filter((p) => p.loaded).map((p) => p.ms);
    console.info(
      [
        `SEARCH_INDEX=${searchIndex ? 1 : 0}: listening ${round(s.marks.listening?.at ?? NaN)} ms, ready ${round(s.ready.at)} ms, RSS ${round(s.ready.rss)} MB`,
        `  first /de/escorts ${round(s.first.search.ms)} ms (${s.first.search.status}), first Berlin directory ${round(s.first.directory.ms)} ms (${s.first.directory.status})`,
        s.marks.loaded
          ? `  index loaded ${round(s.marks.loaded.at)} ms after spawn (${s.marks.loaded.rows} rows, load ${s.marks.loaded.ms} ms wall), ` +
            `process CPU ${round(s.marks.listening.cpu)} → ${round(s.marks.loaded.cpu)} ms, RSS ${round(s.marks.loaded.rss)} MB`
          : `  no index load`,
        `  bar search calls before the index was loaded: ${during.length}, p50 ${pct(during, 0.5)} / max ${pct(during, 1)} ms; ` +
          `after: ${after.length}, p50 ${pct(after, 0.5)} ms` +
          ` (statuses ${[...new Set(s.probes.map((p) => p.status))].join(",")})`,
        `  after ${values.settle} s more: RSS ${round(s.settled.rss)} MB, process CPU ${round(s.settled.cpu)} ms; load average ${load()}`,
      ].join("\n"),
    );
  }
}

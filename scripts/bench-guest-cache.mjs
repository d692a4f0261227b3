// Cached guest pages against a static floor in one run (issue 33 item 3, ADR 143).
//
//   node scripts/bench-guest-cache.mjs --base http://127.0.0.1:3671 --pid <server pid> \
//     [--path /de --path /de/escorts …] [--duration 10] [--concurrency 16] [--floor-port 3672] [--core 1]
//     [--accept-encoding br] [--client node|wrk] [--client-core 0]
//
// First starts the static floor: a bare node:http server on --floor-port, pinned with taskset to --core (pin the
// app server to the same core), answering the bytes of the first path as fetched from --base, with the same
// headers a static file server would send. Then drives the floor and every path with scripts/bench-http.mjs
// (--pid: the server's CPU time per request) and prints, per path, requests/s, server CPU ms per request and
// both as a share of the floor. On a shared machine the CPU share is the figure to compare; wall-clock rates
// say as much about the machine's other work. Sends traffic only to loopback addresses (bench-http checks).
//
// --client wrk (Debian's `wrk`, apt-get install -y wrk) drives the same runs with wrk (one thread, pinned with
// taskset to --client-core; the servers stay on --core): the one-process Node client tops out near 1,200
// requests/s, below what the static floor serves, so only wrk gives a wall-clock ratio. wrk counts no headers:
// the micro-cache hits are then a probe of 20 requests after each run (every one must say X-Micro-Cache: hit).
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    pid: { type: "string" },
    path: { type: "string", multiple: true, default: [] },
    duration: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    "floor-port": { type: "string", default: "3672" },
    core: { type: "string", default: "1" },
    "accept-encoding": { type: "string", default: "identity" }, // identity, br or gzip
    client: { type: "string", default: "node" }, // node (scripts/bench-http.mjs) or wrk
    "client-core": { type: "string", default: "0" },
  },
});
if (!values.base || !values.pid) {
  console.error("usage: bench-guest-cache.mjs --base URL --pid PID [--path P …]");
  process.exit(2);
}
const paths = values.path.length > 0 ? values.path : ["/de", "/de/escorts", "/de/escort/deutschland/berlin/berlin", "/de/p/demo_escort"];
const encoding = values["accept-encoding"];

// The floor answers the first page's bytes (in the asked encoding) like a static file server would.
// (fetch decodes what it gets, so the sample is fetched plain and encoded here.)
const sample = await fetch(new URL(paths[0], values.base), { headers: { "accept-encoding": "identity" } });
const plainBody = Buffer.from(await sample.arrayBuffer());
const sampleBody = encoding === "br" ? brotliCompressSync(plainBody) : encoding === "gzip" ? gzipSync(plainBody) : plainBody;
const floorSource = `
const http = require("node:http");
const body = Buffer.from(process.env.FLOOR_BODY, "base64");
const headers = { "content-type": "text/html; charset=utf-8", "content-length": body.length, "cache-control": "public, max-age=60",
  etag: 'W/"floor"', "last-modified": new Date(0).toUTCString(), ...(process.env.FLOOR_ENCODING !== "identity" ? { "content-encoding": process.env.FLOOR_ENCODING } : {}) };
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(Number(process.env.FLOOR_PORT), "127.0.0.1");
`;
const floor = spawn("taskset", ["-c", values.core, process.execPath, "-e", floorSource], {
  env: { ...process.env, FLOOR_BODY: sampleBody.toString("base64"), FLOOR_PORT: values["floor-port"], FLOOR_ENCODING: encoding },
  stdio: "inherit",
});
await new Promise((resolve) => setTimeout(resolve, 1500));
// taskset execs node in place: its pid is the floor server's.
const floorPid = String(floor.pid);

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)
function cpuSeconds(pid) {
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

async function probeHits(url) {
  let hits = 0;
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url, { headers: { "accept-encoding": encoding } });
    await response.arrayBuffer();
    if (response.headers.get("x-micro-cache") === "hit") hits++;
  }
  return hits;
}

async function benchWrk(url, pid) {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) throw new Error(`refusing ${url}: loopback only`);
  const cpuBefore = cpuSeconds(pid);
  const out = execFileSync(
    "taskset",
    [
      "-c",
      values["client-core"],
      "wrk",
      "-t1",
      `-c${values.concurrency}`,
      `-d${values.duration}s`,
      ...(encoding !== "identity" ? ["-H", `Accept-Encoding: ${encoding}`] : []),
      url,
    ],
    { encoding: "utf8" },
  );
  const cpu = cpuSeconds(pid) - cpuBefore;
  const requests = Number(/(\d+) requests in ([\d.]+)(m?s)/.exec(out)?.[1] ?? 0);
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors: .*?timeout (\d+)/.exec(out)?.[1] ?? 0);
  const p50 = /50%\s+(\S+)/.exec(out)?.[1];
  const hits = pid === floorPid ? 0 : await probeHits(url);
  return { requests, rate, errors, seconds: requests / rate, serverCpuMsPerRequest: requests > 0 ? (cpu * 1000) / requests : null, hits, probe: true, p50 };
}

function bench(url, pid) {
  const out = execFileSync(
    process.execPath,
    [
      "scripts/bench-http.mjs",
      "--url",
      url,
      "--duration",
      values.duration,
      "--concurrency",
      values.concurrency,
      "--pid",
      pid,
      "--json",
      ...(encoding !== "identity" ? ["--header", `accept-encoding: ${encoding}`] : []),
    ],
    { encoding: "utf8" },
  );
  const summary = JSON.parse(out.trim().split("\n").at(-1));
  const hits = /micro-cache hits: (\d+)/.exec(out)?.[1] ?? "0";
  return { ...summary, hits: Number(hits), rate: summary.requests / summary.seconds };
}

const loadBefore = readFileSync("/proc/loadavg", "utf8").trim();
const rows = [];
try {
  const run = values.client === "wrk" ? benchWrk : bench;
  const floorRun = await run(`http://127.0.0.1:${values["floor-port"]}/`, floorPid);
  rows.push(["static floor", floorRun]);
  for (const path of paths) rows.push([path, await run(new URL(path, values.base).href, values.pid)]);
} finally {
  floor.kill();
}
const loadAfter = readFileSync("/proc/loadavg", "utf8").trim();

const [, floorRun] = rows[0];
const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
console.info(
  `load average before: ${loadBefore}; after: ${loadAfter}; accept-encoding: ${encoding}; client: ${values.client}; ${values.duration} s × ${rows.length} runs`,
);
console.info("| page | requests/s | of floor (wall) | server CPU ms/request | ≈ req/s per free core | of floor (CPU) | micro-cache hits |");
console.info("|---|---:|---:|---:|---:|---:|---:|");
for (const [name, run] of rows) {
  if (!run.serverCpuMsPerRequest) {
    console.info(`| ${name} | no answers (errors: ${run.errors}) |`);
    continue;
  }
  const perCore = 1000 / run.serverCpuMsPerRequest;
  if (run.errors > 0) console.info(`(${name}: ${run.errors} errors or non-2xx answers)`);
  console.info(
    `| ${name} | ${run.rate.toFixed(0)} | ${pct(run.rate, floorRun.rate)} | ${run.serverCpuMsPerRequest.toFixed(3)} | ${perCore.toFixed(0)} | ${pct(
      floorRun.serverCpuMsPerRequest,
      run.serverCpuMsPerRequest,
    )} | ${name === "static floor" ? "–" : run.probe ? `probe ${run.hits}/20` : `${run.hits}/${run.requests}`} |`,
  );
}

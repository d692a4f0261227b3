// Cached guest pages against a static floor in one run (issue 33 item 3, ADR 143).
//
//   node scripts/bench-guest-cache.mjs --base http://127.0.0.1:3671 --pid <server pid> \
//     [--path /de --path /de/escorts …] [--duration 10] [--concurrency 16] [--floor-port 3672] [--core 1]
//     [--accept-encoding br]
//
// First starts the static floor: a bare node:http server on --floor-port, pinned with taskset to --core (pin the
// app server to the same core), answering the bytes of the first path as fetched from --base, with the same
// headers a static file server would send. Then drives the floor and every path with scripts/bench-http.mjs
// (--pid: the server's CPU time per request) and prints, per path, requests/s, server CPU ms per request and
// both as a share of the floor. On a shared machine the CPU share is the figure to compare; wall-clock rates
// say as much about the machine's other work. Sends traffic only to loopback addresses (bench-http checks).
import { spawn, execFileSync } from "node:child_process";
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

const loadBefore = (await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim();
const rows = [];
try {
  const floorRun = bench(`http://127.0.0.1:${values["floor-port"]}/`, floorPid);
  rows.push(["static floor", floorRun]);
  for (const path of paths) rows.push([path, bench(new URL(path, values.base).href, values.pid)]);
} finally {
  floor.kill();
}
const loadAfter = (await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim();

const [, floorRun] = rows[0];
const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
console.info(
  `load average before: ${loadBefore}; after: ${loadAfter}; accept-encoding: ${encoding}; ${values.duration} s × ${rows.length} runs`,
);
console.info("| page | requests/s | of floor (wall) | server CPU ms/request | ≈ req/s per free core | of floor (CPU) | micro-cache hits |");
console.info("|---|---:|---:|---:|---:|---:|---:|");
for (const [name, run] of rows) {
  if (!run.serverCpuMsPerRequest) {
    console.info(`| ${name} | no answers (errors: ${run.errors}) |`);
    continue;
  }
  const perCore = 1000 / run.serverCpuMsPerRequest;
  console.info(
    `| ${name} | ${run.rate.toFixed(0)} | ${pct(run.rate, floorRun.rate)} | ${run.serverCpuMsPerRequest.toFixed(3)} | ${perCore.toFixed(0)} | ${pct(
      floorRun.serverCpuMsPerRequest,
      run.serverCpuMsPerRequest,
    )} | ${name === "static floor" ? "–" : `${run.hits}/${run.requests}`} |`,
  );
}

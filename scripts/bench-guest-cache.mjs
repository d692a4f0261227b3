// Cached guest pages against a static floor in one run (issue 33 item 3, ADRs 143 and 150).
//
//   node scripts/bench-guest-cache.mjs --base http://127.0.0.1:3671 --pid <server pid> \
//     [--path /de --path /de/escorts …] [--duration 10] [--concurrency 16] [--floor-port 3672] [--core 1]
//     [--accept-encoding br] [--client node|wrk] [--client-core 0] [--rounds 1] [--floor-per-page]
//
// First starts the static floor: a bare node:http server on --floor-port, pinned with taskset to --core (pin the
// app server to the same core), answering the bytes of the pages as fetched from --base (the first page's, or
// with --floor-per-page each page's own), with the headers a static file server would send. Then drives the
// floor and every path with scripts/bench-http.mjs (--pid: the server's CPU time per request) and prints, per
// path, requests/s, server CPU ms per request and both as a share of the floor; with --rounds N the whole
// sequence runs N times (each with its own floor runs) and the medians are printed, then every round's shares. On a shared machine the CPU share is the figure to compare; wall-clock rates
// say as much about the machine's other work. Sends traffic only to loopback addresses (bench-http checks).
//
// --client wrk (Debian's `wrk`, apt-get install -y wrk) drives the same runs with wrk (one thread, pinned with
// taskset to --client-core; the servers stay on --core): the one-process Node client tops out near 1,200
// requests/s, below what the static floor serves, so only wrk gives a wall-clock ratio. wrk counts no headers:
// the micro-cache hits are then a probe of 20 requests after each run (every one should say X-Micro-Cache: hit;
// one in 20 may be the render after the 5-s window). --client wrk needs `wrk` on the PATH (not needed by npm test).
import { spawn, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { cpuSeconds, runWrk } from "./bench-wrk.mjs";

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
    rounds: { type: "string", default: "1" },
    "floor-per-page": { type: "boolean", default: false },
  },
});
if (!values.base || !values.pid) {
  console.error("usage: bench-guest-cache.mjs --base URL --pid PID [--path P …]");
  process.exit(2);
}
if (values.client === "wrk" && !existsSync("/usr/bin/wrk")) {
  console.error("--client wrk needs Debian's wrk: node scripts/ensure-system-packages.mjs --only=wrk");
  process.exit(2);
}
const paths = values.path.length > 0 ? values.path : ["/de", "/de/escorts", "/de/escort/deutschland/berlin/berlin", "/de/p/demo_escort"];
const encoding = values["accept-encoding"];

// The floor answers a page's bytes (in the asked encoding) like a static file server would: /0 the first page's,
// /1 the second's, … (fetch decodes what it gets, so each is fetched plain and encoded here). By default every
// page is compared with the floor serving the first page's bytes; --floor-per-page compares each page with the
// floor serving that page's own bytes, measured right before it (a larger page costs a static server more too).
const bodies = [];
for (const path of paths) {
  const sample = await fetch(new URL(path, values.base), { headers: { "accept-encoding": "identity" } });
  const plainBody = Buffer.from(await sample.arrayBuffer());
  bodies.push(encoding === "br" ? brotliCompressSync(plainBody) : encoding === "gzip" ? gzipSync(plainBody) : plainBody);
}
const floorSource = `
const http = require("node:http");
const bodies = JSON.parse(process.env.FLOOR_BODIES).map((b) => Buffer.from(b, "base64"));
const headersOf = (body) => ({ "content-type": "text/html; charset=utf-8", "content-length": body.length, "cache-control": "public, max-age=60",
  etag: 'W/"floor"', "last-modified": new Date(0).toUTCString(), ...(process.env.FLOOR_ENCODING !== "identity" ? { "content-encoding": process.env.FLOOR_ENCODING } : {}) });
const answers = bodies.map((body) => [headersOf(body), body]);
http.createServer((req, res) => { const [headers, body] = answers[Number(req.url.slice(1)) || 0] ?? answers[0]; res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.env.FLOOR_PORT), "127.0.0.1");
`;
const floor = spawn("taskset", ["-c", values.core, process.execPath, "-e", floorSource], {
  env: {
    ...process.env,
    FLOOR_BODIES: JSON.stringify(bodies.map((b) => b.toString("base64"))),
    FLOOR_PORT: values["floor-port"],
    FLOOR_ENCODING: encoding,
  },
  stdio: "inherit",
});
await new Promise((resolve) => setTimeout(resolve, 1500));
// taskset execs node in place: its pid is the floor server's.
const floorPid = String(floor.pid);

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
  const cpuBefore = cpuSeconds(pid);
  const { requests, rate, errors, p50 } = runWrk({
    url,
    core: values["client-core"],
    concurrency: values.concurrency,
    duration: values.duration,
    headers: encoding !== "identity" ? [`Accept-Encoding: ${encoding}`] : [],
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const hits = pid === floorPid ? 0 : await probeHits(url);
  return {
    requests,
    rate,
    errors,
    seconds: requests / rate,
    serverCpuMsPerRequest: requests > 0 ? (cpu * 1000) / requests : null,
    hits,
    probe: true,
    p50,
  };
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
const rounds = Math.max(1, Number(values.rounds));
const perPage = values["floor-per-page"];
/** Per page: one [floor run, page run] per round. */
const results = paths.map(() => []);
try {
  const run = values.client === "wrk" ? benchWrk : bench;
  const floorUrl = (i) => `http://127.0.0.1:${values["floor-port"]}/${i}`;
  for (let round = 0; round < rounds; round++) {
    // Each round measures its floor anew (the machine's other work changes): once, or before every page.
    let floorRun = perPage ? null : await run(floorUrl(0), floorPid);
    for (const [i, path] of paths.entries()) {
      if (perPage) floorRun = await run(floorUrl(i), floorPid);
      results[i].push([floorRun, await run(new URL(path, values.base).href, values.pid)]);
    }
  }
} finally {
  floor.kill();
}
const loadAfter = readFileSync("/proc/loadavg", "utf8").trim();

const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
console.info(
  `load average before: ${loadBefore}; after: ${loadAfter}; accept-encoding: ${encoding}; client: ${values.client}; ` +
    `${values.duration} s per run, ${rounds} round(s); floor: ${perPage ? "each page's own bytes" : "the first page's bytes"}`,
);
console.info(
  "| page | floor req/s | page req/s | of floor (wall) | floor CPU ms/req | page CPU ms/req | ≈ page req/s per free core | of floor (CPU) | micro-cache hits |",
);
console.info("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [i, path] of paths.entries()) {
  const pairs = results[i].filter(([f, p]) => f.serverCpuMsPerRequest && p.serverCpuMsPerRequest);
  for (const [f, p] of results[i])
    if (f.errors > 0 || p.errors > 0) console.info(`(${path}: ${f.errors} floor / ${p.errors} page errors or non-2xx answers)`);
  if (pairs.length === 0) {
    console.info(`| ${path} | no answers |`);
    continue;
  }
  // Medians over the rounds; the ratios are the median of each round's own ratio.
  const floorRate = median(pairs.map(([f]) => f.rate));
  const pageRate = median(pairs.map(([, p]) => p.rate));
  const floorCpu = median(pairs.map(([f]) => f.serverCpuMsPerRequest));
  const pageCpu = median(pairs.map(([, p]) => p.serverCpuMsPerRequest));
  const wallShare = median(pairs.map(([f, p]) => p.rate / f.rate));
  const cpuShare = median(pairs.map(([f, p]) => f.serverCpuMsPerRequest / p.serverCpuMsPerRequest));
  const hits = pairs.map(([, p]) => (p.probe ? `${p.hits}/20` : `${p.hits}/${p.requests}`)).join(", ");
  console.info(
    `| ${path} | ${floorRate.toFixed(0)} | ${pageRate.toFixed(0)} | ${pct(wallShare, 1)} | ${floorCpu.toFixed(3)} | ${pageCpu.toFixed(3)} | ${(1000 / pageCpu).toFixed(0)} | ${pct(cpuShare, 1)} | ${pairs[0][1].probe ? "probe " : ""}${hits} |`,
  );
}
if (rounds > 1) {
  console.info("each round (page: wall share, CPU share):");
  for (const [i, path] of paths.entries())
    console.info(
      `  ${path}: ${results[i].map(([f, p]) => `${pct(p.rate, f.rate)}, ${pct(f.serverCpuMsPerRequest, p.serverCpuMsPerRequest)}`).join(" | ")}`,
    );
}

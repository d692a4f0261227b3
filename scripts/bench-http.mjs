// A small closed-loop HTTP load generator for loopback benchmarks.
//
// One URL (a hot page):
//   node scripts/bench-http.mjs --url http://127.0.0.1:3000/de [--duration 10] [--concurrency 16]
//     [--method POST --body 'a=1' --type application/x-www-form-urlencoded] [--header 'cookie: tk=…']
// Many distinct URLs (cold renders), taken in order and each used once until the list runs out:
//   --urls-file FILE                 one URL per line
//   --sitemap URL [--sitemap URL …]  page addresses from sitemaps (an index is followed), e.g.
//                                    http://127.0.0.1:3000/sitemap.xml --match '/p/' --limit 20000
//   --pages N                        add ?page=2…N to every collected address (directory pages);
//                                    addresses that do not answer 200 are dropped in a probe pass
//   --warmup N                       request the first N addresses before measuring (JIT warm-up)
//   --shuffle                        random order (deterministic: --seed)
// Server cost: --pid PID (the server process) reads utime+stime from /proc/PID/stat before and after
// the measured run, so the CPU time per request is known even on a busy shared machine. With --rounds N
// the run is also cut into N equal time slices, each reported with its own CPU per request: on a machine
// shared with other work the lowest slice is the one least disturbed (fewest cache-cold switches).
//
// Prints requests/s, errors, latency percentiles, statuses, micro-cache hits (X-Micro-Cache), the
// server CPU per request, and response sizes (median and largest, raw and gzipped); answers per second and
// latency per class (2xx, 503, other: goodput under overload, scripts/bench-overload.mjs). --json prints one
// more line at the end: the summary as JSON, for scripts that run this one.
// Bounded in time and count; sends traffic only to loopback addresses.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    "urls-file": { type: "string" },
    sitemap: { type: "string", multiple: true, default: [] },
    match: { type: "string" },
    limit: { type: "string", default: "50000" },
    pages: { type: "string", default: "1" },
    warmup: { type: "string", default: "0" },
    shuffle: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    cycle: { type: "boolean", default: false },
    pid: { type: "string" },
    rounds: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    method: { type: "string", default: "GET" },
    body: { type: "string" },
    type: { type: "string" },
    header: { type: "string", multiple: true, default: [] },
    "max-requests": { type: "string", default: "200000" },
    json: { type: "boolean", default: false },
  },
});

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];
function loopbackUrl(raw) {
  const url = new URL(raw);
  if (!LOOPBACK.includes(url.hostname)) {
    console.error(`refusing ${raw}: benchmarks only target loopback addresses`);
    process.exit(2);
  }
  return url;
}

if (!values.url && !values["urls-file"] && values.sitemap.length === 0) {
  console.error("usage: bench-http.mjs (--url URL | --urls-file FILE | --sitemap URL…) [--pid PID] [--duration S] [--concurrency N]");
  process.exit(2);
}

const headers = {};
for (const h of values.header) {
  const i = h.indexOf(":");
  headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
}
if (values.type) headers["content-type"] = values.type;
// Bodies uncompressed unless a --header asks for an encoding (scripts/bench-guest-cache.mjs: precompressed hits).
headers["accept-encoding"] ??= "identity";

// --- collect the addresses ---------------------------------------------------------

const limit = Number(values.limit);
const match = values.match ? new RegExp(values.match) : null;

/** Page addresses of a sitemap or sitemap index, depth first, until `limit`. */
async function fromSitemap(raw, out) {
  const res = await fetch(loopbackUrl(raw), { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`${raw}: ${res.status}`);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));
  if (/<sitemapindex[\s>]/.test(xml)) {
    for (const child of locs) {
      if (out.length >= limit) return;
      // Sitemap locations carry the public origin; benchmarks stay on the origin we were given.
      const local = new URL(new URL(child).pathname, raw).href;
      await fromSitemap(local, out);
    }
    return;
  }
  for (const loc of locs) {
    if (out.length >= limit) return;
    const local = new URL(new URL(loc).pathname + new URL(loc).search, raw).href;
    if (!match || match.test(local)) out.push(local);
  }
}

let urls = [];
if (values.url) urls.push(values.url);
if (values["urls-file"]) {
  urls.push(
    ...readFileSync(values["urls-file"], "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}
for (const sitemap of values.sitemap) if (urls.length < limit) await fromSitemap(sitemap, urls);
urls = urls.slice(0, limit).map((u) => loopbackUrl(u).href);

const pages = Math.max(1, Number(values.pages));
if (pages > 1) {
  const expanded = [];
  for (const u of urls) for (let p = 1; p <= pages; p++) expanded.push(p === 1 ? u : `${u}${u.includes("?") ? "&" : "?"}page=${p}`);
  // Deeper pages than a place has answer 404: keep only real pages (probe before the measured run).
  const kept = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < expanded.length) {
        const u = expanded[next++];
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            const res = await fetch(u, { headers, redirect: "manual" });
            await res.arrayBuffer();
            if (res.status === 200) kept.push(u);
            break;
          } catch (error) {
            if (attempt === 2) console.error(`probe ${u}: ${error.cause?.code ?? error.message}`);
          }
        }
      }
    }),
  );
  urls = kept;
  // The probe rendered these pages: let the host's 5-second micro-cache forget them first.
  await new Promise((resolve) => setTimeout(resolve, 5500));
}

if (values.shuffle) {
  // Mulberry32: the same --seed gives the same order.
  let s = Number(values.seed) >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = urls.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [urls[i], urls[j]] = [urls[j], urls[i]];
  }
}
if (urls.length === 0) {
  console.error("no URLs collected");
  process.exit(2);
}

// --- run ---------------------------------------------------------------------------

const concurrency = Number(values.concurrency);

async function request(url, record) {
  const started = performance.now();
  const res = await fetch(url, { method: values.method, headers, body: values.body, redirect: "manual" });
  const buf = Buffer.from(await res.arrayBuffer());
  record?.(performance.now() - started, res, buf);
}

const warmup = Math.min(Number(values.warmup), urls.length - 1);
if (warmup > 0) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < warmup) await request(urls[next++]).catch(() => {});
    }),
  );
}
const measured = urls.length > 1 ? urls.slice(warmup) : urls;
// A single URL is repeated (a hot page); a list is used once per address unless --cycle.
const repeat = measured.length === 1 || values.cycle;

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)
function cpuSeconds(pid) {
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

const deadline = Date.now() + Number(values.duration) * 1000;
const maxRequests = Math.min(Number(values["max-requests"]), repeat ? Infinity : measured.length);
const latencies = [];
/** Latencies per answer class: 2xx is the useful work, 503 what admission control turned away. */
const byClass = { "2xx": [], 503: [], other: [] };
const statuses = new Map();
const samples = [];
const seen = new Set();
let sent = 0;
let errors = 0;
let cacheHits = 0;

async function worker() {
  while (Date.now() < deadline && sent < maxRequests) {
    const url = measured[sent % measured.length];
    sent++;
    try {
      await request(url, (ms, res, buf) => {
        latencies.push(ms);
        byClass[res.status >= 200 && res.status < 300 ? "2xx" : res.status === 503 ? 503 : "other"].push(ms);
        seen.add(url);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.headers.get("x-micro-cache") === "hit") cacheHits++;
        if (samples.length < 500 && res.status === 200) samples.push(buf);
      });
    } catch {
      errors++;
    }
  }
}

const cpuBefore = values.pid ? cpuSeconds(values.pid) : 0;
const t0 = performance.now();
// Per-slice CPU per request (--rounds): [cpu seconds, requests] at each slice boundary.
const rounds = values.pid ? Math.max(1, Number(values.rounds)) : 1;
const marks = [[cpuBefore, 0]];
const slicer =
  rounds > 1 ? setInterval(() => marks.push([cpuSeconds(values.pid), latencies.length]), (Number(values.duration) * 1000) / rounds) : null;
await Promise.all(Array.from({ length: concurrency }, worker));
if (slicer) clearInterval(slicer);
const seconds = (performance.now() - t0) / 1000;
const cpu = values.pid ? cpuSeconds(values.pid) - cpuBefore : null;

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const sized = samples.map((b) => ({ raw: b.length, gz: gzipSync(b).length })).sort((a, b) => a.gz - b.gz);
const median = sized[Math.floor(sized.length / 2)] ?? { raw: 0, gz: 0 };
const largest = sized.at(-1) ?? { raw: 0, gz: 0 };
const n = latencies.length;
const label = measured.length === 1 ? `${values.method} ${measured[0]}` : `${values.method} ${measured.length} URLs (${measured[0]} …)`;
console.info(`${label} — ${concurrency} connections, ${seconds.toFixed(1)} s${warmup ? `, after ${warmup} warm-up requests` : ""}`);
console.info(
  `requests: ${n} (${(n / seconds).toFixed(0)}/s), distinct URLs: ${seen.size}, errors: ${errors}, micro-cache hits: ${cacheHits}`,
);
console.info(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)?.toFixed(1)}`);
console.info(`statuses: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(", ")}`);
const percentiles = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(50), p95: at(95), p99: at(99) };
};
const classes = Object.fromEntries(Object.entries(byClass).map(([name, list]) => [name, percentiles(list)]));
for (const [name, c] of Object.entries(classes)) {
  if (c.count === 0) continue;
  console.info(
    `${name}: ${c.perSecond.toFixed(1)}/s, latency ms p50 ${c.p50.toFixed(1)}, p95 ${c.p95.toFixed(1)}, p99 ${c.p99.toFixed(1)}`,
  );
}
let lowestSlice = null;
if (cpu !== null) {
  const perRequest = n > 0 ? (cpu * 1000) / n : 0;
  console.info(
    `server CPU: ${cpu.toFixed(2)} s for ${n} requests = ${perRequest.toFixed(2)} ms/request ` +
      `(≈ ${perRequest > 0 ? Math.floor(1000 / perRequest) : "∞"} req/s on one free core); server busy ${((cpu / seconds) * 100).toFixed(0)} % of one core`,
  );
  if (rounds > 1) {
    const slices = [];
    for (let i = 1; i < marks.length; i++) {
      const count = marks[i][1] - marks[i - 1][1];
      if (count > 0) slices.push(((marks[i][0] - marks[i - 1][0]) * 1000) / count);
    }
    const sorted = [...slices].sort((a, b) => a - b);
    const lowest = sorted[0] ?? perRequest;
    lowestSlice = lowest;
    console.info(
      `server CPU per slice (ms/request): ${slices.map((v) => v.toFixed(2)).join(", ")}; lowest ${lowest.toFixed(2)} ` +
        `(≈ ${Math.floor(1000 / lowest)} req/s on one free core), median ${(sorted[Math.floor(sorted.length / 2)] ?? perRequest).toFixed(2)}`,
    );
  }
}
console.info(
  `body (200s, ${sized.length} samples): median ${median.raw} bytes / ${median.gz} gzipped; largest ${largest.raw} bytes / ${largest.gz} gzipped`,
);
if (values.json) {
  const serverCpuMsPerRequest = cpu !== null && n > 0 ? (cpu * 1000) / n : null;
  const summary = {
    seconds,
    requests: n,
    errors,
    statuses: Object.fromEntries(statuses),
    classes,
    serverCpuSeconds: cpu,
    serverCpuMsPerRequest,
    serverCpuMsLowestSlice: lowestSlice,
  };
  console.info(JSON.stringify(summary));
}

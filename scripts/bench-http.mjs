// A small closed-loop HTTP load generator for loopback benchmarks:
//   node scripts/bench-http.mjs --url http://127.0.0.1:3000/de [--duration 10] [--concurrency 16]
//     [--method POST --body 'a=1' --type application/x-www-form-urlencoded] [--header 'cookie: tk=…']
// Prints requests/s, latency percentiles, status counts and the median response size (and gzip size).
// Bounded in time and count; sends traffic only to the URL given (use loopback).
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    duration: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    method: { type: "string", default: "GET" },
    body: { type: "string" },
    type: { type: "string" },
    header: { type: "string", multiple: true, default: [] },
    "max-requests": { type: "string", default: "200000" },
  },
});
if (!values.url) {
  console.error("usage: bench-http.mjs --url URL [--duration S] [--concurrency N]");
  process.exit(2);
}
const target = new URL(values.url);
if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname)) {
  console.error("refusing: benchmarks only target loopback addresses");
  process.exit(2);
}
const headers = {};
for (const h of values.header) {
  const i = h.indexOf(":");
  headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
}
if (values.type) headers["content-type"] = values.type;
headers["accept-encoding"] = "identity";

const deadline = Date.now() + Number(values.duration) * 1000;
const maxRequests = Number(values["max-requests"]);
const latencies = [];
const statuses = new Map();
const sizes = [];
let sent = 0;
let errors = 0;

async function worker() {
  while (Date.now() < deadline && sent < maxRequests) {
    sent++;
    const started = performance.now();
    try {
      const res = await fetch(target, { method: values.method, headers, body: values.body, redirect: "manual" });
      const buf = Buffer.from(await res.arrayBuffer());
      latencies.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (sizes.length < 200) sizes.push(buf);
    } catch {
      errors++;
    }
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
const seconds = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
sizes.sort((a, b) => a.length - b.length);
const median = sizes[Math.floor(sizes.length / 2)] ?? Buffer.alloc(0);
console.info(`${values.method} ${target.href} — ${values.concurrency} connections, ${seconds.toFixed(1)} s`);
console.info(`requests: ${latencies.length} (${(latencies.length / seconds).toFixed(0)}/s), errors: ${errors}`);
console.info(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)?.toFixed(1)}`);
console.info(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}`);
console.info(`body: ${median.length} bytes, ${gzipSync(median).length} bytes gzipped (median sample)`);

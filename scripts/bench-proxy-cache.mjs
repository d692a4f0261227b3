// haproxy's cache of guest pages against the same haproxy serving the same bytes as a static file (issue 33 item 3,
// ADR 165). Starts Debian's haproxy (one thread, pinned to --core) with the cluster's configuration
// (scripts/cluster/haproxy.mjs: the guest cache on) in front of one running instance (--base), plus a frontend that
// answers each page's bytes from a file (`http-request return … file`, read once at start): the static floor. Then
// drives, per page and round, the floor and the cached page with wrk (pinned to --client-core) over plain HTTP and
// prints haproxy's CPU per request for both, and the instance's CPU during the cached runs (≈ 0: the hits never
// reach it). Loopback only.
//
//   node scripts/bench-proxy-cache.mjs --base http://127.0.0.1:3722 --pid <instance pid> [--port 3726] [--floor-port 3728]
//     [--path /de …] [--duration 5] [--rounds 3] [--concurrency 16] [--core 1] [--client-core 0] [--accept-encoding br]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { ensureCertificate, ensureHaproxy, haproxyConfig } from "./cluster/haproxy.mjs";
import { cpuSeconds, runWrk } from "./bench-wrk.mjs";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    pid: { type: "string" },
    port: { type: "string", default: "3726" },
    "floor-port": { type: "string", default: "3728" },
    path: { type: "string", multiple: true, default: [] },
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "16" },
    core: { type: "string", default: "1" },
    "client-core": { type: "string", default: "0" },
    "accept-encoding": { type: "string", default: "br" },
  },
});
if (!values.base || !values.pid) {
  console.error("usage: bench-proxy-cache.mjs --base URL --pid PID [--path P …]");
  process.exit(2);
}
const base = new URL(values.base);
if (!["127.0.0.1", "localhost"].includes(base.hostname)) throw new Error("loopback only");
ensureHaproxy();
const paths = values.path.length > 0 ? values.path : ["/de", "/de/escorts", "/de/escort/deutschland/berlin/berlin", "/de/p/demo_escort"];
const encoding = values["accept-encoding"];
const dir = mkdtempSync(join(tmpdir(), "bench-proxy-cache-"));

// Each page's bytes in the asked encoding, as the floor's files.
const files = [];
for (const [i, path] of paths.entries()) {
  const plain = Buffer.from(await (await fetch(new URL(path, base), { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  const body = encoding === "br" ? brotliCompressSync(plain) : encoding === "gzip" ? gzipSync(plain) : plain;
  const file = join(dir, `${i}.body`);
  writeFileSync(file, body);
  files.push(file);
}

const { pem } = ensureCertificate(join(dir, "tls"));
const proxyPort = Number(values.port);
let config = haproxyConfig({
  port: proxyPort + 1,
  httpPort: proxyPort,
  pem,
  socket: join(dir, "haproxy.sock"),
  servers: [{ name: "app1", port: Number(base.port) }],
});
// One thread (the floor and the cache share it), and the floor: a static file server's headers.
config = config.replace("global\n", "global\n  nbthread 1\n");
config += [
  "frontend floor",
  `  bind 127.0.0.1:${values["floor-port"]}`,
  ...files.map(
    (file, i) =>
      `  http-request return status 200 content-type "text/html; charset=utf-8" file ${file} hdr cache-control "public, max-age=60" hdr etag 'W/"floor"'` +
      `${encoding !== "identity" ? ` hdr content-encoding ${encoding}` : ""} if { path /${i} }`,
  ),
  "",
].join("\n");
const cfg = join(dir, "haproxy.cfg");
writeFileSync(cfg, config);
const check = spawnSync("/usr/sbin/haproxy", ["-c", "-q", "-f", cfg], { encoding: "utf8" });
if (check.status !== 0) throw new Error(`haproxy refused the configuration:\n${check.stderr}`);
const haproxy = spawn("taskset", ["-c", values.core, "/usr/sbin/haproxy", "-db", "-f", cfg], { stdio: ["ignore", "ignore", "inherit"] });
await new Promise((resolve) => setTimeout(resolve, 3000)); // listening, and the first health check passed

async function wrk(url) {
  const before = { proxy: cpuSeconds(haproxy.pid), app: cpuSeconds(values.pid) };
  const { requests, rate, errors } = runWrk({
    url,
    core: values["client-core"],
    concurrency: values.concurrency,
    duration: values.duration,
    headers: [`Accept-Encoding: ${encoding}`],
  });
  return {
    requests,
    rate,
    errors,
    proxyMs: ((cpuSeconds(haproxy.pid) - before.proxy) * 1000) / requests,
    appMs: ((cpuSeconds(values.pid) - before.app) * 1000) / requests,
  };
}

const loadBefore = readFileSync("/proc/loadavg", "utf8").trim();
const results = paths.map(() => []);
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [i, path] of paths.entries()) {
      const pageUrl = `http://127.0.0.1:${proxyPort}${path}`;
      // Fill the cache (and check that it hits) before the run.
      let hit = false;
      for (let k = 0; k < 3; k++) {
        const response = await fetch(pageUrl, { headers: { "accept-encoding": encoding } });
        await response.arrayBuffer();
        hit = response.headers.get("x-proxy-cache") === "hit";
      }
      if (!hit) throw new Error(`${path}: not served from haproxy's cache`);
      const floor = await wrk(`http://127.0.0.1:${values["floor-port"]}/${i}`);
      const page = await wrk(pageUrl);
      results[i].push({ floor, page });
    }
  }
} finally {
  haproxy.kill("SIGUSR1");
  rmSync(dir, { recursive: true, force: true });
}
const loadAfter = readFileSync("/proc/loadavg", "utf8").trim();

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const pct = (x) => `${(x * 100).toFixed(0)} %`;
console.info(
  `load average before: ${loadBefore}; after: ${loadAfter}; accept-encoding: ${encoding}; ${values.duration} s per run, ${values.rounds} round(s)`,
);
console.info(
  "| page | floor req/s | cached req/s | of floor (wall) | floor haproxy CPU ms/req | cached haproxy CPU ms/req | of floor (CPU) | instance CPU ms/req during the cached runs |",
);
console.info("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [i, path] of paths.entries()) {
  const runs = results[i];
  for (const { floor, page } of runs)
    if (floor.errors || page.errors) console.info(`(${path}: ${floor.errors} floor / ${page.errors} page non-2xx)`);
  console.info(
    `| ${path} | ${median(runs.map((r) => r.floor.rate)).toFixed(0)} | ${median(runs.map((r) => r.page.rate)).toFixed(0)} | ` +
      `${pct(median(runs.map((r) => r.page.rate / r.floor.rate)))} | ${median(runs.map((r) => r.floor.proxyMs)).toFixed(4)} | ` +
      `${median(runs.map((r) => r.page.proxyMs)).toFixed(4)} | ${pct(median(runs.map((r) => r.floor.proxyMs / r.page.proxyMs)))} | ` +
      `${median(runs.map((r) => r.page.appMs)).toFixed(4)} |`,
  );
}

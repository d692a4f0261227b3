// Soak test (issue 9 item 10): starts the built server on a loopback port with a fresh demo database,
// signs in the demo accounts, and keeps CONCURRENCY signed-in page requests in flight for SECONDS,
// sampling the server's resident memory (RSS, from /proc) and throughput every 10 s; then idles 30 s and
// samples again. Memory must be flat (no growth from interval to interval) and return after the load.
// Bounded: a fixed duration, loopback only. Usage:
//   npm run build && SOAK_SECONDS=300 SOAK_CONCURRENCY=200 node scripts/soak.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 200);
const PORT = Number(process.env.SOAK_PORT ?? 3391);
const METRICS_PORT = PORT + 1000;
const base = `http://127.0.0.1:${PORT}`;

if (
  await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  )
) {
  console.error(`port ${PORT} is taken: stop what runs there or set SOAK_PORT`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "velora-soak-"));
const server = spawn(process.execPath, ["build/server.js"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "1",
    HOST: "127.0.0.1",
    PORT: String(PORT),
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(dir, "db.sqlite")}`,
    MEDIA_DIR: join(dir, "media"),
    APP_SECRET: "soak",
    METRICS_PORT: String(METRICS_PORT),
    LOG_LEVEL: "warn",
  },
});
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};
// The V8 heap in use (from the process's own metrics): RSS also holds SQLite's page cache and memory map.
const heapMb = async () => {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  return Math.round(Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0) / 1048576);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  for (let i = 0; ; i++) {
    if (i > 180) throw new Error("server did not start");
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  const accounts = ["demo_client", "demo_escort", "demo_agency", "demo_club", "demo_member"];
  const cookies = [];
  for (const username of accounts) {
    const body = new URLSearchParams({ grant_type: "password", username, password: "demo-pass-2026", keep_logged_in: "1" });
    const { access_token } = await (await fetch(`${base}/oauth/v2/token`, { method: "POST", body })).json();
    cookies.push(`tk=${encodeURIComponent(access_token)}; keep_logged_in=1`);
  }
  const pages = [
    "/de/my_dashboard",
    "/de/escorts",
    "/de/p/demo_escort",
    "/de/escort/deutschland/berlin/berlin",
    "/de/login",
    "/de/clients",
  ];

  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  let ok = 0;
  let shed = 0;
  let failed = 0;
  const latencies = [];
  async function client(n) {
    for (let i = 0; Date.now() < deadline; i++) {
      const path = pages[(n + i) % pages.length];
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}${path}${path.includes("?") ? "&" : "?"}v=${i % 50}`, {
          headers: { cookie: cookies[n % cookies.length], "accept-encoding": "br" },
        });
        await response.arrayBuffer();
        if (response.status === 503) {
          // As a browser (the page refreshes itself) or a load balancer would: wait as told.
          shed += 1;
          await sleep(Number(response.headers.get("retry-after") ?? 5) * 1000);
          continue;
        }
        if (response.status < 400 || response.status === 404) ok += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
      // Latency of the pages served (a shed answer is immediate and counted apart).
      latencies.push(performance.now() - t0);
    }
  }
  const samples = [{ t: 0, rss: rssMb(), ok: 0 }];
  console.info(`soak: ${CONCURRENCY} clients, ${SECONDS} s, signed-in pages; RSS at start ${samples[0].rss} MB, heap ${await heapMb()} MB`);
  console.info("| t (s) | RSS (MB) | heap used (MB) | pages/s | p50 (ms) | p95 (ms) | shed 503 (total) |");
  console.info("|---:|---:|---:|---:|---:|---:|---:|");
  const sampler = setInterval(async () => {
    const window = latencies.splice(0).sort((a, b) => a - b);
    const last = samples.at(-1);
    const sample = { t: Math.round((Date.now() - started) / 1000), rss: rssMb(), ok };
    samples.push(sample);
    const pct = (p) => Math.round(window[Math.min(window.length - 1, Math.floor(window.length * p))] ?? 0);
    console.info(
      `| ${sample.t} | ${sample.rss} | ${await heapMb()} | ${Math.round((ok - last.ok) / (sample.t - last.t || 1))} | ${pct(0.5)} | ${pct(0.95)} | ${shed} |`,
    );
  }, 10_000);
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => client(n)));
  clearInterval(sampler);
  await sleep(30_000);
  console.info(`after 30 s idle: RSS ${rssMb()} MB, heap ${await heapMb()} MB; ${ok} pages, ${shed} shed (503), ${failed} failed`);
} finally {
  server.kill("SIGTERM");
}

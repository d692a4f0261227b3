// Upload cost benchmark (issue 9, item 4): starts the built server on a fresh SQLite database,
// signs up an escort and posts N large JPEGs (default 4 × ~16 MB, 7000×7000) in ONE request,
// through the API (POST /api/v2/media/upload) and through the web tier's registration photo step
// (POST /de/join/user/photo), and reports the server's peak RSS (VmHWM, reset before each run),
// its CPU time and the wall time. Loopback only; the server is stopped at the end.
//
//   npm run build && node scripts/bench-upload.mjs [--app-dir .] [--port 3315] [--files 4] [--path api,web]
//
// --app-dir runs a build snapshot (scripts/build-snapshot.mjs) to compare with older code.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openAsBlob, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";

const { values: args } = parseArgs({
  options: {
    "app-dir": { type: "string", default: "." },
    port: { type: "string", default: "3315" },
    files: { type: "string", default: "4" },
    path: { type: "string", default: "api,web" },
    side: { type: "string", default: "7000" },
  },
});
const appDir = resolve(args["app-dir"]);
const port = Number(args.port);
const fileCount = Number(args.files);
const side = Number(args.side);
const origin = `http://127.0.0.1:${port}`;
const work = join(tmpdir(), "velora-bench-upload");
mkdirSync(work, { recursive: true });

/** A ~16 MB JPEG of side × side pixels (gaussian noise compresses badly, as camera noise does). */
async function fixture() {
  const file = join(work, `noise-${side}.jpg`);
  if (!existsSync(file)) {
    console.info(`rendering ${file} (once; ~20 s)…`);
    const data = await sharp({ create: { width: side, height: side, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 23 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    writeFileSync(file, data);
  }
  return file;
}

function procStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

function cpuSeconds(pid) {
  // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces, so split after ")".
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resets VmHWM to the current RSS, so the next peak belongs to the next run only. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

async function portIsFree() {
  try {
    await fetch(`${origin}/`);
    return false;
  } catch {
    return true;
  }
}

async function waitForServer(child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/de/login`);
      // Our child must be the one answering (not another server on the port).
      if (response.ok && child.exitCode === null) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

async function signUp() {
  const username = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const response = await fetch(`${origin}/api/v2/registration/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "de" },
    body: JSON.stringify({
      user_type: "escort",
      username,
      email: `${username}@example.test`,
      password: "Sommer-Abend-2026",
      gender: 2,
      salutation: "ms",
      birth_day: 12,
      birth_month: 5,
      birth_year: 1994,
      accept_terms: true,
      accept_privacy: true,
    }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${JSON.stringify(body)}`);
  return body.data?.access_token ?? body.access_token;
}

async function run(pid, kind, token, file) {
  const form = new FormData();
  for (let i = 0; i < fileCount; i++) form.append("files", await openAsBlob(file, { type: "image/jpeg" }), `photo-${i}.jpg`);
  const target =
    kind === "api"
      ? { url: `${origin}/api/v2/media/upload`, headers: { authorization: `Bearer ${token}` } }
      : { url: `${origin}/de/join/user/photo`, headers: { cookie: `tk=${token}; keep_logged_in=1`, origin } };
  await new Promise((r) => setTimeout(r, 1000));
  const before = procStatus(pid);
  const peakReset = resetPeak(pid);
  const cpuBefore = cpuSeconds(pid);
  let sampledPeak = before.rssMb;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatus(pid).rssMb);
  }, 25);
  const started = performance.now();
  const response = await fetch(target.url, { method: "POST", headers: target.headers, body: form, redirect: "manual" });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = procStatus(pid);
  const cpu = cpuSeconds(pid) - cpuBefore;
  await new Promise((r) => setTimeout(r, 5000));
  const idle = procStatus(pid);
  const peak = peakReset ? after.peakMb : sampledPeak;
  console.info(
    `${kind.padEnd(3)} ${fileCount}×${side}² status ${response.status} wall ${seconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s; ` +
      `RSS before ${before.rssMb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before.rssMb).toFixed(0)}), ` +
      `after ${after.rssMb.toFixed(0)} MB, 5 s idle ${idle.rssMb.toFixed(0)} MB` +
      (response.status >= 400 ? `\n    ${text.slice(0, 300)}` : ""),
  );
}

const file = await fixture();
if (!(await portIsFree())) throw new Error(`port ${port} is taken: pass --port`);
const dataDir = join(work, `run-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, ["build/server.js"], {
  cwd: appDir,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dataDir, "bench.sqlite")}`,
    MEDIA_DIR: join(dataDir, "media"),
    SEED_ON_EMPTY: "0",
    APP_SECRET: "bench-upload",
    PUBLIC_URL: origin,
    DEV_ROUTES: "0",
  },
});
try {
  await waitForServer(child);
  for (const kind of args.path.split(",")) await run(child.pid, kind, await signUp(), file);
} finally {
  child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

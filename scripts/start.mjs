// `npm start`: builds on first run (or when sources are newer), then starts the
// one process. Production deployments run `npm run build` once and `npm run serve`.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

// Video encoding needs Debian's ffmpeg; a machine without apt rights still starts (videos are then refused).
if (spawnSync(process.execPath, ["scripts/ensure-system-packages.mjs", "--only=ffmpeg"], { stdio: "inherit" }).status !== 0) {
  console.warn("ffmpeg is not installed: video uploads will be refused until it is");
}

// The plain scripts too (public/scripts/, built since ADR 065: a pull removes the ones that were committed).
const built = existsSync("build/server.js") && existsSync("build/index.js") && existsSync("public/scripts/realtime.js");
const stale = built && Math.max(newestMtime("app"), newestMtime("server"), newestMtime("locales")) > statSync("build/server.js").mtimeMs;
if (!built || stale || process.env.FORCE_BUILD === "1") {
  console.info(built ? "sources changed: rebuilding" : "first start: building");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Web Push for the demo (ADR 044): a VAPID key pair generated once on this machine and kept under data/ (never
// committed). Production sets VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY itself, or offers no push.
function demoVapid() {
  if (process.env.VAPID_PUBLIC_KEY || process.env.VAPID_PRIVATE_KEY) return {};
  const file = "data/vapid-demo.json";
  try {
    if (!existsSync(file)) {
      const out = spawnSync(process.execPath, ["-e", "process.stdout.write(JSON.stringify(require('web-push').generateVAPIDKeys()))"], {
        encoding: "utf8",
      });
      if (out.status !== 0) return {};
      mkdirSync("data", { recursive: true });
      writeFileSync(file, out.stdout, { mode: 0o600 });
    }
    const keys = JSON.parse(readFileSync(file, "utf8"));
    return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:demo@velora.local" };
  } catch {
    return {};
  }
}

const child = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], {
  stdio: "inherit",
  env: {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    // A person watches this terminal: readable lines instead of JSON (pino-pretty, a dev dependency).
    ...(process.stdout.isTTY ? { LOG_FORMAT: "pretty" } : {}),
    APP_SECRET: process.env.APP_SECRET ?? "local-demo-secret-change-me",
    ...demoVapid(),
    ...process.env,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

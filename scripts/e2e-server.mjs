// Starts the built server on a fresh SQLite database for the e2e run.
// TRUST_PROXY lets each test present its own client address (X-Forwarded-For),
// so per-IP login limits of one test never leak into another.
import { rmSync, mkdirSync } from "node:fs";
import { spawn } from "node:child_process";

// E2E_APP_DIR runs a build snapshot (scripts/build-snapshot.mjs) instead of ./build.
const appDir = process.env.E2E_APP_DIR ?? ".";
// One data folder per port: a screenshot run or a second suite on another port must not wipe this one's database.
const dataDir = `data/e2e-${process.env.PORT ?? 3300}`;
const dir = `${appDir}/${dataDir}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const child = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  cwd: appDir,
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: `sqlite:${dataDir}/e2e.sqlite`,
    MEDIA_DIR: `${dataDir}/media`,
    DEMO_MODE: "1",
    // Two browsers hammer one process on a small machine: its event loop lags by design, never shed.
    MAX_EVENT_LOOP_LAG_MS: "0",
    // The fixtures write the database directly, past the API that forgets cached shells (ADR 148): no shell cache.
    SHELL_CACHE_TTL_MS: "0",
    METRICS_PORT: "0",
    TRUST_PROXY: "1",
    APP_SECRET: "e2e-secret",
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    // Live video (ADR 125): the stream folders beside the database, RTMP ingest on a port derived from the server's.
    LIVE_DIR: `${dataDir}/live`,
    LIVE_RTMP_PORT: String(Number(process.env.PORT ?? 3300) + 20000),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

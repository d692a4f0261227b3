import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

export interface OwnServer {
  base: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * The built server as `npm start` runs it (a production build, a fresh SQLite database with demo data: DEMO_MODE=1,
 * since a production start never seeds, ADR 056), on a port of the test's own, for tests of the process itself
 * (signals, sockets). Resolves once it listens. The caller kills it (SIGTERM, or SIGKILL in `finally`).
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), "velora-own-server-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: process.env.E2E_APP_DIR ?? ".",
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${join(dir, "db.sqlite")}`,
      MEDIA_DIR: join(dir, "media"),
      APP_SECRET: "own-server-test",
      DEMO_MODE: "1",
      METRICS_PORT: "0",
      // These tests are about the process, not its load shedding (tests/host/admission.test.ts): a cold
      // process on a busy test machine is saturated for its first seconds, and a burst is the point here.
      MAX_EVENT_LOOP_LAG_MS: "0",
      MAX_IN_FLIGHT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await expect.poll(() => output, { timeout: 90_000 }).toContain("listening");
  return { base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

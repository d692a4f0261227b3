import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { DEMO, expect, test } from "./fixtures";

/**
 * The one process as an operator runs it: serves, authenticates /ws with the
 * access token, and on SIGTERM closes sockets (1001) and exits 0.
 */
test("serves, authenticates /ws and shuts down cleanly on SIGTERM", async () => {
  test.setTimeout(90_000);
  const port = 3397;
  const dir = mkdtempSync(join(tmpdir(), "velora-process-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: process.env.E2E_APP_DIR ?? ".",
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "db.sqlite")}`,
      MEDIA_DIR: join(dir, "media"),
      APP_SECRET: "process-test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain("listening");
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/de`)).status).toBe(200);

    const token = await fetch(`${base}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: DEMO.client, password: DEMO.password }).toString(),
    }).then((r) => r.json() as Promise<{ access_token: string }>);

    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
    });
    expect(refused).toBe(401);

    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?access_token=${encodeURIComponent(token.access_token)}`);
    const hello = await new Promise<{ type: string }>((resolve, reject) => {
      ws.once("message", (data) => resolve(JSON.parse(data.toString())));
      ws.once("error", reject);
    });
    expect(hello.type).toBe("hello");
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));

    child.kill("SIGTERM");
    expect(await closed).toBe(1001);
    expect(await exited).toBe(0);
    expect(output).toContain("stopped");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

import WebSocket from "ws";
import { DEMO, expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * The one process as an operator runs it: serves, authenticates /ws with the
 * access token, and on SIGTERM closes sockets (1001) and exits 0.
 */
test("serves, authenticates /ws and shuts down cleanly on SIGTERM", async () => {
  test.setTimeout(90_000);
  const server = await startOwnServer(3397);
  const { base, child, exited } = server;
  const port = 3397;
  try {
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
    expect(server.output()).toContain("stopped");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

import { DEMO, expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * Issue 9 item 11: SIGTERM under load. 200 signed-in page requests are in flight (the micro-cache does not
 * serve signed-in pages, so each one renders) when the process gets SIGTERM: every one of them must be
 * answered, none reset, and the process must exit 0. Requests sent after SIGTERM may be refused; those in
 * flight may not.
 */
// Inside the full parallel suite one request of 200 twice came back as a rendered 500 page: the render's 11 s
// abort timer started before the render had a CPU, so a render queued behind the others was aborted before its
// shell (app/entry.server.tsx now bounds the wait for the shell separately, 60 s). The server's error lines are
// printed when a request fails.
test("SIGTERM under load: every request in flight is answered, none is reset, exit code 0", async () => {
  // The grace period is long enough for 200 renders on a loaded 2-core machine (at 30 s a busy run once cut the
  // last renders off): what is tested is that the server waits for them, not how fast it renders.
  test.setTimeout(200_000);
  const server = await startOwnServer(3396, { DEMO_MODE: "1", SHUTDOWN_GRACE_MS: "120000" });
  const { base, child, exited } = server;
  try {
    const token = await fetch(`${base}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: DEMO.client, password: DEMO.password, keep_logged_in: "1" }).toString(),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const cookie = `tk=${encodeURIComponent(token.access_token)}; keep_logged_in=1`;

    const outcomes = Array.from({ length: 200 }, (_, i) =>
      fetch(`${base}/de/escorts?page=${(i % 5) + 1}&n=${i}`, { headers: { cookie } }).then(
        async (response) => ({ status: response.status, bytes: (await response.arrayBuffer()).byteLength }),
        (error: unknown) => ({ status: 0, bytes: 0, error: String((error as { cause?: unknown }).cause ?? error) }),
      ),
    );
    // Let the burst reach the server, then stop it while most requests still wait for their render.
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGTERM");
    const results = await Promise.all(outcomes);
    const failed = results.filter((result) => result.status !== 200);
    if (failed.length > 0) {
      const errors = server
        .output()
        .split("\n")
        .filter((line) => /"level":(40|50)|Error/.test(line));
      console.error(`server errors during the shutdown:\n${errors.slice(0, 20).join("\n")}`);
    }
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    expect(results.every((result) => result.bytes > 1000)).toBe(true);
    expect(await exited).toBe(0);
    expect(server.output()).toContain("stopped");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { CHANGES_KEPT } from "../../server/modules/search/changes";
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

/**
 * Issue 23 item 1 (ADR 056), as an operator meets it: `npm run serve` in production (no DEMO_MODE) on a database the
 * demo seeded refuses to start, exits 1 and says what to do (no stack trace); on an empty database it serves, has no
 * demo login and says how to create the first staff account.
 */
test("a production start refuses demo accounts and serves an empty database without them", async () => {
  test.setTimeout(180_000);
  // Beside the suite's own servers (E2E_PORT, +1), so suites of other worktrees on other ports do not collide.
  const port = Number(process.env.E2E_PORT ?? 3300) + 98;
  const dir = mkdtempSync(join(tmpdir(), "velora-production-start-"));
  const seededDb = { DATABASE_URL: `sqlite:${join(dir, "seeded.sqlite")}`, MEDIA_DIR: join(dir, "media") };

  // The demo seeds it.
  const demo = await startOwnServer(port, seededDb);
  demo.child.kill("SIGTERM");
  expect(await demo.exited).toBe(0);

  const refused = spawn(process.execPath, ["build/server.js"], {
    cwd: process.env.E2E_APP_DIR ?? ".",
    env: {
      ...process.env,
      ...seededDb,
      NODE_ENV: "production",
      DEMO_MODE: "",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: "own-server-test",
      METRICS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  refused.stdout.on("data", (chunk) => (output += chunk));
  refused.stderr.on("data", (chunk) => (output += chunk));
  // A server that starts instead of refusing would outlive the test: give it 60 s, then kill it.
  const killer = setTimeout(() => refused.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => refused.on("exit", resolve));
  clearTimeout(killer);
  expect(code).toBe(1);
  expect(output).toContain("refusing to start in production: the database holds");
  expect(output).toContain("npm run staff:create");
  expect(output).toContain("npm run demo:remove");
  expect(output).not.toContain("listening");
  expect(output).not.toMatch(/\n\s+at /);

  const empty = await startOwnServer(port, { DEMO_MODE: "" });
  try {
    expect(empty.output()).toContain("no staff account yet: create the first one with `npm run staff:create");
    const login = await fetch(`${empty.base}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: "demo_team", password: DEMO.password }).toString(),
    });
    expect(login.status).toBe(400);
    // No dev routes either (ADR 015): the dev mailbox is not there.
    expect((await fetch(`${empty.base}/api/v2/dev/outbox`)).status).toBe(404);
  } finally {
    empty.child.kill("SIGTERM");
    await empty.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The search index's change log (ADR 151, 164) is pruned by the maintenance timer of the one process, which every
 * deployment starts: `npm start` (scripts/start.mjs), `npm run serve` and each instance of `npm run cluster` run
 * build/server.js. A process started on a log longer than it keeps prunes it at once; meanwhile, with the column index
 * on (the default), the search and directory pages answer from the first request (the database answers while the
 * index loads).
 */
test("the process prunes the search index's change log at its start and serves search pages at once", async () => {
  test.setTimeout(180_000);
  // Beside the suite's own servers (E2E_PORT, +1; +2 is the back-office editors' own server).
  const port = Number(process.env.E2E_PORT ?? 3300) + 3;
  const dir = mkdtempSync(join(tmpdir(), "velora-change-log-"));
  const file = join(dir, "db.sqlite");
  const env = { DATABASE_URL: `sqlite:${file}`, MEDIA_DIR: join(dir, "media") };
  const pagesAnswer = async (base: string) => {
    for (const path of ["/de/escorts", "/de/escort/deutschland/berlin/berlin"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('href="/de/p/');
    }
  };
  try {
    // The demo seeds it (and logs every search row it wrote).
    const seeded = await startOwnServer(port, env);
    try {
      await pagesAnswer(seeded.base);
    } finally {
      seeded.child.kill("SIGTERM");
      await seeded.exited;
    }
    const db = new Database(file);
    db.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO search_profile_changes (user_id) SELECT 0 FROM n",
    ).run(CHANGES_KEPT + 50);
    const { top } = db.prepare("SELECT max(seq) AS top FROM search_profile_changes").get() as { top: number };
    db.close();

    const server = await startOwnServer(port, env);
    try {
      await pagesAnswer(server.base);
      // The rows older than the last CHANGES_KEPT are gone, and the mark says so (the process may log more meanwhile).
      const beyond = top - CHANGES_KEPT;
      const log = () => {
        const reader = new Database(file, { readonly: true });
        try {
          return reader
            .prepare(
              "SELECT (SELECT upto FROM search_profile_changes_pruned) >= ? AS marked, count(*) AS old FROM search_profile_changes WHERE seq <= ?",
            )
            .get(beyond, beyond);
        } finally {
          reader.close();
        }
      };
      await expect.poll(log, { timeout: 60_000 }).toEqual({ marked: 1, old: 0 });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

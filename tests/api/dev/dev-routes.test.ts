/**
 * Issue 9 item 1: the dev mailbox shows password-reset links, so production never has dev routes and the
 * demo of `npm start` answers them only to a TCP peer on this machine (never trusting X-Forwarded-For).
 * Issue 23 item 7a (ADR 060): behind a reverse proxy on the same machine every peer is loopback, so the
 * demo's dev routes also ask for the key printed at start (DEV_ROUTES_KEY, else random).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { loadConfig } from "#server/config";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";

const KEY = "test-dev-routes-key-0123456789";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe("which dev routes a configuration gets", () => {
  const base = { APP_SECRET: "s", PUBLIC_URL: "https://www.velora.example" };
  it("production has none, whatever DEV_ROUTES says", () => {
    expect(loadConfig({ ...base, NODE_ENV: "production" }).devRoutes).toBe("off");
    expect(loadConfig({ ...base, NODE_ENV: "production", DEV_ROUTES: "1" }).devRoutes).toBe("off");
  });
  it("the demo of npm start and development answer loopback peers only; DEV_ROUTES=0 turns them off", () => {
    expect(loadConfig({ ...base, NODE_ENV: "production", DEMO_MODE: "1" }).devRoutes).toBe("loopback");
    expect(loadConfig({ ...base, NODE_ENV: "development" }).devRoutes).toBe("loopback");
    expect(loadConfig({ ...base, NODE_ENV: "production", DEMO_MODE: "1", DEV_ROUTES: "0" }).devRoutes).toBe("off");
  });
  it("the test runner's in-memory API has them for everyone", () => {
    expect(loadConfig({ ...base, NODE_ENV: "test" }).devRoutes).toBe("on");
  });
  it("loopback dev routes come with a key: DEV_ROUTES_KEY, else a fresh random one per start; none elsewhere", () => {
    const demo = { ...base, NODE_ENV: "production", DEMO_MODE: "1" } as const;
    expect(loadConfig({ ...demo, DEV_ROUTES_KEY: KEY }).devRoutesKey).toBe(KEY);
    const first = loadConfig(demo).devRoutesKey!;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(loadConfig(demo).devRoutesKey).not.toBe(first);
    expect(() => loadConfig({ ...demo, DEV_ROUTES_KEY: "short" })).toThrow(/DEV_ROUTES_KEY/);
    expect(() => loadConfig({ ...demo, DEV_ROUTES_KEY: "with;semicolon-and-more-chars" })).toThrow(/DEV_ROUTES_KEY/);
    expect(loadConfig({ ...base, NODE_ENV: "production", DEV_ROUTES_KEY: KEY }).devRoutesKey).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: "test", DEV_ROUTES_KEY: KEY }).devRoutesKey).toBeUndefined();
  });
});

describe("the loopback-only dev routes of the demo", () => {
  const outbox = (bindings: Parameters<ReturnType<typeof createApiApp>["fetch"]>[1], headers: Record<string, string> = {}) => {
    const demo = createApiApp({ ...rt.deps, config: { ...rt.deps.config, devRoutes: "loopback", devRoutesKey: KEY, trustProxy: true } });
    return demo.fetch(new Request("http://velora.test/api/v2/dev/outbox", { headers }), bindings);
  };

  it("answer a peer on this machine with the key, over IPv4, IPv6 and IPv4-mapped IPv6", async () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await outbox({ remoteAddress: peer, peerAddress: peer, devKey: KEY })).status, peer).toBe(200);
    }
  });

  it("do not exist for a loopback peer without the key or with a wrong one (a reverse proxy on this machine)", async () => {
    // Behind a proxy on the same host every visitor's peer is 127.0.0.1: the peer alone proves nothing.
    expect((await outbox({ remoteAddress: "203.0.113.7", peerAddress: "127.0.0.1" }, { "x-forwarded-for": "203.0.113.7" })).status).toBe(
      404,
    );
    expect((await outbox({ remoteAddress: "127.0.0.1", peerAddress: "127.0.0.1", devKey: `${KEY}x` })).status).toBe(404);
    expect((await outbox({ remoteAddress: "127.0.0.1", peerAddress: "127.0.0.1", devKey: KEY.slice(1) })).status).toBe(404);
    // Fail closed: loopback dev routes without a configured key answer nobody.
    const keyless = createApiApp({ ...rt.deps, config: { ...rt.deps.config, devRoutes: "loopback", devRoutesKey: undefined } });
    const response = await keyless.fetch(new Request("http://velora.test/api/v2/dev/outbox"), { peerAddress: "127.0.0.1", devKey: "" });
    expect(response.status).toBe(404);
  });

  it("do not exist for a remote peer, even with the key, nor for one that claims loopback in X-Forwarded-For", async () => {
    expect((await outbox({ remoteAddress: "203.0.113.7", peerAddress: "203.0.113.7", devKey: KEY })).status).toBe(404);
    const spoofed = await outbox(
      { remoteAddress: "203.0.113.7", peerAddress: "203.0.113.7", devKey: KEY },
      { "x-forwarded-for": "127.0.0.1" },
    );
    expect(spoofed.status).toBe(404);
    // The web tier's in-process call carries the visitor's connection, not its own.
    expect((await outbox({ remoteAddress: "127.0.0.1", internal: true, peerAddress: "198.51.100.4", devKey: KEY })).status).toBe(404);
  });

  it("do not exist when the caller gives no peer at all", async () => {
    expect((await outbox({ remoteAddress: "127.0.0.1", devKey: KEY })).status).toBe(404);
  });

  it("leave every other route alone", async () => {
    const demo = createApiApp({ ...rt.deps, config: { ...rt.deps.config, devRoutes: "loopback" } });
    const response = await demo.fetch(new Request("http://velora.test/api/v2/openapi.json"), {
      remoteAddress: "203.0.113.7",
      peerAddress: "203.0.113.7",
    });
    expect(response.status).toBe(200);
  });
});

describe("the dev clock (ADR 046)", () => {
  it("moves the server's clock ahead by whole minutes, refuses nonsense, and is absent where the clock cannot move", async () => {
    const before = rt.clock.now();
    const moved = await rt.request("/api/v2/dev/clock", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ minutes: 20 }),
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { data: { now: number } }).data.now).toBe(before + 20 * 60_000);
    expect(rt.clock.now()).toBe(before + 20 * 60_000);
    for (const minutes of [0, -5, 1.5, "10"]) {
      const bad = await rt.request("/api/v2/dev/clock", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ minutes }),
      });
      expect(bad.status).toBe(400);
    }
    const fixed = createApiApp({ ...rt.deps, clock: { now: () => before } });
    const refused = await fixed.fetch(
      new Request("http://velora.test/api/v2/dev/clock", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ minutes: 5 }),
      }),
      { remoteAddress: "127.0.0.1" },
    );
    expect(refused.status).toBe(404);
  });
});

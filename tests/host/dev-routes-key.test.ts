/**
 * Issue 23 item 7a (ADR 060): the demo's dev routes (dev mailbox, dev clock) through the host. Behind a reverse
 * proxy on the same machine every visitor's TCP peer is 127.0.0.1, so a loopback peer also needs the key
 * printed at start: the printed link `/de/dev/mailbox?key=…` leaves it in an HttpOnly, SameSite=Strict cookie
 * for the next clicks; scripts send it as X-Dev-Key. Production has no dev routes at all.
 */
import type { HttpBindings } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { createHost } from "#server/host";
import { webBuild } from "../helpers/host";
import { ROOT_DIR } from "../helpers/web-build";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../helpers/runtime";

const KEY = "host-test-dev-key-0123456789abcdef";
const ORIGIN = "http://127.0.0.1:3000";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** The host of the demo (dev routes for loopback peers with the key), or of production (none). */
async function hostOf(kind: "demo" | "production") {
  const demo = kind === "demo";
  const config = { ...rt.deps.config, devRoutes: demo ? "loopback" : "off", devRoutesKey: demo ? KEY : undefined } as const;
  const host = createHost({
    api: createApiApp({ ...rt.deps, config }),
    build: await webBuild(),
    mode: "production",
    rootDir: ROOT_DIR,
    trustProxy: true,
    devRoutesKey: config.devRoutesKey,
  });
  return (path: string, { peer = "127.0.0.1", headers = {}, method = "GET", body }: Req = {}) => {
    const bindings = { incoming: { socket: { remoteAddress: peer } } } as unknown as HttpBindings;
    const request = new Request(`${ORIGIN}${path}`, { method, body, headers: { host: "127.0.0.1:3000", ...headers } });
    return host.fetch(request, bindings);
  };
}
type Req = { peer?: string; headers?: Record<string, string>; method?: string; body?: string };

const clock = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ minutes: 1 }) };

describe(`the demo's dev routes behind the host (${TEST_DB})`, () => {
  it("a loopback peer without the key gets 404: a visitor through a reverse proxy on this machine", async () => {
    const send = await hostOf("demo");
    const proxied = { "x-forwarded-for": "203.0.113.50" };
    expect((await send("/de/dev/mailbox", { headers: proxied })).status).toBe(404);
    expect((await send("/api/v2/dev/outbox", { headers: proxied })).status).toBe(404);
    expect((await send("/api/v2/dev/clock", { ...clock, headers: { ...clock.headers, ...proxied } })).status).toBe(404);
  });

  it("the printed link sets the demo-only cookie, and the mailbox then answers", async () => {
    const send = await hostOf("demo");
    const link = await send(`/de/dev/mailbox?to=a%40example.test&key=${KEY}`);
    expect(link.status).toBe(303);
    // The key leaves the address bar (history, Referer); the other parameters stay.
    expect(link.headers.get("location")).toBe("/de/dev/mailbox?to=a%40example.test");
    const cookie = link.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^dev_key=${KEY};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    const page = await send("/de/dev/mailbox", { headers: { cookie: `km_ff=v1; dev_key=${KEY}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    // The mailbox is never kept for the next guest (the host's micro-cache): without the key it stays a 404.
    expect((await send("/de/dev/mailbox")).status).toBe(404);
  });

  it("scripts and tests send the key as X-Dev-Key (the dev clock, the outbox)", async () => {
    const send = await hostOf("demo");
    const moved = await send("/api/v2/dev/clock", { ...clock, headers: { ...clock.headers, "x-dev-key": KEY } });
    expect(moved.status).toBe(200);
    expect((await send("/api/v2/dev/outbox", { headers: { cookie: `dev_key=${KEY}` } })).status).toBe(200);
  });

  it("a wrong key sets no cookie and opens nothing; a remote peer with the right key gets nothing either", async () => {
    const send = await hostOf("demo");
    const wrong = await send(`/de/dev/mailbox?key=${KEY}0`);
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get("set-cookie") ?? "").not.toContain("dev_key");
    expect((await send("/de/dev/mailbox", { headers: { cookie: `dev_key=${KEY}0` } })).status).toBe(404);
    const remote = await send(`/de/dev/mailbox?key=${KEY}`, { peer: "203.0.113.7" });
    expect(remote.status).toBe(404);
    expect(remote.headers.get("set-cookie") ?? "").not.toContain("dev_key");
    expect((await send("/api/v2/dev/outbox", { peer: "203.0.113.7", headers: { "x-dev-key": KEY } })).status).toBe(404);
  });

  it("production has no dev routes at all, key or not", async () => {
    const send = await hostOf("production");
    expect((await send(`/de/dev/mailbox?key=${KEY}`)).status).toBe(404);
    expect((await send("/de/dev/mailbox", { headers: { cookie: `dev_key=${KEY}` } })).status).toBe(404);
    expect((await send("/api/v2/dev/outbox", { headers: { "x-dev-key": KEY } })).status).toBe(404);
    expect((await send("/api/v2/dev/clock", { ...clock, headers: { ...clock.headers, "x-dev-key": KEY } })).status).toBe(404);
  });
});

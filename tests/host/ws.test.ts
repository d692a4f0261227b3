/**
 * /ws on a real HTTP server (ephemeral port) with the `ws` client: the
 * token-authenticated handshake, hello/ping, abuse that must not take the
 * process down, and the shutdown close code.
 */
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { attachWebsocket, WS_CLOSE_GOING_AWAY, type RealtimeHub } from "#server/realtime/ws";
import { freshIp, passwordLogin } from "../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../helpers/runtime";

type Outcome = { kind: "open"; socket: WebSocket; first: unknown } | { kind: "refused"; status: number } | { kind: "error"; error: Error };

/** Connects and waits for the first message, or for the refusal. */
function open(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once("unexpected-response", (_req, res) => {
      resolve({ kind: "refused", status: res.statusCode ?? 0 });
      res.resume();
      socket.terminate();
    });
    socket.once("message", (data) => resolve({ kind: "open", socket, first: JSON.parse(String(data)) as unknown }));
    socket.once("error", (error) => resolve({ kind: "error", error }));
  });
}

function hubDeps(rt: TestRuntime) {
  return { db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps };
}

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => socket.once("message", (data) => resolve(JSON.parse(String(data)) as unknown)));
}

function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })));
}

describe(`websocket /ws (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let server: Server;
  let hub: RealtimeHub;
  let base: string;
  let port: number;
  let user: { id: number };
  let token: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
    hub = attachWebsocket(server, { ...hubDeps(rt), publicUrl: "https://www.velora.example" });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
    base = `ws://127.0.0.1:${port}`;
    const created = await createUser(rt);
    user = created;
    token = (await passwordLogin(rt, created.username, created.password, freshIp())).body.access_token!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rt.close();
  });

  async function expectOpen(url: string, headers?: Record<string, string>) {
    const outcome = await open(url, headers);
    expect(outcome.kind).toBe("open");
    if (outcome.kind !== "open") throw new Error("not open");
    sockets.push(outcome.socket);
    return outcome;
  }

  async function expectRefused(url: string, status: number, headers?: Record<string, string>) {
    const outcome = await open(url, headers);
    expect(outcome).toEqual({ kind: "refused", status });
  }

  it("refuses a handshake from a page of another site (403), accepts our own origins and clients without Origin", async () => {
    const cookie = { cookie: `tk=${encodeURIComponent(token)}` };
    await expectRefused(`${base}/ws`, 403, { ...cookie, origin: "https://evil.example" });
    await expectRefused(`${base}/ws`, 403, { ...cookie, origin: "null" });
    await expectOpen(`${base}/ws`, { ...cookie, origin: `http://127.0.0.1:${port}` });
    await expectOpen(`${base}/ws`, { ...cookie, origin: "https://www.velora.example" });
    await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
  });

  it("refuses a handshake without a token, or with a bad one, with 401", async () => {
    await expectRefused(`${base}/ws`, 401);
    await expectRefused(`${base}/ws?access_token=not-a-token`, 401);
    await expectRefused(`${base}/ws`, 401, { cookie: "tk=not-a-token" });
    await expectRefused(`${base}/ws`, 401, { cookie: "other=1; tk=" });
  });

  it("refuses other upgrade paths with 404", async () => {
    await expectRefused(`${base}/not-ws?access_token=${token}`, 404);
  });

  it("greets a client authenticated with ?access_token=", async () => {
    const { first } = await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
    expect(first).toEqual({ type: "hello", user_id: user.id });
  });

  it("greets a client authenticated with the tk cookie", async () => {
    const { first } = await expectOpen(`${base}/ws`, { cookie: `language=de; tk=${encodeURIComponent(token)}; keep_logged_in=1` });
    expect(first).toEqual({ type: "hello", user_id: user.id });
  });

  it("answers ping with pong", async () => {
    const { socket } = await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
    const reply = nextMessage(socket);
    socket.send("ping");
    expect(await reply).toEqual({ type: "pong" });
  });

  it("refuses a revoked token", async () => {
    const other = await createUser(rt);
    const otherToken = (await passwordLogin(rt, other.username, other.password, freshIp())).body.access_token!;
    await expectOpen(`${base}/ws?access_token=${encodeURIComponent(otherToken)}`);
    await rt.request("/api/v2/user/logout", { method: "POST", token: otherToken });
    await expectRefused(`${base}/ws?access_token=${encodeURIComponent(otherToken)}`, 401);
  });

  it("survives a malformed tk cookie (refused, process alive)", async () => {
    await expectRefused(`${base}/ws`, 401, { cookie: "tk=%E0%A4%A" });
    await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
  });

  it("closes a connection that sends an oversized frame with 1009 and keeps serving", async () => {
    const { socket } = await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
    const done = closed(socket);
    socket.on("error", () => {});
    socket.send("x".repeat(70 * 1024));
    expect((await done).code).toBe(1009);
    await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
  });

  it("survives a client that resets the connection while its token is checked", async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const raw = connect(port, "127.0.0.1", () => {
          raw.write(
            `GET /ws?access_token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
              `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
            () => {
              raw.resetAndDestroy();
              resolve();
            },
          );
        });
        raw.on("error", () => resolve());
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expectOpen(`${base}/ws?access_token=${encodeURIComponent(token)}`);
  });

  it("refuses an expired token (30 days)", async () => {
    const fresh = await createUser(rt);
    const freshToken = (await passwordLogin(rt, fresh.username, fresh.password, freshIp())).body.access_token!;
    rt.clock.advance(30 * 24 * 60 * 60 * 1000);
    await expectRefused(`${base}/ws?access_token=${encodeURIComponent(freshToken)}`, 401);
  });

  it("closes every client with 1001 when the hub closes, and takes no new ones", async () => {
    // A separate server, so closing its hub does not affect the other tests.
    const own = createServer((_req, res) => res.end("ok"));
    const ownHub = attachWebsocket(own, hubDeps(rt));
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownBase = `ws://127.0.0.1:${(own.address() as { port: number }).port}`;
    const fresh = await createUser(rt);
    const freshToken = (await passwordLogin(rt, fresh.username, fresh.password, freshIp())).body.access_token!;

    const clients = await Promise.all([
      open(`${ownBase}/ws?access_token=${freshToken}`),
      open(`${ownBase}/ws`, { cookie: `tk=${freshToken}` }),
    ]);
    const sockets = clients.map((c) => (c.kind === "open" ? c.socket : null));
    expect(sockets.every(Boolean)).toBe(true);
    const closes = sockets.map((s) => closed(s!));
    await ownHub.close();
    const results = await Promise.all(closes);
    expect(results.map((r) => r.code)).toEqual([WS_CLOSE_GOING_AWAY, WS_CLOSE_GOING_AWAY]);
    expect(WS_CLOSE_GOING_AWAY).toBe(1001);
    const late = await open(`${ownBase}/ws?access_token=${freshToken}`);
    expect(late.kind).not.toBe("open");
    await new Promise<void>((resolve) => own.close(() => resolve()));
  });
});

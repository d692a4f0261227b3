/** Test sockets against the /ws hub on a real HTTP server (the hub's tests and the messenger's live events). */
import { createServer, type Server } from "node:http";
import WebSocket from "ws";
import type { ServerFrame } from "#server/contract/realtime";
import { attachWebsocket, type HubDeps, type RealtimeHub } from "#server/realtime/ws";

/** A connected client that records every frame. */
export interface TestClient {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first recorded frame (from now on or already seen) that matches. */
  next(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  send(value: unknown): void;
  closed: Promise<{ code: number }>;
}

export function connectClient(base: string, token: string): Promise<TestClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/ws?access_token=${encodeURIComponent(token)}`);
    const frames: ServerFrame[] = [];
    const waiters: Array<{ match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
    const closed = new Promise<{ code: number }>((done) => ws.once("close", (code) => done({ code })));
    ws.on("error", () => {});
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      frames.push(frame);
      for (const waiter of [...waiters]) {
        if (waiter.match(frame)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
      if (frame.type === "hello") resolve(client);
    });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    const client: TestClient = {
      ws,
      frames,
      closed,
      send: (value) => ws.send(typeof value === "string" ? value : JSON.stringify(value)),
      next(match, timeoutMs = 3_000) {
        const seen = frames.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no matching frame; saw ${JSON.stringify(frames)}`)), timeoutMs);
          waiters.push({
            match,
            resolve: (frame) => {
              clearTimeout(timer);
              done(frame);
            },
          });
        });
      },
    };
  });
}

export async function startHub(deps: HubDeps): Promise<{ hub: RealtimeHub; server: Server; base: string }> {
  const server = createServer((_req, res) => res.end("ok"));
  const hub = attachWebsocket(server, deps);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { hub, server, base: `ws://127.0.0.1:${(server.address() as { port: number }).port}` };
}

export async function stopHub({ hub, server }: { hub: RealtimeHub; server: Server }) {
  await hub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

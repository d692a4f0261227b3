/**
 * The websocket endpoint /ws. The handshake is authenticated with the access
 * token: the tk cookie (same origin) or ?access_token= for other clients.
 * For now it greets and keeps the socket; the messenger builds on it.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { DB } from "../db/index";
import type { Clock } from "../lib/clock";
import { resolveAccessToken } from "../modules/auth/tokens";

export const WS_PATH = "/ws";

function tokenFrom(request: IncomingMessage): string | null {
  const url = new URL(request.url ?? "/", "http://internal");
  const fromQuery = url.searchParams.get("access_token");
  if (fromQuery) return fromQuery;
  const cookie = request.headers.cookie ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === "tk") return decodeURIComponent(rest.join("="));
  }
  return null;
}

function refuse(socket: Duplex, status: 401 | 404) {
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? "Unauthorized" : "Not Found"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface RealtimeHub {
  close(): Promise<void>;
}

export function attachWebsocket(server: Server, deps: { db: DB; clock: Clock }): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const users = new WeakMap<WebSocket, number>();

  server.on("upgrade", (request, socket, head) => {
    const path = new URL(request.url ?? "/", "http://internal").pathname;
    if (path !== WS_PATH) return refuse(socket, 404);
    const token = tokenFrom(request);
    const verify = token ? resolveAccessToken(deps.db, deps.clock, token) : Promise.resolve(null);
    verify
      .then((owner) => {
        if (!owner) return refuse(socket, 401);
        wss.handleUpgrade(request, socket, head, (ws) => {
          users.set(ws, owner.userId);
          ws.send(JSON.stringify({ type: "hello", user_id: owner.userId }));
          ws.on("message", (data) => {
            // Only a ping protocol for now; the messenger adds real events.
            if (data.toString() === "ping") ws.send(JSON.stringify({ type: "pong" }));
          });
        });
      })
      .catch(() => refuse(socket, 401));
  });

  return {
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.close(1001, "server shutting down");
        wss.close(() => resolve());
      }),
  };
}

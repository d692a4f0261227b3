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
import { ownOrigins, upgradeAllowed } from "../security/same-origin";

export const WS_PATH = "/ws";
/** Close code sent to every client when the server shuts down (RFC 6455 "going away"). */
export const WS_CLOSE_GOING_AWAY = 1001;
const MAX_PAYLOAD_BYTES = 64 * 1024;

function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? "/", "http://internal");
  } catch {
    return null;
  }
}

function tokenFrom(request: IncomingMessage, url: URL): string | null {
  const fromQuery = url.searchParams.get("access_token");
  if (fromQuery) return fromQuery;
  const cookie = request.headers.cookie ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== "tk") continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      // A malformed cookie is no token (and must not throw inside the upgrade handler).
      return null;
    }
  }
  return null;
}

function refuse(socket: Duplex, status: 401 | 403 | 404 | 503) {
  const reason = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable" }[status];
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface RealtimeHub {
  close(): Promise<void>;
}

export function attachWebsocket(server: Server, deps: { db: DB; clock: Clock; publicUrl?: string }): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const users = new WeakMap<WebSocket, number>();
  let closing = false;

  const isOwnOrigin = ownOrigins(deps.publicUrl);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's http server leaves an upgraded socket without an error listener:
    // a client resetting the connection while we check its token would crash
    // the process. ws installs its own once the handshake is taken over.
    const onSocketError = () => socket.destroy();
    socket.on("error", onSocketError);
    const url = requestUrl(request);
    if (!url || url.pathname !== WS_PATH) return refuse(socket, 404);
    if (closing) return refuse(socket, 503);
    // The handshake carries the tk cookie: a page of another site must not open a socket in the visitor's name.
    if (!upgradeAllowed(request.headers.origin, request.headers.host, isOwnOrigin)) return refuse(socket, 403);
    const token = tokenFrom(request, url);
    const verify = token ? resolveAccessToken(deps.db, deps.clock, token) : Promise.resolve(null);
    verify
      .then((owner) => {
        if (!owner) return refuse(socket, 401);
        if (closing) return refuse(socket, 503);
        socket.removeListener("error", onSocketError);
        wss.handleUpgrade(request, socket, head, (ws) => {
          users.set(ws, owner.userId);
          // Without a listener, an invalid or oversized frame emits an unhandled
          // 'error' and takes the process down; ws closes the socket itself (1002/1009).
          ws.on("error", () => ws.terminate());
          ws.on("message", (data, isBinary) => {
            // Only a ping protocol for now; the messenger adds real events.
            if (!isBinary && data.toString() === "ping") ws.send(JSON.stringify({ type: "pong" }));
          });
          ws.send(JSON.stringify({ type: "hello", user_id: owner.userId }));
        });
      })
      // The token could not be checked (database down): not the client's fault, so no 401.
      .catch(() => refuse(socket, 503));
  };
  server.on("upgrade", onUpgrade);

  return {
    close: () =>
      new Promise((resolve) => {
        closing = true;
        server.removeListener("upgrade", onUpgrade);
        for (const client of wss.clients) client.close(WS_CLOSE_GOING_AWAY, "server shutting down");
        // wss.close waits for the clients' closing handshakes (ws ends it after 30 s at most).
        wss.close(() => resolve());
      }),
  };
}

/**
 * The websocket endpoint /ws and its hub (issue 12 item 6; ADR 042).
 *
 * The handshake is authenticated with the access token: the tk cookie (same origin) or ?access_token= for
 * other clients; the Origin is checked. The hub routes every envelope of the bus to the open sockets of the
 * members in `to` (a member may have several tabs), takes a small typed protocol from the client (ping,
 * typing, presence heartbeat, presence watch; see server/contract/realtime.ts), limits each socket's frame
 * rate (close 1008 on abuse), drops sockets that cannot keep up (their buffer grows past a bound; the client
 * reconnects and resyncs), and closes everything with 1001 on shutdown.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import * as v from "valibot";
import { WebSocketServer, type WebSocket } from "ws";
import {
  ClientFrameSchema,
  isLiveRoomEvent,
  ONLINE_STATUS,
  REALTIME_PATH,
  WS_CLOSE,
  type LiveRoomEvent,
  type RealtimeEnvelope,
  type ServerFrame,
} from "../contract/realtime";
import type { ApiDeps } from "../api/types";
import type { DB } from "../db/index";
import type { Clock } from "../lib/clock";
import { blockRelations, entitlementsOf } from "../modules/access/index";
import { endedTokenIds, resolveAccessToken } from "../modules/auth/index";
import { liveAccess } from "../modules/live/index";
import { typingRecipient } from "../modules/messenger/index";
import type { Logger } from "../ops/logger";
import { ownOrigins, upgradeAllowed } from "../security/same-origin";
import { secondFactorDueOf } from "../api/second-factor-gate";
import type { Bus } from "./bus";
import type { PresenceService } from "./presence";

export const WS_PATH = REALTIME_PATH;
/** Close code sent to every client when the server shuts down (RFC 6455 "going away"). */
export const WS_CLOSE_GOING_AWAY = WS_CLOSE.goingAway;
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** Per-socket token bucket: a burst of this many frames… */
export const WS_RATE_BURST = 30;
/** …refilled at this many frames per second. Typing (one per 2.5 s) and heartbeats stay far below. */
export const WS_RATE_PER_SECOND = 5;
/** A socket whose unsent data exceeds this is too slow: it is dropped and resyncs when it reconnects. */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;
/** The server pings every socket this often; one that did not answer the previous ping is dropped. */
const WS_LIVENESS_MS = 30_000;
/**
 * How often the hub asks whether the sessions behind its sockets still stand: a socket outlives the handshake
 * that checked its token, and since ADR 052 it carries message text, so a logout, a new password, a ban or the
 * 24-hour window closes it within this time (one query per instance and period, not one per event).
 */
export const WS_SESSION_CHECK_MS = 10_000;
/**
 * Typing follows the messenger's contact rules (ADR 057), which cost a few queries; typing frames come every 2.5 s
 * while a member types. So each socket remembers its answer per recipient this long: a block, a verified address or a
 * used-up limit reaches typing within this time (a send checks the rules itself every time).
 */
export const WS_TYPING_DECISION_MS = 30_000;
/** Recipients a socket remembers a typing decision for (a member types to few people at once). */
const WS_TYPING_DECISIONS_MAX = 32;

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
  /** Open sockets on this instance (metrics, tests). */
  socketCount(): number;
}

export interface HubDeps {
  db: DB;
  clock: Clock;
  bus: Bus;
  presence: PresenceService;
  /** The API's dependencies, for the rules the hub asks the modules (typing: the messenger's contact rules). */
  api: ApiDeps;
  publicUrl?: string;
  log?: Pick<Logger, "warn">;
  /** Tests tighten these. */
  limits?: { burst?: number; perSecond?: number; maxBufferedBytes?: number; sessionCheckMs?: number };
}

interface Client {
  userId: number;
  /** The access token the handshake was made with; the socket lives only as long as its session. */
  tokenId: number;
  username: string;
  tokens: number;
  refilledAt: number;
  alive: boolean;
  watching: Set<number>;
  /** Watched members separated from this one by a block (either way): their status reads "unknown". */
  screened: Set<number>;
  /** By recipient username (lower case): whether typing may reach them, and until when that answer holds. */
  typing: Map<string, { recipient: Promise<number | null>; until: number }>;
  /** The live stream whose chat room this socket joined (issue 31, ADR 126), or null. */
  room: number | null;
  /** The room the socket last asked for (a later "live" frame wins over an earlier answer still on its way). */
  wantedRoom: number | null;
}

export function attachWebsocket(server: Server, deps: HubDeps): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const clients = new Map<WebSocket, Client>();
  const byMember = new Map<number, Set<WebSocket>>();
  const watchers = new Map<number, Set<WebSocket>>();
  /** Live chat rooms: the sockets that joined each stream (admitted by liveAccess when they joined). */
  const rooms = new Map<number, Set<WebSocket>>();
  const burst = deps.limits?.burst ?? WS_RATE_BURST;
  const perSecond = deps.limits?.perSecond ?? WS_RATE_PER_SECOND;
  const maxBuffered = deps.limits?.maxBufferedBytes ?? WS_MAX_BUFFERED_BYTES;
  let closing = false;

  /** Sends unless the socket is gone; drops a socket that cannot keep up rather than buffering without end. */
  function send(ws: WebSocket, text: string) {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      // close() would queue its frame behind the backlog: cut the connection; the client reconnects and resyncs.
      deps.log?.warn({ buffered: ws.bufferedAmount }, "realtime: dropping a socket that cannot keep up");
      ws.terminate();
      return;
    }
    ws.send(text);
  }
  const frame = (value: ServerFrame) => JSON.stringify(value);

  function leaveRoom(ws: WebSocket, client: Client) {
    if (client.room === null) return;
    const set = rooms.get(client.room);
    set?.delete(ws);
    if (set?.size === 0) rooms.delete(client.room);
    client.room = null;
  }

  /** A live room's event goes to the sockets in the room; a viewer removed from the stream leaves it at once. */
  function routeToRoom(event: LiveRoomEvent) {
    const sockets = rooms.get(event.stream_id);
    if (!sockets) return;
    const text = frame({ type: "event", event });
    for (const ws of [...sockets]) {
      send(ws, text);
      const client = clients.get(ws);
      if (!client) continue;
      const removed = event.type === "live_room.sanction" && event.sanction === "remove" && event.member_id === client.userId;
      if (removed || event.type === "live_room.ended") leaveRoom(ws, client);
    }
  }

  /** Joins the socket to a stream's room if liveAccess lets its member watch (the creator and staff too), else leaves. */
  function joinRoom(ws: WebSocket, client: Client, stream: number | null) {
    leaveRoom(ws, client);
    client.wantedRoom = stream;
    if (stream === null) return;
    liveAccess(deps.api, client.userId, stream)
      .then((access) => {
        if (client.wantedRoom !== stream) return;
        const admitted = access !== null && access.watch;
        if (admitted && clients.has(ws)) {
          client.room = stream;
          let set = rooms.get(stream);
          if (!set) rooms.set(stream, (set = new Set()));
          set.add(ws);
        }
        send(ws, frame({ type: "live", stream, joined: admitted }));
      })
      .catch(() => send(ws, frame({ type: "live", stream, joined: false })));
  }

  function route(envelope: RealtimeEnvelope) {
    const { event } = envelope;
    // Presence travels between instances; sockets learn it through the watch lists below.
    if (event.type === "presence" || event.type === "presence.sync") return;
    if (isLiveRoomEvent(event)) return routeToRoom(event);
    let text: string | null = null;
    for (const member of new Set(envelope.to)) {
      const sockets = byMember.get(member);
      if (!sockets) continue;
      text ??= frame({ type: "event", event });
      for (const ws of sockets) send(ws, text);
    }
  }
  const unsubscribeBus = deps.bus.subscribe(route);
  const unsubscribePresence = deps.presence.onChange((member) => {
    const sockets = watchers.get(member);
    if (!sockets) return;
    for (const ws of sockets) {
      const client = clients.get(ws);
      if (client) send(ws, presenceFrame(client, member));
    }
  });

  function presenceFrame(client: Client, member: number): string {
    const status = client.screened.has(member) ? ONLINE_STATUS.unknown : deps.presence.status(client.userId, member);
    return frame({ type: "presence", member, status });
  }

  /** The watched members with a block between them and the viewer (either way). */
  async function blockedAmong(viewerId: number, members: readonly number[]): Promise<Set<number>> {
    return new Set((await blockRelations(deps.db, viewerId, members)).keys());
  }

  function takeToken(client: Client): boolean {
    const now = Date.now();
    client.tokens = Math.min(burst, client.tokens + ((now - client.refilledAt) / 1000) * perSecond);
    client.refilledAt = now;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  /**
   * The recipient typing may reach (null: nobody), by the messenger's contact rules: the sender may write to them now
   * (verified address, no block either way, a conversation or an allowed first contact). Cached per socket.
   */
  function typingTarget(client: Client, username: string): Promise<number | null> {
    const key = username.toLowerCase();
    const now = deps.clock.now();
    const known = client.typing.get(key);
    if (known && known.until > now) return known.recipient;
    if (!known && client.typing.size >= WS_TYPING_DECISIONS_MAX) client.typing.delete(client.typing.keys().next().value!);
    const entry = { recipient: Promise.resolve<number | null>(null), until: now + WS_TYPING_DECISION_MS };
    // A failed check (the database away) sends nothing and is not remembered.
    entry.recipient = typingRecipient(deps.api, client.userId, username).catch(() => {
      if (client.typing.get(key) === entry) client.typing.delete(key);
      return null;
    });
    client.typing.set(key, entry);
    return entry.recipient;
  }

  function setWatching(ws: WebSocket, client: Client, members: readonly number[], screened: Set<number> = new Set()) {
    for (const member of client.watching) {
      const set = watchers.get(member);
      set?.delete(ws);
      if (set?.size === 0) watchers.delete(member);
    }
    client.watching = new Set(members);
    client.screened = screened;
    for (const member of client.watching) {
      let set = watchers.get(member);
      if (!set) watchers.set(member, (set = new Set()));
      set.add(ws);
      send(ws, presenceFrame(client, member));
    }
  }

  function onFrame(ws: WebSocket, client: Client, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
    if (!takeToken(client)) {
      ws.close(WS_CLOSE.policy, "rate limit");
      return;
    }
    if (isBinary) return;
    const text = data.toString();
    if (text === "ping") return send(ws, frame({ type: "pong" }));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const result = v.safeParse(ClientFrameSchema, parsed);
    // Unknown or malformed frames are ignored: a newer client may speak more than this server knows.
    if (!result.success) return;
    const message = result.output;
    switch (message.type) {
      case "ping":
        return send(ws, frame({ type: "pong" }));
      case "presence":
        return deps.presence.heartbeat(client.userId, ws, message.state);
      case "watch":
        blockedAmong(client.userId, message.members)
          .then((screened) => {
            if (clients.has(ws)) setWatching(ws, client, message.members, screened);
          })
          .catch(() => undefined);
        return;
      case "live":
        return joinRoom(ws, client, message.stream);
      case "typing":
        typingTarget(client, message.to)
          .then((target) => {
            if (target === null) return;
            // "Chatting" (status 2) means typing to someone the member may write to, so a refused frame leaves it.
            deps.presence.typed(client.userId);
            const event = { type: "typing", from: client.userId, from_username: client.username, thread: message.thread ?? null } as const;
            return deps.bus.publish({ to: [target], event });
          })
          .catch(() => undefined);
    }
  }

  function opened(ws: WebSocket, member: { userId: number; tokenId: number; username: string; invisible: boolean }) {
    const client: Client = {
      userId: member.userId,
      tokenId: member.tokenId,
      username: member.username,
      tokens: burst,
      refilledAt: Date.now(),
      alive: true,
      watching: new Set(),
      screened: new Set(),
      typing: new Map(),
      room: null,
      wantedRoom: null,
    };
    clients.set(ws, client);
    let sockets = byMember.get(member.userId);
    if (!sockets) byMember.set(member.userId, (sockets = new Set()));
    sockets.add(ws);
    // Without a listener, an invalid or oversized frame emits an unhandled
    // 'error' and takes the process down; ws closes the socket itself (1002/1009).
    ws.on("error", () => ws.terminate());
    ws.on("pong", () => (client.alive = true));
    ws.on("message", (data, isBinary) => onFrame(ws, client, data, isBinary));
    ws.once("close", () => {
      clients.delete(ws);
      sockets.delete(ws);
      if (sockets.size === 0) byMember.delete(member.userId);
      setWatching(ws, client, []);
      leaveRoom(ws, client);
      deps.presence.socketClosed(member.userId, ws);
    });
    send(ws, frame({ type: "hello", user_id: member.userId }));
    deps.presence.socketOpened(member.userId, ws, member.invisible);
  }

  async function memberOf(userId: number, tokenId: number) {
    const row = await deps.db
      .selectFrom("users")
      .select(["username", "invisible_browsing", "user_type", "is_member", "member_until"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      userId,
      tokenId,
      username: row.username,
      // The switch counts only while the benefit does (plus running: ADR 028, 061).
      invisible: row.invisible_browsing === 1 && entitlementsOf(row, deps.clock.now()).may("invisible_browsing"),
    };
  }

  // Sockets that vanished without a close (a laptop lid, a dead NAT entry) are found by the ws ping.
  const liveness = setInterval(() => {
    for (const [ws, client] of clients) {
      if (!client.alive) {
        ws.terminate();
        continue;
      }
      client.alive = false;
      ws.ping();
    }
  }, WS_LIVENESS_MS);
  liveness.unref();

  // Sockets whose session has ended since the handshake are closed (the client's reconnect then meets a 401,
  // or carries the rotated token of the same session).
  let checkingSessions = false;
  const sessions = setInterval(() => {
    if (checkingSessions || clients.size === 0) return;
    checkingSessions = true;
    const open = [...clients];
    endedTokenIds(deps.db, deps.clock, [...new Set(open.map(([, client]) => client.tokenId))])
      .then((ended) => {
        for (const [ws, client] of open) if (ended.has(client.tokenId)) ws.close(WS_CLOSE.policy, "session ended");
      })
      .catch((error: unknown) => deps.log?.warn({ err: (error as Error).message }, "realtime: could not check the sockets' sessions"))
      .finally(() => (checkingSessions = false));
  }, deps.limits?.sessionCheckMs ?? WS_SESSION_CHECK_MS);
  sessions.unref();

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
      .then(async (owner) => {
        if (!owner) return null;
        // A staff sign-in that still owes its second factor is no session yet (ADR 117, 128): the router's gate, here too.
        if ((await secondFactorDueOf(deps.api, owner)) !== null) return "second_factor_due" as const;
        return memberOf(owner.userId, owner.tokenId);
      })
      .then((member) => {
        if (member === "second_factor_due") return refuse(socket, 403);
        if (!member) return refuse(socket, 401);
        if (closing) return refuse(socket, 503);
        socket.removeListener("error", onSocketError);
        wss.handleUpgrade(request, socket, head, (ws) => opened(ws, member));
      })
      // The token could not be checked (database down): not the client's fault, so no 401.
      .catch(() => refuse(socket, 503));
  };
  server.on("upgrade", onUpgrade);

  return {
    socketCount: () => clients.size,
    close: () =>
      new Promise((resolve) => {
        closing = true;
        clearInterval(liveness);
        clearInterval(sessions);
        unsubscribeBus();
        unsubscribePresence();
        server.removeListener("upgrade", onUpgrade);
        for (const client of wss.clients) client.close(WS_CLOSE_GOING_AWAY, "server shutting down");
        // wss.close waits for the clients' closing handshakes (ws ends it after 30 s at most).
        wss.close(() => resolve());
      }),
  };
}

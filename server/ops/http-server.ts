/**
 * The HTTP server's lifecycle (issue 9 item 11). On SIGTERM the process
 * 1. reports itself not ready (/readyz 503, so a load balancer stops sending new work) and answers every
 *    request with `Connection: close`, so no client sends another request on a socket about to close;
 * 2. keeps accepting while requests still arrive: connections already waiting in the kernel's accept queue
 *    would be reset if the listener closed now (the cause of the resets under load);
 * 3. once nothing is in flight and no connection or request arrived for a short quiet spell, closes the
 *    idle keep-alive sockets and stops accepting;
 * 4. at the grace period's end closes whatever is still open. The caller then cleans up and exits.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";

/** Behind a load balancer: keep idle sockets longer than its own idle timeout (60 s on the common ones). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** No request in flight and no new connection for this long: the listener may close. */
export const DRAIN_QUIET_MS = 500;

export function tuneServer(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or Node may cut a request whose headers arrive on a reused socket.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/**
 * The process's HTTP server over the host's fetch handler: tuned (above), and every answer sent before the
 * request's body arrived closes its connection cleanly (`answerEarlyThenClose`, ADR 060). `serveFirst` may
 * answer a request on the socket before any Request object exists (a micro-cache hit, ADR 150): it returns
 * true when it did.
 */
export function createHttpServer(
  fetch: Parameters<typeof getRequestListener>[0],
  serveFirst?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Server {
  const listener = getRequestListener(fetch);
  const server = createServer(guardEarlyAnswers(serveFirst ? (req, res) => void (serveFirst(req, res) || listener(req, res)) : listener));
  tuneServer(server);
  return server;
}

/** After an early answer, what the client still sends is read and dropped for at most this long … */
export const LINGER_MS = 2_000;
/** … and at most this much; then the socket closes, whatever the client still sends. */
export const LINGER_MAX_BYTES = 1024 * 1024;

/** Sockets whose current answer said `Connection: close`: no further request on them is served. */
const closing = new WeakSet<Socket>();

/**
 * Early answers (issue 23 item 6, ADR 060). An answer (a 404, 405, 302, 413, 503, …) that leaves before the
 * request's body has arrived cannot keep the connection: the unread rest of the body sits between this
 * answer and the next request, and a client that stops sending it (as a browser may once it has its answer)
 * would leave the connection stuck until something cuts it, under a next request. So such an answer says
 * `Connection: close`; Node then ends our side after it (FIN), and the rest of the body is read and dropped
 * (up to LINGER_MAX_BYTES or LINGER_MS) before the socket closes, because closing a socket with unread data
 * resets it, which can take the answer with it (RFC 9112 section 9.6). A body that did arrive whole but was
 * left unread is dropped after the answer, so the connection serves the next request.
 */
export function guardEarlyAnswers(listener: RequestListener): RequestListener {
  return (req, res) => {
    const socket = req.socket;
    if (closing.has(socket)) {
      // A request behind one answered with Connection: close (pipelined, or a client that ignored it): not
      // served; its bytes are dropped like the rest of the body before it.
      req.resume();
      return;
    }
    if (hasBody(req)) {
      const writeHead = res.writeHead;
      // Every answer's headers pass here, whoever made them (the host, Hono's own error answers, Node).
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        if (!req.complete) answerEarlyThenClose(req, this, socket);
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse["writeHead"];
      // A body that arrived whole but was left unread (or half read by a stream nobody pulls any more):
      // dropped, so the parser reaches the next request on this connection.
      res.once("finish", () => {
        if (!req.readableEnded) dropBody(req);
      });
    }
    listener(req, res);
  };
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function dropBody(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.resume();
}

function answerEarlyThenClose(req: IncomingMessage, res: ServerResponse, socket: Socket): void {
  if (closing.has(socket)) return;
  closing.add(socket);
  res.setHeader("Connection", "close");
  // Node ends a Connection: close socket with destroySoon() once the answer is written: our side ends
  // (FIN) at once, and the socket is closed only when the client has closed its side too, or the rest of
  // the body ran past its bounds.
  let lingering = false;
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    if (this.writable) this.end();
    if (lingering) return;
    lingering = true;
    let dropped = 0;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    dropBody(req);
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_MAX_BYTES) this.destroy();
    });
  };
}

export interface Lifecycle {
  /** True once shutdown began. */
  readonly draining: boolean;
  /** Watches a server's requests and connections; call once, before it listens. */
  attach(server: Server): void;
  /** Drains the attached server as described above; resolves when it closed (forced: the grace ran out). */
  drain(graceMs: number): Promise<{ forced: boolean }>;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let server: Server | undefined;
  let inFlight = 0;
  let lastActivity = Date.now();

  return {
    get draining() {
      return draining;
    },
    attach(target) {
      server = target;
      target.on("connection", () => {
        lastActivity = Date.now();
      });
      target.on("request", (_req, res) => {
        inFlight += 1;
        lastActivity = Date.now();
        if (draining) res.setHeader("Connection", "close");
        res.once("close", () => {
          inFlight -= 1;
          lastActivity = Date.now();
        });
      });
    },
    drain(graceMs) {
      const target = server;
      if (!target) return Promise.resolve({ forced: false });
      draining = true;
      const started = Date.now();
      return new Promise((resolve) => {
        let forced = false;
        const force = setTimeout(() => {
          forced = true;
          target.closeAllConnections();
        }, graceMs);
        // Idle keep-alive sockets are not closed before the quiet spell: a client may be writing its next
        // request into one right now, and closing it then is exactly a reset. Responses say Connection:
        // close meanwhile, so busy sockets end by themselves.
        const sweep = setInterval(() => {
          const quiet = inFlight === 0 && Date.now() - lastActivity >= DRAIN_QUIET_MS;
          if ((quiet || Date.now() - started >= graceMs) && target.listening) {
            target.closeIdleConnections();
            target.close(() => {
              clearInterval(sweep);
              clearTimeout(force);
              resolve({ forced });
            });
          }
        }, 100);
      });
    },
  };
}

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
import type { Server } from "node:http";

/** Behind a load balancer: keep idle sockets longer than its own idle timeout (60 s on the common ones). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** No request in flight and no new connection for this long: the listener may close. */
export const DRAIN_QUIET_MS = 500;

export function tuneServer(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or Node may cut a request whose headers arrive on a reused socket.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
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

/**
 * The one process's request pipeline (Hono): the v2 API, static assets, then
 * the Remix app for everything else (including /public/locales, a resource
 * route, so remix-serve serves it too).
 */
import type { ErrorReporter } from "./observability/error-reporting";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { HttpBindings } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono, type Context } from "hono";
import { requestId, type RequestIdVariables } from "hono/request-id";
import type { ApiApp } from "./api/app";
import { inProcessCaller, type InternalAnswer, type InternalCall } from "./api/internal-call";
import { DEFAULT_LANGUAGE, isLanguage } from "./contract/locales";
import { CROSS_SITE_ERROR_CODE } from "./contract/errors";
import type { DatabaseHandle } from "./db/index";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createMicroCache } from "./micro-cache";
import { admissionControl, memberOf, type AdmissionOptions } from "./ops/admission";
import { compression } from "./ops/compression";
import { readiness } from "./ops/health";
import type { Logger } from "./ops/logger";
import { routeLabeler, type HitTally, type Metrics } from "./ops/metrics";
import { installRouteMatchMemo } from "./ops/route-match-memo";
import { installRenderMemo } from "./render-memo";
import { DEV_KEY_PARAM } from "./contract/dev";
import { devKeyCookie, mayUseDevRoutes, presentedDevKey } from "./security/dev-access";
import { CSP_NONCE_KEY, CSP_SCRIPT_HASHES_KEY, securityHeaders, type NonceVariables, type ScriptHashVariables } from "./security/headers";
import { originVerdict, ownOrigins } from "./security/same-origin";
import { inlineScriptHashes } from "./security/script-hashes";

export interface HostOptions {
  api: ApiApp;
  build: ServerBuild;
  mode: "production" | "development" | "test";
  rootDir: string;
  /** Behind a load balancer: the client is the first X-Forwarded-For address. */
  trustProxy: boolean;
  /** The public origin (PUBLIC_URL): a form posted from it is ours even behind a TLS-terminating proxy. */
  publicUrl?: string;
  /** Other origins a form's answer may redirect to (the help desk's and the forum's sign-on, ADR 134). */
  formTargets?: readonly string[];
  /** Access log and request metrics; without them (tests), requests are neither logged nor counted. */
  observe?: { log: Logger; metrics?: Metrics; database?: DatabaseHandle; isDraining?: () => boolean };
  /** Where web-tier failures are reported besides the log (ADR 133). */
  errorReporter?: ErrorReporter;
  /** Load shedding; off when absent (tests). */
  admission?: AdmissionOptions;
  /**
   * The demo's dev routes key (config.devRoutesKey, ADR 060): set only where dev routes answer loopback peers.
   * The host hands the key a visitor presents to the API, and turns a dev page's `?key=` into the cookie.
   */
  devRoutesKey?: string;
}

/** What loaders and actions get as `context` when hosted by this process. */
export type HostLoadContext = {
  /** In-process v2 API: the web tier's client calls this instead of the network. */
  apiFetch: (request: Request) => Promise<Response>;
  /**
   * The same in-process API for the client's JSON calls, without the Request and the body streams only a
   * network needs (server/api/internal-call.ts, ADR 053): same app, middleware, handlers and answers.
   */
  apiCall: (call: InternalCall) => Promise<InternalAnswer>;
  clientAddress: string;
  /** This response's Content-Security-Policy nonce: every inline script Remix emits carries it. */
  cspNonce?: string;
  /**
   * A page rendered for sharing (a public guest page) carries no nonce: its finished HTML is handed here,
   * and the policy then allows exactly its inline scripts, by their hashes, instead of the nonce (ADR 143).
   */
  allowInlineScriptsOf?: (html: string) => void;
  /**
   * A page rendered whole hands its bytes here with its Response (ADR 153): the host's compression encodes them in
   * one call instead of reading the body back through a stream. Absent under remix-serve.
   */
  keepWholeBody?: (response: Response, body: Uint8Array) => void;
  /** The request id (X-Request-Id) every log line of this request carries, in the API too. */
  requestId?: string;
  /** Logs for the web tier's own failures (render errors), tagged with the request id. */
  log?: Pick<Logger, "error" | "warn">;
  /** Reports a web-tier failure (Remix's handleError) with the request id (ADR 133); absent when reporting is off. */
  reportError?: (error: unknown, request: { method: string; path: string }) => void;
};

type HostEnv = { Bindings: HttpBindings; Variables: NonceVariables & RequestIdVariables & ScriptHashVariables };

const LONG_CACHE = "public, max-age=31536000, immutable";

const languageOfPath = (path: string) => {
  const segment = path.split("/")[1] ?? "";
  return isLanguage(segment) ? segment : DEFAULT_LANGUAGE;
};

/** The API and the build assets are never micro-cached pages. */
const mayBeGuestPage = (path: string) => !/^\/(?:api|oauth|build)\//.test(path);

const hasFileExtension = (path: string) => /\.[a-z0-9]+$/i.test(path);

export function createHost({
  api,
  build,
  mode,
  rootDir,
  trustProxy,
  publicUrl,
  formTargets,
  observe,
  admission,
  devRoutesKey,
  errorReporter,
}: HostOptions) {
  const app = new Hono<HostEnv>();
  // Remix matches every page's path three times against all routes: remembered per path (ADR 051).
  installRouteMatchMemo();
  // A page's loaders share one Request; loader data is encoded for the browser only when a page reads it (ADR 166).
  installRenderMemo();
  const remix = createRequestHandler(build, mode);
  const publicDir = join(rootDir, "public");

  const label = routeLabeler({ apiGroups: apiGroupsOf(api), pageWords: pageWordsOf(build) });
  const tallyHit = hitTally(observe?.log);
  // Every request gets an id (a sane incoming X-Request-Id is kept), echoed in the response.
  app.use("*", requestId());
  app.use("*", finishResponse);
  if (observe) app.use("*", accessLog(observe, label, tallyHit));
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  const database = observe?.database;
  if (database) {
    app.get("/readyz", async (c) => {
      // Shutting down: no new work, while what is in flight finishes (server/ops/http-server.ts).
      if (observe?.isDraining?.()) return c.json({ ready: false, draining: true }, 503, { "Cache-Control": "no-store" });
      const state = await readiness(database);
      return c.json(state, state.ready ? 200 : 503, { "Cache-Control": "no-store" });
    });
  }

  const socketAddress = (env: HttpBindings | undefined) => env?.incoming?.socket?.remoteAddress ?? "0.0.0.0";
  const clientAddress = (request: Request, env: HttpBindings | undefined) =>
    (trustProxy && request.headers.get("x-forwarded-for")?.split(",")[0]?.trim()) || socketAddress(env);

  // Outermost of what follows: pages, API JSON and locale files leave compressed (micro-cache hits come
  // with their bodies encoded once, and pass through untouched). A page rendered whole left its bytes here.
  const wholeBodies = new WeakMap<Response, Uint8Array>();
  app.use("*", compression({ wholeBodyOf: (response) => wholeBodies.get(response) }));

  // Guest pages come from the micro-cache with the security headers they were rendered with: the policy
  // names the page's inline scripts by their hashes (ADR 143), so it must travel with those bytes. Hence
  // the cache sits outside the security headers, which run only when a page is rendered. The same holds
  // for a CDN in front (docs/architecture.md): it keeps the page with its headers.
  const microCache = createMicroCache();
  app.use("*", async (c, next) => {
    if (!mayBeGuestPage(c.req.path)) return await next();
    const answer = await microCache.handle(c.req.raw, async () => {
      await next();
      return c.res;
    });
    // Handing Hono the answer it already has would make it copy that answer (its body read into a new one).
    if (answer !== c.res) c.res = answer;
  });
  // Inside the micro-cache (a cached guest page costs nothing and is served even under load). Fair shares go
  // by the client's address and, when signed in, its token (ADR 060).
  if (admission) {
    const clientOf = (c: Context<HostEnv>) => ({ address: clientAddress(c.req.raw, c.env), member: memberOf(c.req.raw.headers) });
    app.use("*", admissionControl({ ...admission, clientOf }));
  }
  app.use("*", securityHeaders({ publicUrl, formTargets }));

  // The key a visitor presents for the demo's dev routes; the API decides on it with the peer (ADR 060).
  const devKeyOf = (c: Context<HostEnv>) => (devRoutesKey ? presentedDevKey(c.req.raw.headers) : undefined);
  if (devRoutesKey) {
    // The link printed at start (/de/dev/mailbox?key=…) leaves the key in a cookie for the next clicks and
    // drops it from the address bar. A wrong key or a remote peer gets no cookie: the page is then a 404.
    app.get("/:lang/dev/*", async (c, next) => {
      const key = c.req.query(DEV_KEY_PARAM);
      if (key === undefined || !mayUseDevRoutes(socketAddress(c.env), key, devRoutesKey)) return await next();
      const target = new URL(c.req.url);
      target.searchParams.delete(DEV_KEY_PARAM);
      const headers = {
        Location: `${target.pathname}${target.search}`,
        "Set-Cookie": devKeyCookie(devRoutesKey),
        "Cache-Control": "no-store",
      };
      return new Response(null, { status: 303, headers });
    });
  }

  // The API itself decides whether to trust X-Forwarded-For (TRUST_PROXY).
  const direct = (c: Context<HostEnv>) =>
    api.fetch(c.req.raw, {
      remoteAddress: socketAddress(c.env),
      peerAddress: socketAddress(c.env),
      requestId: c.get("requestId"),
      devKey: devKeyOf(c),
    });
  app.all("/api/v2/*", direct);
  app.all("/oauth/v2/*", direct);
  // The fake payment provider's page, where it is enabled (the API answers 404 otherwise; ADR 075).
  app.all("/fake-provider/*", direct);
  // The fake age-verification provider's page, likewise (ADR 105).
  app.all("/fake-age-provider/*", direct);

  // The .br/.gz twins scripts/precompress.mjs wrote at build time go out as they are. (serveStatic's
  // onFound runs after its Response is made, too late for headers: servedWith sets them.)
  const buildFiles = serveStatic({ root: publicDir, precompressed: true });
  app.use("/build/*", async (c, next) => servedWith(await buildFiles(c, next), LONG_CACHE));
  const publicFiles = serveStatic({ root: publicDir });
  // Only paths with a file extension can be files in public/ (favicon.svg, …): page
  // paths go straight to Remix without a file-system lookup per request.
  app.use("*", async (c, next) => {
    if (!hasFileExtension(c.req.path) || c.req.path.startsWith("/build/")) return await next();
    return servedWith(await publicFiles(c, next), "public, max-age=3600");
  });

  const loadContext = (c: Context<HostEnv>): HostLoadContext => {
    const client = clientAddress(c.req.raw, c.env);
    const peer = socketAddress(c.env);
    const reqId = c.get("requestId");
    // A page (GET/HEAD) looks its token up once, however many API calls its loaders make (ADR 051).
    const tokenOwners = c.req.method === "GET" || c.req.method === "HEAD" ? new Map() : undefined;
    const bindings = { remoteAddress: client, internal: true, peerAddress: peer, requestId: reqId, tokenOwners, devKey: devKeyOf(c) };
    return {
      apiFetch: (request) => api.fetch(request, bindings),
      apiCall: inProcessCaller(api, bindings),
      clientAddress: client,
      cspNonce: c.get(CSP_NONCE_KEY),
      allowInlineScriptsOf: (html) => c.set(CSP_SCRIPT_HASHES_KEY, inlineScriptHashes(html)),
      keepWholeBody: (response, body) => wholeBodies.set(response, body),
      requestId: reqId,
      log: observe?.log.child({ reqId }),
      reportError: errorReporter?.enabled
        ? (error, request) => errorReporter.capture(error, { tier: "web", requestId: reqId, ...request })
        : undefined,
    };
  };

  // Every web-tier request that acts (document posts, ?_data= posts, resource routes, logout) comes from
  // our own pages, or is refused with the translated error page before Remix runs.
  const isOwnOrigin = ownOrigins(publicUrl);
  app.use("*", async (c, next) => {
    if (originVerdict(c.req.raw, isOwnOrigin) === "same-origin") return await next();
    const page = new URL(`/${languageOfPath(c.req.path)}/error/${CROSS_SITE_ERROR_CODE}`, c.req.url);
    const refused = await remix(new Request(page, { headers: c.req.raw.headers }), loadContext(c));
    const headers = new Headers(refused.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(refused.body, { status: 403, headers });
  });

  app.all("*", (c) => remix(c.req.raw, loadContext(c)));

  /**
   * A micro-cache hit straight on the socket, ahead of everything above (server/ops/http-server.ts, ADR 150):
   * the stored page already carries every security header it was rendered with, and only a guest's GET gets
   * one (no view cookie, no Authorization). Counted in http_requests_total like any request, from a tally per
   * page path (ADR 165: no histogram, no label hashing per hit); tallied in the log (one line per ten seconds,
   * not one per hit). While draining, hits take the long way, which says Connection: close.
   */
  const metrics = observe?.metrics;
  const hitTallies = new Map<string, { ok: HitTally; notModified: HitTally }>();
  const countHit = (path: string, notModified: boolean) => {
    if (!metrics) return;
    let tallies = hitTallies.get(path);
    if (tallies === undefined) {
      if (hitTallies.size >= 2_000) hitTallies.clear();
      const route = label(path);
      tallies = { ok: metrics.hitTally(route, 200), notModified: metrics.hitTally(route, 304) };
      hitTallies.set(path, tallies);
    }
    (notModified ? tallies.notModified : tallies.ok).count += 1;
  };
  const serveStored = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (observe?.isDraining?.()) return false;
    if (!microCache.serveStored(req, res, countHit)) return false;
    tallyHit();
    return true;
  };

  return Object.assign(app, { serveStored });
}

/**
 * Micro-cache hits are not logged one line each (a hit costs less than writing its line): they are counted, and
 * the count goes out as one line at the first hit ten seconds after the last such line. Everything else keeps its
 * line with its request id (accessLog).
 */
export const HIT_TALLY_MS = 10_000;
function hitTally(log: Logger | undefined, now: () => number = Date.now) {
  let hits = 0;
  let since = now();
  return () => {
    hits += 1;
    const at = now();
    if (at - since < HIT_TALLY_MS) return;
    log?.info({ hits, seconds: Math.round((at - since) / 1000) }, "micro-cache hits");
    hits = 0;
    since = at;
  };
}

/** A file serveStatic found, with its cache policy; anything else (it passed the request on) as it is. */
function servedWith(found: unknown, cacheControl: string): Response | undefined {
  if (!(found instanceof Response)) return undefined;
  if (found.status === 200 || found.status === 206) found.headers.set("Cache-Control", cacheControl);
  return found;
}

/**
 * What every response gets on its way out, whoever made it (Remix and the API return Responses of their
 * own, past Hono's header handling):
 * - the request id;
 * - a 304 without a Content-Security-Policy: it keeps the browser's copy, whose policy matches its inline
 *   scripts (hashes of the same bytes, or the nonce of a render), and a new policy would replace the stored one;
 * - `Connection: close` on a 413: the refused body was not read to its end, so the connection cannot carry
 *   another request, and Node ends the socket once the answer is out instead of reading on.
 */
async function finishResponse(c: Context<HostEnv>, next: () => Promise<void>) {
  await next();
  if (!c.res.headers.has("x-request-id")) c.res.headers.set("X-Request-Id", c.get("requestId"));
  if (c.res.status === 304) c.res.headers.delete("Content-Security-Policy");
  if (c.res.status === 413 && c.res.headers.get("connection") !== "close") {
    const headers = new Headers(c.res.headers);
    headers.set("Connection", "close");
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
}

/**
 * One line per request: id, method, path (a field, so JSON escapes it), route group, status, time. A micro-cache
 * hit is counted instead (hitTally): it runs no code that could fail.
 */
function accessLog({ log, metrics }: NonNullable<HostOptions["observe"]>, label: (path: string) => string, tallyHit: () => void) {
  return async (c: Context<HostEnv>, next: () => Promise<void>) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = label(c.req.path);
    metrics?.observeRequest(c.req.method, route, c.res.status, seconds);
    if (c.res.headers.get("x-micro-cache") === "hit") return tallyHit();
    const entry = {
      reqId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      route,
      status: c.res.status,
      ms: Math.round(seconds * 1000),
    };
    if (route === "/healthz" || route === "/readyz") log.debug(entry, "request");
    else if (c.res.status >= 500) log.error(entry, "request");
    else log.info(entry, "request");
  };
}

/** The API's endpoint groups (first path word after /api/v2), for bounded metric labels. */
function apiGroupsOf(api: ApiApp): string[] {
  return [...new Set(api.routes.map((route) => route.fullPath.split("/")[3] ?? "").filter(Boolean))];
}

/** The first static path word after the language of every web route (p, escorts, join, ...). */
function pageWordsOf(build: ServerBuild): string[] {
  const words = Object.values(build.routes).map((route) => (route.path ?? "").split("/")[0] ?? "");
  return [...new Set(words.filter((word) => word && !word.startsWith(":") && !word.includes("*")))];
}

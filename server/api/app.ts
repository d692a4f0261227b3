/**
 * The v2 API as one Hono app: /api/v2/* and /oauth/v2/*. The host mounts it;
 * the web tier may call `fetch` on it in-process (same Request/Response).
 */
import { Hono, type Context } from "hono";
import { DEFAULT_ERROR_KEY } from "../contract/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "../contract/locales";
import { FAKE_AGE_PROVIDER_PATH, fakeAgeProviderPage } from "../integrations/age-verification/fake";
import { FAKE_PROVIDER_PATH, fakeProviderPage } from "../integrations/payments/fake";
import { forgetShellsAfter, resolveAccessToken, type TokenOwner } from "../modules/auth/index";
import { registerModules } from "../modules/index";
import { mayUseDevRoutes } from "../security/dev-access";
import { ApiError, errorItem, jsonAnswer } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { ApiRouter, staffRouteProblems, type RegisteredRoute } from "./router";
import { secondFactorDueOf } from "./second-factor-gate";
import type { ApiBindings, ApiDeps, ApiEnv } from "./types";

export interface ApiApp {
  fetch(request: Request, bindings?: ApiBindings): Promise<Response>;
  routes: RegisteredRoute[];
}

export function createApiApp(deps: ApiDeps): ApiApp {
  const app = new Hono<ApiEnv>();
  const registry: RegisteredRoute[] = [];

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    // The host's id, or (from our own web tier over the network) the X-Request-Id it sent.
    const reqId = c.env?.requestId ?? (c.env?.internal ? c.req.header("x-request-id") : undefined) ?? crypto.randomUUID();
    c.set("log", requestLog(deps, reqId, c.env));
    c.set("requestId", reqId);
    c.set("clientIp", clientIp(c, deps));
    const lang = (c.req.header("accept-language") ?? "").slice(0, 2).toLowerCase();
    c.set("lang", isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
    const auth = c.req.header("authorization") ?? "";
    const token = /^bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
    const owner = token ? await ownerOf(deps, token, c.env?.tokenOwners) : null;
    c.set(
      "user",
      owner ? { id: owner.userId, userType: owner.userType, tokenId: owner.tokenId, secondFactorDue: owner.secondFactorDue } : null,
    );
    await next();
    // A write forgets the layout shells it may have changed, before its answer leaves (ADR 148).
    forgetShellsAfter(c);
    // On the answer itself: Hono's c.header() after the handler has answered copies the Response, which
    // turns its text body into a byte stream (twice) on every call, in-process ones included (ADR 053).
    if (!c.res.headers.has("Cache-Control")) setHeader(c, "Cache-Control", "private, no-store");
  });

  // The demo's dev routes (the mailbox shows password-reset links) answer only a peer on this machine that
  // presents the key printed at start (ADR 060); to anyone else they do not exist.
  if (deps.config.devRoutes === "loopback") {
    const key = deps.config.devRoutesKey;
    app.use("/api/v2/dev/*", async (c, next) => (mayUseDevRoutes(c.env?.peerAddress, c.env?.devKey, key) ? await next() : notFound(c)));
  }

  const v2 = new Hono<ApiEnv>();
  const oauth = new Hono<ApiEnv>();
  registerModules({
    v2: new ApiRouter(v2, "/api/v2", registry),
    oauth: new ApiRouter(oauth, "/oauth/v2", registry),
    dispatch: async (request, bindings) => await app.fetch(request, bindings),
    deps,
  });
  // A back-office route without its permission would be open to every member: refuse to start (ADR 116).
  const staffProblems = staffRouteProblems(registry);
  if (staffProblems.length > 0) throw new Error(`Back-office routes without a staff permission:\n${staffProblems.join("\n")}`);
  v2.get("/openapi.json", (c) => c.json(buildOpenApiDocument(registry)));

  // The fake payment provider's page (ADR 075): a stand-in for a third party's site, so outside /api; only where it is
  // enabled (never in a real production start without PAYMENTS_FAKE=1). Its postbacks to our own API stay in-process.
  if (deps.config.payments.fake.enabled) {
    const ownOrigin = new URL(deps.config.publicUrl).origin;
    const send = async (request: Request) =>
      new URL(request.url).origin === ownOrigin ? await app.fetch(request, { remoteAddress: "127.0.0.1" }) : await fetch(request);
    app.route(FAKE_PROVIDER_PATH, fakeProviderPage({ config: deps.config, now: () => deps.clock.now(), send }));
  }
  // The fake age-verification provider's page (ADR 105), the same way: never in a real production start without
  // AGE_VERIFICATION_FAKE=1; its webhooks to our own API stay in-process.
  if (deps.config.ageVerification.fake.enabled) {
    const ownOrigin = new URL(deps.config.publicUrl).origin;
    const send = async (request: Request) =>
      new URL(request.url).origin === ownOrigin ? await app.fetch(request, { remoteAddress: "127.0.0.1" }) : await fetch(request);
    app.route(FAKE_AGE_PROVIDER_PATH, fakeAgeProviderPage({ config: deps.config, now: () => deps.clock.now(), send }));
  }

  app.route("/api/v2", v2);
  app.route("/oauth/v2", oauth);

  app.notFound(notFound);
  app.onError((err, c) => errorResponse(c, err));

  return {
    fetch: async (request, bindings = {}) => await app.fetch(request, bindings),
    routes: registry,
  };
}

/**
 * The request's logger, tagged with its id. A page's in-process calls share one bindings object and one request id,
 * so they share one child logger instead of making one per call (ADR 144).
 */
const requestLogs = new WeakMap<ApiBindings, { reqId: string; log: ApiDeps["log"] }>();
function requestLog(deps: ApiDeps, reqId: string, bindings: ApiBindings | undefined): ApiDeps["log"] {
  if (!bindings?.internal) return deps.log.child({ reqId });
  const known = requestLogs.get(bindings);
  if (known?.reqId === reqId) return known.log;
  const log = deps.log.child({ reqId });
  requestLogs.set(bindings, { reqId, log });
  return log;
}

/** The token's owner and what its staff sign-in still owes (ADR 117): one lookup, not one per call. */
async function sessionOf(deps: ApiDeps, token: string): Promise<TokenOwner | null> {
  const owner = await resolveAccessToken(deps.db, deps.clock, token);
  return owner ? { ...owner, secondFactorDue: await secondFactorDueOf(deps, owner) } : null;
}

/** The token's owner, looked up once per page request when the host passes that request's map. */
function ownerOf(deps: ApiDeps, token: string, owners: ApiBindings["tokenOwners"]): Promise<TokenOwner | null> {
  if (!owners) return sessionOf(deps, token);
  let owner = owners.get(token);
  if (!owner) {
    owner = sessionOf(deps, token);
    owners.set(token, owner);
  }
  return owner;
}

/** Sets a header on the answer; one with immutable headers (a Response.redirect) is copied as Hono would. */
function setHeader(c: Context<ApiEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

function notFound(c: Context<ApiEnv>): Response {
  return jsonAnswer(c, { code: 404, errors: [errorItem(404, "exception.common.not_found")] }, 404);
}

function errorResponse(c: Context<ApiEnv>, err: Error): Response {
  if (err instanceof ApiError) {
    // A limit (429) or a full queue (503) says when to come back, in the body and, for clients that honour
    // it, as Retry-After (seconds).
    const retryAfter = err.extra.retry_after;
    const headers: Record<string, string> = typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {};
    return jsonAnswer(c, { code: err.status, ...err.extra, errors: err.items }, err.status, headers);
  }
  (c.get("log") ?? c.get("deps")?.log)?.error({ err, method: c.req.method, path: c.req.path }, "unhandled API error");
  c.get("deps")?.errorReporter?.capture(err, { tier: "api", requestId: c.get("requestId"), method: c.req.method, path: c.req.path });
  return jsonAnswer(c, { code: 500, errors: [errorItem(500, DEFAULT_ERROR_KEY)] }, 500);
}

function clientIp(c: Context<ApiEnv>, deps: ApiDeps): string {
  const remote = c.env?.remoteAddress ?? "0.0.0.0";
  if (c.env?.internal || deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return remote;
}

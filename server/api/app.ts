/**
 * The v2 API as one Hono app: /api/v2/* and /oauth/v2/*. The host mounts it;
 * the web tier may call `fetch` on it in-process (same Request/Response).
 */
import { Hono, type Context } from "hono";
import { DEFAULT_ERROR_KEY } from "../contract/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "../contract/locales";
import { resolveAccessToken } from "../modules/auth/tokens";
import { registerModules } from "../modules/index";
import { ApiError, errorItem } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { ApiRouter, type RegisteredRoute } from "./router";
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
    c.set("clientIp", clientIp(c, deps));
    const lang = (c.req.header("accept-language") ?? "").slice(0, 2).toLowerCase();
    c.set("lang", isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
    const auth = c.req.header("authorization") ?? "";
    const token = /^bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
    const owner = token ? await resolveAccessToken(deps.db, deps.clock, token) : null;
    c.set("user", owner ? { id: owner.userId, userType: owner.userType, tokenId: owner.tokenId } : null);
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "private, no-store");
  });

  const v2 = new Hono<ApiEnv>();
  const oauth = new Hono<ApiEnv>();
  registerModules({
    v2: new ApiRouter(v2, "/api/v2", registry),
    oauth: new ApiRouter(oauth, "/oauth/v2", registry),
    dispatch: async (request, bindings) => await app.fetch(request, bindings),
    deps,
  });
  v2.get("/openapi.json", (c) => c.json(buildOpenApiDocument(registry)));

  app.route("/api/v2", v2);
  app.route("/oauth/v2", oauth);

  app.notFound((c) => c.json({ code: 404, errors: [errorItem(404, "exception.common.not_found")] }, 404));
  app.onError((err, c) => errorResponse(c, err));

  return {
    fetch: async (request, bindings = {}) => await app.fetch(request, bindings),
    routes: registry,
  };
}

function errorResponse(c: Context<ApiEnv>, err: Error): Response {
  if (err instanceof ApiError) {
    return c.json({ code: err.status, ...err.extra, errors: err.items }, err.status as 400);
  }
  console.error("[api] unhandled", c.req.method, c.req.path, err);
  return c.json({ code: 500, errors: [errorItem(500, DEFAULT_ERROR_KEY)] }, 500);
}

function clientIp(c: Context<ApiEnv>, deps: ApiDeps): string {
  const remote = c.env?.remoteAddress ?? "0.0.0.0";
  if (c.env?.internal || deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return remote;
}

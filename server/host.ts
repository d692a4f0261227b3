/**
 * The one process's request pipeline (Hono): the v2 API, translation files,
 * static assets, then the Remix app for everything else.
 */
import { createHash } from "node:crypto";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { HttpBindings } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import type { ApiApp } from "./api/app";
import { NAMESPACES, SUPPORTED_LANGUAGES } from "./contract/locales";

export interface HostOptions {
  api: ApiApp;
  build: ServerBuild;
  mode: "production" | "development" | "test";
  rootDir: string;
}

/** What loaders and actions get as `context` when hosted by this process. */
export type HostLoadContext = {
  /** In-process v2 API: the web tier's client calls this instead of the network. */
  apiFetch: (request: Request) => Promise<Response>;
  clientAddress: string;
};

const LONG_CACHE = "public, max-age=31536000, immutable";

function loadLocaleFiles(rootDir: string) {
  const files = new Map<string, { body: string; etag: string }>();
  for (const lng of SUPPORTED_LANGUAGES) {
    for (const ns of NAMESPACES) {
      const path = join(rootDir, "locales", lng, `${ns}.json`);
      if (!existsSync(path)) continue;
      const body = readFileSync(path, "utf8");
      files.set(`${lng}/${ns}`, { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` });
    }
  }
  return files;
}

export function createHost({ api, build, mode, rootDir }: HostOptions) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const remix = createRequestHandler(build, mode);
  const locales = loadLocaleFiles(rootDir);
  const publicDir = join(rootDir, "public");

  const remoteAddress = (env: HttpBindings | undefined) => env?.incoming?.socket?.remoteAddress ?? "0.0.0.0";

  app.all("/api/v2/*", (c) => api.fetch(c.req.raw, { remoteAddress: remoteAddress(c.env) }));
  app.all("/oauth/v2/*", (c) => api.fetch(c.req.raw, { remoteAddress: remoteAddress(c.env) }));

  app.get("/public/locales/:lng/:file", (c) => {
    const file = locales.get(`${c.req.param("lng")}/${c.req.param("file").replace(/\.json$/, "")}`);
    if (!file) return c.json({ code: 404, errors: [{ code: 404, title: "exception.common.not_found", message: "exception.common.not_found", key: "not_found" }] }, 404);
    c.header("Cache-Control", "public, max-age=3600, stale-while-revalidate=86400");
    c.header("ETag", file.etag);
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
    return c.body(file.body, 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  app.use(
    "/build/*",
    serveStatic({ root: publicDir, onFound: (_path, c) => c.header("Cache-Control", LONG_CACHE) }),
  );
  app.use(
    "*",
    serveStatic({
      root: publicDir,
      // Only real files with an extension; route paths fall through to Remix.
      rewriteRequestPath: (path) => (/\.[a-z0-9]+$/i.test(path) && !path.startsWith("/build/") ? path : "/__none__"),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  app.all("*", (c) => {
    const clientAddress = remoteAddress(c.env);
    const context: HostLoadContext = {
      apiFetch: (request) => api.fetch(request, { remoteAddress: clientAddress, internal: true }),
      clientAddress,
    };
    return remix(c.req.raw, context);
  });

  return app;
}

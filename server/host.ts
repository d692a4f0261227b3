/**
 * The one process's request pipeline (Hono): the v2 API, static assets, then
 * the Remix app for everything else (including /public/locales, a resource
 * route, so remix-serve serves it too).
 */
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { HttpBindings } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import type { ApiApp } from "./api/app";
import { createMicroCache } from "./micro-cache";

export interface HostOptions {
  api: ApiApp;
  build: ServerBuild;
  mode: "production" | "development" | "test";
  rootDir: string;
  /** Behind a load balancer: the client is the first X-Forwarded-For address. */
  trustProxy: boolean;
}

/** What loaders and actions get as `context` when hosted by this process. */
export type HostLoadContext = {
  /** In-process v2 API: the web tier's client calls this instead of the network. */
  apiFetch: (request: Request) => Promise<Response>;
  clientAddress: string;
};

const LONG_CACHE = "public, max-age=31536000, immutable";

const hasFileExtension = (path: string) => /\.[a-z0-9]+$/i.test(path);

export function createHost({ api, build, mode, rootDir, trustProxy }: HostOptions) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const remix = createRequestHandler(build, mode);
  const publicDir = join(rootDir, "public");

  const socketAddress = (env: HttpBindings | undefined) => env?.incoming?.socket?.remoteAddress ?? "0.0.0.0";
  const clientAddress = (request: Request, env: HttpBindings | undefined) =>
    (trustProxy && request.headers.get("x-forwarded-for")?.split(",")[0]?.trim()) || socketAddress(env);

  // A 413 refuses a body that was not read to its end, so the connection cannot carry another request:
  // say so (Connection: close), and Node ends the socket once the answer is out instead of reading on.
  app.use("*", async (c, next) => {
    await next();
    if (c.res.status !== 413 || c.res.headers.get("connection") === "close") return;
    const headers = new Headers(c.res.headers);
    headers.set("Connection", "close");
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  });

  // The API itself decides whether to trust X-Forwarded-For (TRUST_PROXY).
  app.all("/api/v2/*", (c) => api.fetch(c.req.raw, { remoteAddress: socketAddress(c.env) }));
  app.all("/oauth/v2/*", (c) => api.fetch(c.req.raw, { remoteAddress: socketAddress(c.env) }));

  app.use("/build/*", serveStatic({ root: publicDir, onFound: (_path, c) => c.header("Cache-Control", LONG_CACHE) }));
  const publicFiles = serveStatic({ root: publicDir, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
  // Only paths with a file extension can be files in public/ (favicon.svg, …): page
  // paths go straight to Remix without a file-system lookup per request.
  app.use("*", (c, next) => (hasFileExtension(c.req.path) && !c.req.path.startsWith("/build/") ? publicFiles(c, next) : next()));

  const microCache = createMicroCache();
  app.all("*", (c) => {
    const client = clientAddress(c.req.raw, c.env);
    const context: HostLoadContext = {
      apiFetch: (request) => api.fetch(request, { remoteAddress: client, internal: true }),
      clientAddress: client,
    };
    return microCache.handle(c.req.raw, () => remix(c.req.raw, context));
  });

  return app;
}

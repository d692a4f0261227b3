/**
 * The Remix web tier as a ServerBuild made from the sources (no `remix build`
 * needed): the routes Remix's own flat-routes convention finds in app/routes,
 * each module loaded by vitest, and an asset manifest that names every route.
 * With the host (server/host.ts) this is the real app, in-process.
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import type { ServerBuild } from "@remix-run/node";
import remixConfig from "../../remix.config.js";

export const ROOT_DIR = fileURLToPath(new URL("../..", import.meta.url));
const APP_DIR = join(ROOT_DIR, "app");

export interface WebRoute {
  id: string;
  /** Full path pattern, e.g. "/:lang/p/:username" (optional segments end in "?"). */
  pattern: string;
  hasAction: boolean;
  hasLoader: boolean;
}

type RouteModule = Record<string, unknown>;

export async function loadWebBuild(): Promise<{ build: ServerBuild; routes: WebRoute[] }> {
  const manifest = { root: { id: "root", path: "", file: "root.tsx" }, ...flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles) } as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }
  >;
  const serverRoutes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  const routes: WebRoute[] = [];
  for (const [id, route] of Object.entries(manifest)) {
    const module = (await import(/* @vite-ignore */ join(APP_DIR, route.file))) as RouteModule;
    const shape = { id, parentId: route.parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    serverRoutes[id] = { ...shape, module };
    assetRoutes[id] = {
      ...shape,
      module: `/build/${id}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
    const segments: string[] = [];
    for (let at: string | undefined = id; at; at = manifest[at]?.parentId) if (manifest[at]?.path) segments.unshift(manifest[at]!.path!);
    routes.push({
      id,
      pattern: `/${segments.join("/")}`,
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
    });
  }
  const entry = (await import(/* @vite-ignore */ join(APP_DIR, "entry.server.tsx"))) as ServerBuild["entry"]["module"];
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/build/manifest.js",
      version: "in-process",
    },
    publicPath: remixConfig.publicPath,
    assetsBuildDirectory: remixConfig.assetsBuildDirectory,
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild;
  return { build, routes };
}

import { createRequire } from "node:module";
import { join } from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { describe, expect, it } from "vitest";
import { dirname } from "node:path";
import {
  installRouteMatchMemo,
  MAX_REMEMBERED_PATH_LENGTH,
  memoizeMatchRoutes,
  memoizeServerRoutes,
  memoizeDataRoutes,
  memoizeEntryRouteModules,
  memoizeResolveTo,
  memoizeStaticHandler,
  MAX_RESOLVED_PATHS,
  type ResolveTo,
  type MatchRoutes,
  type RouteLike,
  type StaticHandlerLike,
} from "#server/ops/route-match-memo";
import remixConfig from "../../remix.config.js";
import { ROOT_DIR } from "../helpers/web-build";

const require = createRequire(import.meta.url);
type CreateStaticHandler = (routes: RouteLike[], options?: Record<string, unknown>) => StaticHandlerLike;
type ConvertRoutes = (routes: RouteLike[], map: unknown, parentPath?: string[], manifest?: Record<string, unknown>) => RouteLike[];
type RouterModule = {
  UNSAFE_convertRoutesToDataRoutes: ConvertRoutes & { original?: ConvertRoutes };
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
  createStaticHandler: CreateStaticHandler & { original?: CreateStaticHandler };
  resolveTo: ResolveTo & { original?: ResolveTo };
};
const routerOf = (from: string) => createRequire(require.resolve(from))("@remix-run/router") as RouterModule;

/** The app's route tree as Remix builds it from app/routes (ids, paths, index flags, nesting). */
function appRoutes(): RouteLike[] {
  const manifest = { root: { id: "root", path: "" }, ...flatRoutes(join(ROOT_DIR, "app"), remixConfig.ignoredRouteFiles) } as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
  >;
  const nodes = new Map<string, RouteLike>();
  for (const route of Object.values(manifest))
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  const top: RouteLike[] = [];
  for (const route of Object.values(manifest)) {
    const node = nodes.get(route.id)!;
    if (route.parentId) nodes.get(route.parentId)!.children!.push(node);
    else top.push(node);
  }
  return top;
}

const PATHS = [
  "/",
  "/de",
  "/de/",
  "/de/login",
  "/en/login?r=%2Fde%2Fuser",
  "/de/p/demo_escort",
  "/de/p/demo_escort/reviews",
  "/de/p/d%C3%BCsseldorf",
  "/de/escort/deutschland/berlin/berlin",
  "/de/escort/deutschland",
  "/de/escorts",
  "/de/escorts/ladies",
  "/de/my_date",
  "/de/my_date/12",
  "/de/user",
  "/de/user/email_password",
  "/de/messenger/someone",
  "/pl/no/such/page/at/all",
  "/xx",
  "/build/whatever.js",
];

describe("remembered route matching (ADR 051)", () => {
  const router = routerOf("@remix-run/server-runtime");
  // The module's own function, whether or not another test file of this worker installed the memo.
  const original = ((router.matchRoutes as unknown as { original?: MatchRoutes }).original ?? router.matchRoutes) as MatchRoutes;

  it("answers what matchRoutes answers, for every path, the first time and when remembered", () => {
    const memoized = memoizeMatchRoutes(original, router.parsePath);
    for (const basename of ["/", "/de"]) {
      for (const path of PATHS) {
        const expected = original(appRoutes(), path, basename);
        const routes = appRoutes();
        expect(memoized(routes, path, basename)).toEqual(expected);
        // Remembered: the same answer, built with the routes of the tree asked about (a new tree per render).
        const again = appRoutes();
        const remembered = memoized(again, { pathname: path.split("?")[0] }, basename);
        expect(remembered).toEqual(expected);
        const ids = new Set<RouteLike>();
        const collect = (list: RouteLike[]) => list.forEach((route) => (ids.add(route), collect(route.children ?? [])));
        collect(again);
        for (const match of remembered ?? []) expect(ids.has(match.route)).toBe(true);
      }
    }
  });

  it("hands every caller its own params", () => {
    const memoized = memoizeMatchRoutes(original, router.parsePath);
    const routes = appRoutes();
    // The first answer is matchRoutes' own; later ones are rebuilt from memory.
    for (let i = 0; i < 3; i++) {
      const answer = memoized(routes, "/de/p/lena")!;
      expect(answer.at(-1)!.params).toEqual({ lang: "de", username: "lena" });
      // One params object per answer, as matchRoutes does.
      expect(new Set(answer.map((match) => match.params)).size).toBe(1);
      answer[0]!.params.username = "changed";
    }
  });

  it("remembers short paths only: a long unique path is matched afresh and kept nowhere", () => {
    let calls = 0;
    const counted: MatchRoutes = (...args) => ((calls += 1), original(...args));
    const memoized = memoizeMatchRoutes(counted, router.parsePath);
    const routes = appRoutes();
    memoized(routes, "/de/p/lena");
    memoized(routes, "/de/p/lena");
    expect(calls).toBe(1);
    const long = `/de/${"x".repeat(MAX_REMEMBERED_PATH_LENGTH)}`;
    expect(memoized(routes, long)).toEqual(original(routes, long));
    memoized(routes, long);
    expect(calls).toBe(3);
  });

  it("tells apart trees of another shape", () => {
    const memoized = memoizeMatchRoutes(original, router.parsePath);
    const one: RouteLike[] = [{ id: "a", path: "/x/:id" }];
    const other: RouteLike[] = [{ id: "a", path: "/y/:id" }];
    expect(memoized(one, "/x/1")?.[0]?.params).toEqual({ id: "1" });
    expect(memoized(other, "/x/1")).toBeNull();
    // A tree without ids is matched as it is, never remembered.
    expect(memoized([{ path: "/x/:id" }], "/x/2")?.[0]?.params).toEqual({ id: "2" });
  });

  it("builds the render's route tree once per manifest while the route modules stay the same", () => {
    let builds = 0;
    const create = memoizeServerRoutes((manifest) => (builds++, Object.keys(manifest).map((id) => ({ id }))));
    const manifest = { root: {}, "routes/a": {} };
    const modules = { root: { default: 1 }, "routes/a": { default: 2 } };
    const future = { v3_singleFetch: true };
    const tree = create(manifest, { ...modules }, future, false);
    expect(create(manifest, { ...modules }, future, false)).toBe(tree);
    expect(builds).toBe(1);
    // Another module (a rebuild), another manifest or SPA mode: built afresh.
    expect(create(manifest, { ...modules, "routes/a": { default: 3 } }, future, false)).not.toBe(tree);
    expect(create({ ...manifest }, { ...modules }, future, false)).not.toBe(tree);
    expect(builds).toBe(3);
  });

  describe("the static handler's query, answered by the matched branch (ADR 053)", () => {
    const createOriginal = (router.createStaticHandler.original ?? router.createStaticHandler) as CreateStaticHandler;
    /** The app's tree with loaders and actions that report what they were called with; one loader throws. */
    const withData = (list: RouteLike[]): RouteLike[] =>
      list.map((route) => {
        const id = route.id as string;
        const report = ({ params, request }: { params: unknown; request: Request }) => ({ id, params, url: request.url });
        return {
          ...route,
          hasErrorBoundary: id === "root" || id === "routes/$lang",
          loader: id === "routes/$lang.p.$username.reviews" ? () => Promise.reject(new Error(`failed in ${id}`)) : report,
          ...(id.includes("login") || id.includes("messenger") ? { action: report } : {}),
          // Index routes take no children (the static handler refuses even an empty list).
          children: route.children?.length ? withData(route.children) : undefined,
        } as RouteLike;
      });
    /** What a query answers, as plain data (route objects by id, errors by message or status). */
    const plain = (answer: unknown): unknown => {
      if (answer instanceof Response) return { response: answer.status, location: answer.headers.get("location") };
      const context = answer as {
        statusCode: number;
        matches: Array<{ route: RouteLike; params: unknown; pathname: string; pathnameBase: string }>;
        loaderData: unknown;
        actionData: unknown;
        errors: Record<string, { message?: string; status?: number }> | null;
        location: unknown;
      };
      return {
        statusCode: context.statusCode,
        matches: context.matches.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase]),
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors && Object.entries(context.errors).map(([id, e]) => [id, e.message ?? e.status]),
        location: context.location,
      };
    };

    it("answers every path and method as the whole tree's handler does", async () => {
      const memoized = memoizeMatchRoutes(original, router.parsePath);
      const create = memoizeStaticHandler(createOriginal, memoized, original);
      const tree = withData(appRoutes());
      const whole = createOriginal(tree);
      const wrapped = create(tree);
      expect(wrapped.dataRoutes).toBe(wrapped.dataRoutes);
      for (const path of [...PATHS, "/de/p/demo_escort/reviews", "/de/login?index&x=1"]) {
        for (const method of ["GET", "HEAD", "POST", "PROPFIND"]) {
          for (let round = 0; round < 2; round++) {
            const request = () => new Request(`http://velora.test${path}`, { method, ...(method === "POST" ? { body: "a=1" } : {}) });
            expect(plain(await wrapped.query(request())), `${method} ${path}`).toEqual(plain(await whole.query(request())));
          }
        }
      }
    });

    it("runs the matched branch's handler, built once per branch, and the whole tree's for what does not match", async () => {
      const built: number[] = [];
      const counting: CreateStaticHandler = (routes, options) => {
        const handler = createOriginal(routes, options);
        let count = 0;
        const walk = (list: RouteLike[]) => list.forEach((r) => ((count += 1), walk(r.children ?? [])));
        walk(routes);
        built.push(count);
        return handler;
      };
      const create = memoizeStaticHandler(counting, memoizeMatchRoutes(original, router.parsePath), original);
      const wrapped = create(withData(appRoutes()));
      const whole = built[0]!;
      expect(whole).toBeGreaterThan(50);
      await wrapped.query(new Request("http://velora.test/de/login"));
      await wrapped.query(new Request("http://velora.test/en/login"));
      await wrapped.query(new Request("http://velora.test/de/login?r=x"));
      // One branch (root, $lang, login) for all three paths: built once, three routes.
      expect(built.slice(1)).toEqual([3]);
      await wrapped.query(new Request("http://velora.test/xx/yy/zz/no"));
      expect(built.length).toBeLessThanOrEqual(3);
    });
  });

  it("converts a render's route tree into data routes once, each caller's manifest filled alike (ADR 053)", () => {
    const convertOriginal = router.UNSAFE_convertRoutesToDataRoutes.original ?? router.UNSAFE_convertRoutesToDataRoutes;
    let conversions = 0;
    const convert = memoizeDataRoutes((...args) => ((conversions += 1), convertOriginal(...args)));
    const mapRouteProperties = (route: RouteLike) => ({ hasErrorBoundary: route.id === "root" });
    const tree = appRoutes().map(function strip(route): RouteLike {
      return { ...route, children: route.children?.length ? route.children.map(strip) : undefined };
    });
    const expectedManifest: Record<string, unknown> = {};
    const expected = convertOriginal(tree, mapRouteProperties, undefined, expectedManifest);
    for (let render = 0; render < 3; render++) {
      const manifest: Record<string, unknown> = {};
      const routes = convert(tree, mapRouteProperties, undefined, manifest);
      expect(routes).toEqual(expected);
      // Every route id is looked up in it (as createStaticRouter does), though nothing was copied into it (ADR 153).
      for (const [id, route] of Object.entries(expectedManifest)) expect(manifest[id]).toEqual(route);
      expect(manifest["no/such/route"]).toBeUndefined();
      // The manifest names the very route objects of the tree it came with.
      expect(manifest.root).toBe(routes[0]);
    }
    expect(conversions).toBe(1);
    // Another tree or mapRouteProperties, a part of a tree, a manifest already in use: converted as asked.
    convert([...tree], mapRouteProperties, undefined, {});
    convert(tree, () => ({}), undefined, {});
    convert(tree, mapRouteProperties, ["0"], {});
    convert(tree, mapRouteProperties, undefined, { other: {} });
    expect(conversions).toBe(5);
  });

  it("builds the route modules by id once per build's routes, frozen (ADR 153)", () => {
    let builds = 0;
    const create = memoizeEntryRouteModules((routes) => {
      builds += 1;
      return Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, route.module]));
    });
    const routes = { root: { module: { default: 1 } }, "routes/a": { module: { default: 2 } } };
    const modules = create(routes);
    expect(modules).toEqual({ root: { default: 1 }, "routes/a": { default: 2 } });
    expect(create(routes)).toBe(modules);
    expect(builds).toBe(1);
    expect(Object.isFrozen(modules)).toBe(true);
    // Another build's routes: built afresh.
    expect(create({ ...routes })).not.toBe(modules);
    expect(builds).toBe(2);
    // RemixServer's route tree, built once per manifest, is not walked again for the same frozen modules object.
    let trees = 0;
    const tree = memoizeServerRoutes((manifest) => (trees++, Object.keys(manifest).map((id) => ({ id }))));
    const future = { v3_singleFetch: true };
    const first = tree(routes, modules, future, false);
    expect(tree(routes, modules, future, false)).toBe(first);
    expect(tree(routes, { ...modules, "routes/a": { default: 3 } }, future, false)).not.toBe(first);
    expect(trees).toBe(2);
  });

  describe("link paths, resolved once per absolute path (ADR 153)", () => {
    const resolveOriginal = (router.resolveTo.original ?? router.resolveTo) as ResolveTo;
    const TARGETS = [
      "/de/escorts",
      "/de/about/rules?x=1#top",
      "/de/user/",
      "/",
      "/de/../en/login",
      "//double//slash",
      "/de/p/d%C3%BCsseldorf",
    ];
    const CONTEXTS: Array<[string[], string, boolean]> = [
      [["/"], "/", false],
      [["/", "/de", "/de/my_dashboard"], "/de/my_dashboard", false],
      [["/", "/de", "/de/escorts/ladies"], "/de/escorts/ladies/", true],
    ];

    it("answers what resolveTo answers, from any route and location", () => {
      const memoized = memoizeResolveTo(resolveOriginal);
      for (let pass = 0; pass < 2; pass++)
        for (const to of TARGETS)
          for (const [routes, location, relative] of CONTEXTS)
            expect(memoized(to, routes, location, relative)).toEqual(resolveOriginal(to, routes, location, relative));
    });

    it("resolves relative paths and objects afresh, against their route and location", () => {
      let calls = 0;
      const memoized = memoizeResolveTo((...args) => ((calls += 1), resolveOriginal(...args)));
      for (const to of ["..", ".", "reviews", "?page=2", "", { pathname: "/de/x", search: "?a=1" }])
        for (const [routes, location, relative] of CONTEXTS)
          expect(memoized(to, routes, location, relative)).toEqual(resolveOriginal(to, routes, location, relative));
      expect(calls).toBe(6 * CONTEXTS.length);
    });

    it("hands every caller its own copy, and starts over past its bound", () => {
      let calls = 0;
      const memoized = memoizeResolveTo((...args) => ((calls += 1), resolveOriginal(...args)));
      const first = memoized("/de/escorts", ["/"], "/", false);
      first.pathname = "/changed";
      expect(memoized("/de/escorts", ["/"], "/", false)).toEqual({ pathname: "/de/escorts", search: "", hash: "" });
      expect(calls).toBe(1);
      for (let i = 0; i < MAX_RESOLVED_PATHS; i++) memoized(`/de/p/${i}`, ["/"], "/", false);
      memoized("/de/escorts", ["/"], "/", false);
      expect(calls).toBe(MAX_RESOLVED_PATHS + 2);
    });
  });

  it("is installed where the server runtime, React Router and RemixServer look it up", () => {
    expect(installRouteMatchMemo()).toBe(true);
    expect(installRouteMatchMemo()).toBe(true);
    const remixRoutes = require(`${dirname(require.resolve("@remix-run/react"))}/routes.js`) as {
      createServerRoutes: { original?: unknown };
    };
    expect(typeof remixRoutes.createServerRoutes.original).toBe("function");
    const fromRuntime = routerOf("@remix-run/server-runtime");
    expect(routerOf("react-router")).toBe(fromRuntime);
    expect(fromRuntime.matchRoutes).not.toBe(original);
    expect(fromRuntime.matchRoutes(appRoutes(), "/de/p/lena")).toEqual(original(appRoutes(), "/de/p/lena"));
    expect(typeof fromRuntime.createStaticHandler.original).toBe("function");
    expect(typeof fromRuntime.UNSAFE_convertRoutesToDataRoutes.original).toBe("function");
    expect(typeof fromRuntime.resolveTo.original).toBe("function");
    const entry = require(`${dirname(require.resolve("@remix-run/server-runtime"))}/entry.js`) as {
      createEntryRouteModules: { original?: unknown };
    };
    expect(typeof entry.createEntryRouteModules.original).toBe("function");
  });
});

/**
 * Route matching, remembered (issue 9 item 13, ADR 051).
 *
 * A Remix document request matches its path against every route three times: the server runtime
 * (`matchServerRoutes`), the static handler's `query`, and React Router while rendering. Each time
 * `matchRoutes` of `@remix-run/router` flattens all ~100 routes (optional segments exploded), ranks the
 * branches and compiles a regular expression per segment it tries: a fifth of a signed-in page's CPU.
 *
 * The result is a pure function of the route tree's shape (ids, paths, index and case flags, order), the
 * path and the basename, so it is remembered per shape and path. The render builds a new route tree per
 * request (same shape, new objects): a remembered result names its routes by id and is rebuilt with the
 * route objects of the tree asked about, with fresh params, so no caller shares objects with another.
 *
 * Installed by replacing the `matchRoutes` export of the one `@remix-run/router` module that the server
 * runtime and React Router both call through (`router.matchRoutes(…)`, looked up at each call).
 *
 * The static handler's own match (its `query` runs loaders and actions) is internal to that module; its
 * handler is replaced instead (ADR 053): for a path the whole tree matches, `query` is answered by a static
 * handler over that match's branch alone (its routes from root to leaf), whose match is a handful of routes.
 * A branch handler is used for a path only after checking that it matches that path exactly as the whole
 * tree does; anything else (no match, an unusual method, a long path) goes to the whole tree's handler.
 *
 * React Router's static router converts the render's route tree into data routes for every page (`createStaticRouter`
 * calls the `UNSAFE_convertRoutesToDataRoutes` export): the result of a tree, which is built once per manifest
 * (below), is remembered with its route manifest, and every render gets the same data routes.
 *
 * Likewise the render's route tree: `RemixServer` builds it from the build's manifest and route modules
 * for every page (`createServerRoutes`, a parent lookup per route over all routes). Its routes and their
 * elements depend on nothing of the request, so the tree of a manifest is built once and handed to
 * every render (React Router copies it into its own data routes and changes nothing in it).
 *
 * Two more per-render walks over every route, and the path resolution of every link (ADR 153): the server runtime's
 * route modules by id (`createEntryRouteModules`, built once per build and frozen) and React Router's `resolveTo`
 * for absolute paths (remembered by the path string).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}

export interface RouteMatchLike {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}

type LocationArg = string | { pathname?: string };
export type MatchRoutes = (routes: RouteLike[], location: LocationArg, basename?: string) => RouteMatchLike[] | null;
type ParsePath = (path: string) => { pathname?: string };

/** A remembered match: route ids instead of route objects. */
interface Remembered {
  ids: string[];
  params: Record<string, string | undefined>;
  pathnames: string[];
  pathnameBases: string[];
}

interface Shape {
  key: string;
  byId: Map<string, RouteLike>;
}

/** Paths remembered per route tree shape; past this the memo starts over (paths with ids are unbounded). */
export const MAX_PATHS_PER_SHAPE = 5_000;
/**
 * Longer paths are matched but not remembered: the catch-all route matches any path, so a client sending long
 * unique paths would otherwise fill the memo with up to 5,000 × 16 KB (measured: 124 MB at 8 KB a path).
 */
export const MAX_REMEMBERED_PATH_LENGTH = 256;
/** Route tree shapes remembered (one per build; development rebuilds make more). */
const MAX_SHAPES = 4;
const MEMOIZED = Symbol.for("velora.routeMatchMemo");

/** The tree's shape as a string, and its routes by id; null when ids are missing or repeated. */
function shapeOf(routes: RouteLike[]): Shape | null {
  const byId = new Map<string, RouteLike>();
  const walk = (list: RouteLike[]): unknown[] | null => {
    const out: unknown[] = [];
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) return null;
      byId.set(route.id, route);
      const children = route.children && route.children.length > 0 ? walk(route.children) : [];
      if (children === null) return null;
      out.push([route.id, route.path ?? null, route.index === true, route.caseSensitive === true, children]);
    }
    return out;
  };
  const tree = walk(routes);
  return tree === null ? null : { key: JSON.stringify(tree), byId };
}

/** `matchRoutes` with the same answers, remembered per route tree shape, basename and path. */
export function memoizeMatchRoutes(original: MatchRoutes, parsePath: ParsePath): MatchRoutes {
  // Stable trees (the server runtime's, built once per build) keep their shape; per-render trees are walked.
  const shapes = new WeakMap<RouteLike[], Shape | null>();
  const memo = new Map<string, Map<string, Remembered | null>>();

  const shapeFor = (routes: RouteLike[]): Shape | null => {
    if (shapes.has(routes)) return shapes.get(routes) ?? null;
    const shape = shapeOf(routes);
    shapes.set(routes, shape);
    return shape;
  };

  const memoized: MatchRoutes = (routes, location, basename = "/") => {
    const shape = Array.isArray(routes) ? shapeFor(routes) : null;
    if (!shape) return original(routes, location, basename);
    const pathname = (typeof location === "string" ? parsePath(location).pathname : location?.pathname) || "/";
    if (pathname.length + basename.length > MAX_REMEMBERED_PATH_LENGTH) return original(routes, location, basename);
    const pathKey = `${basename}\u0000${pathname}`;
    let paths = memo.get(shape.key);
    if (!paths) {
      if (memo.size >= MAX_SHAPES) memo.clear();
      paths = new Map();
      memo.set(shape.key, paths);
    }
    let remembered = paths.get(pathKey);
    if (remembered === undefined) {
      const matches = original(routes, location, basename);
      remembered = matches && {
        ids: matches.map((match) => match.route.id as string),
        params: { ...(matches.at(-1)?.params ?? {}) },
        pathnames: matches.map((match) => match.pathname),
        pathnameBases: matches.map((match) => match.pathnameBase),
      };
      if (paths.size >= MAX_PATHS_PER_SHAPE) paths.clear();
      paths.set(pathKey, remembered);
      return matches;
    }
    if (remembered === null) return null;
    // As matchRoutes does: one params object shared by the matches of one answer, new for every answer.
    const params = { ...remembered.params };
    const { pathnames, pathnameBases } = remembered;
    return remembered.ids.map((id, i) => ({
      params,
      pathname: pathnames[i] as string,
      pathnameBase: pathnameBases[i] as string,
      route: shape.byId.get(id) as RouteLike,
    }));
  };
  // `original`: the function it stands for (tests compare against it).
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

type CreateServerRoutes = (
  manifest: object,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: unknown,
  ...rest: unknown[]
) => RouteLike[];

/** `createServerRoutes` with the same tree, built once per manifest while its route modules stay the same. */
export function memoizeServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const built = new WeakMap<
    object,
    { given: Record<string, unknown>; modules: Record<string, unknown>; future: unknown; isSpaMode: unknown; routes: RouteLike[] }
  >();
  // The server runtime hands every render the same route modules object (memoizeEntryRouteModules): no walk then.
  const sameModules = (cached: { given: Record<string, unknown>; modules: Record<string, unknown> }, b: Record<string, unknown>) => {
    if (cached.given === b) return true;
    const a = cached.modules;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
  };
  const memoized: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Only the outer call (its recursion stays inside the module) with a manifest object is remembered.
    if (rest.length > 0 || typeof manifest !== "object" || manifest === null)
      return original(manifest, routeModules, future, isSpaMode, ...rest);
    const cached = built.get(manifest);
    if (cached && cached.future === future && cached.isSpaMode === isSpaMode && sameModules(cached, routeModules)) return cached.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    // `given` may be changed later by whoever made it (unless frozen): `modules` is the copy that is compared.
    const given = Object.isFrozen(routeModules) ? routeModules : {};
    built.set(manifest, { given, modules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

/** What `createStaticHandler` of `@remix-run/router` gives (only what is used or passed on here). */
export interface StaticHandlerLike {
  dataRoutes: RouteLike[];
  query(request: Request, options?: unknown): Promise<unknown>;
  queryRoute(request: Request, options?: unknown): Promise<unknown>;
}
type CreateStaticHandler = (routes: RouteLike[], options?: { basename?: string } & Record<string, unknown>) => StaticHandlerLike;

/** The methods the static handler's `query` answers with loaders and actions (others: its own 405). */
const QUERY_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** The routes from the top of `routes` down to the last of `ids`, each with only the next as its child. */
function branchOf(routes: RouteLike[], ids: string[]): RouteLike[] | null {
  const chain: RouteLike[] = [];
  let level: RouteLike[] | undefined = routes;
  for (const id of ids) {
    const route: RouteLike | undefined = level?.find((candidate) => candidate.id === id);
    if (!route) return null;
    chain.push(route);
    level = route.children;
  }
  let child: RouteLike | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const route = chain[i] as RouteLike;
    const copy: RouteLike = { ...route };
    if (child) copy.children = [child];
    else delete copy.children;
    child = copy;
  }
  return child ? [child] : null;
}

/** Whether two answers of matchRoutes name the same routes with the same params and path parts. */
function sameMatches(a: RouteMatchLike[] | null, b: RouteMatchLike[] | null): boolean {
  if (!a || !b || a.length !== b.length) return false;
  const paramsKey = (params: Record<string, string | undefined>) =>
    JSON.stringify(Object.entries(params).sort(([x], [y]) => (x < y ? -1 : 1)));
  return a.every((match, i) => {
    const other = b[i] as RouteMatchLike;
    return (
      match.route.id === other.route.id &&
      match.pathname === other.pathname &&
      match.pathnameBase === other.pathnameBase &&
      paramsKey(match.params) === paramsKey(other.params)
    );
  });
}

/**
 * `createStaticHandler` whose `query` is answered, path by path, by a static handler over the matched branch
 * alone (same loaders, actions, boundaries and answers; a match over a few routes instead of all of them).
 * `match` is the remembered matchRoutes (for the whole tree), `exactMatch` the library's own (for the check).
 */
export function memoizeStaticHandler(original: CreateStaticHandler, match: MatchRoutes, exactMatch: MatchRoutes): CreateStaticHandler {
  const memoized: CreateStaticHandler = (routes, options) => {
    const whole = original(routes, options);
    const basename = options?.basename || "/";
    const byBranch = new Map<string, StaticHandlerLike>();
    const byPath = new Map<string, StaticHandlerLike | null>();

    const branchHandler = (pathname: string): StaticHandlerLike | null => {
      const matches = match(whole.dataRoutes, { pathname }, basename);
      if (!matches || matches.length === 0) return null;
      const ids = matches.map((m) => m.route.id as string);
      const key = ids.join("\u0000");
      let handler = byBranch.get(key);
      if (!handler) {
        const branch = branchOf(routes, ids);
        if (!branch) return null;
        handler = original(branch, options);
        byBranch.set(key, handler);
      }
      // Used for this path only if the branch alone matches it exactly as the whole tree does.
      return sameMatches(exactMatch(handler.dataRoutes, { pathname }, basename), matches) ? handler : null;
    };

    const handlerFor = (request: Request): StaticHandlerLike => {
      if (!QUERY_METHODS.has(request.method)) return whole;
      const { pathname } = new URL(request.url);
      if (pathname.length + basename.length > MAX_REMEMBERED_PATH_LENGTH) return whole;
      let known = byPath.get(pathname);
      if (known === undefined) {
        known = branchHandler(pathname);
        if (byPath.size >= MAX_PATHS_PER_SHAPE) byPath.clear();
        byPath.set(pathname, known);
      }
      return known ?? whole;
    };

    return { ...whole, query: (request, queryOptions) => handlerFor(request).query(request, queryOptions) };
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

type ConvertRoutes = (
  routes: RouteLike[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => RouteLike[];

/**
 * `convertRoutesToDataRoutes` with the same data routes, converted once per route tree (array) and
 * `mapRouteProperties`. Only a whole tree converted into an empty manifest, as the static router does, is
 * remembered: the remembered manifest becomes the caller's manifest's prototype (createStaticRouter only reads
 * `manifest[id]` from it).
 */
export function memoizeDataRoutes(original: ConvertRoutes): ConvertRoutes {
  const converted = new WeakMap<RouteLike[], { mapRouteProperties: unknown; routes: RouteLike[]; manifest: Record<string, unknown> }>();
  const memoized: ConvertRoutes = (routes, mapRouteProperties, parentPath, manifest) => {
    const whole = parentPath === undefined && Array.isArray(routes) && manifest !== undefined && Object.keys(manifest).length === 0;
    if (!whole) return original(routes, mapRouteProperties, parentPath, manifest);
    let known = converted.get(routes);
    if (!known || known.mapRouteProperties !== mapRouteProperties) {
      const own: Record<string, unknown> = {};
      known = { mapRouteProperties, routes: original(routes, mapRouteProperties, undefined, own), manifest: own };
      converted.set(routes, known);
    }
    // The static router only looks routes up by id in it: the remembered manifest as its prototype answers those
    // lookups without copying a few hundred entries into every render's manifest.
    Object.setPrototypeOf(manifest, known.manifest);
    return known.routes;
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

type CreateEntryRouteModules = (routes: Record<string, { module: unknown }>) => Record<string, unknown>;

/**
 * The server runtime's `createEntryRouteModules`: every document request turns the build's routes into an object of
 * route modules by id (a few hundred entries). They are the build's, so the object is built once per build's routes
 * and shared, frozen: no render changes it (RemixServer and the components only read it).
 */
export function memoizeEntryRouteModules(original: CreateEntryRouteModules): CreateEntryRouteModules {
  const built = new WeakMap<object, Record<string, unknown>>();
  const memoized: CreateEntryRouteModules = (routes) => {
    if (typeof routes !== "object" || routes === null) return original(routes);
    let modules = built.get(routes);
    if (!modules) {
      modules = Object.freeze(original(routes));
      built.set(routes, modules);
    }
    return modules;
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

export interface ResolvedPath {
  pathname: string;
  search: string;
  hash: string;
}
export type ResolveTo = (to: unknown, routePathnames: string[], locationPathname: string, isPathRelative?: boolean) => ResolvedPath;

/** Absolute paths remembered; past this the memo starts over (paths with ids and queries are unbounded). */
export const MAX_RESOLVED_PATHS = 5_000;

/**
 * React Router's `resolveTo`, which every `Link` and `NavLink` calls three times while rendering (its href, its
 * click handler, NavLink's active state): splits and joins the path each time. A string starting with "/" resolves
 * to the same path whatever the route and location (only relative paths, "." and ".." look at them), so that
 * answer is remembered by the string. Each caller gets its own copy (useNavigate changes the pathname it got).
 */
export function memoizeResolveTo(original: ResolveTo): ResolveTo {
  const known = new Map<string, ResolvedPath>();
  const memoized: ResolveTo = (to, routePathnames, locationPathname, isPathRelative) => {
    if (typeof to !== "string" || to[0] !== "/" || to.length > MAX_REMEMBERED_PATH_LENGTH)
      return original(to, routePathnames, locationPathname, isPathRelative);
    let path = known.get(to);
    if (!path) {
      const { pathname, search, hash } = original(to, routePathnames, locationPathname, isPathRelative);
      path = { pathname, search, hash };
      if (known.size >= MAX_RESOLVED_PATHS) known.clear();
      known.set(to, path);
    }
    return { pathname: path.pathname, search: path.search, hash: path.hash };
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

interface RouterModule {
  UNSAFE_convertRoutesToDataRoutes?: ConvertRoutes & { [MEMOIZED]?: boolean };
  matchRoutes: MatchRoutes & { [MEMOIZED]?: boolean; original?: MatchRoutes };
  parsePath: ParsePath;
  createStaticHandler?: CreateStaticHandler & { [MEMOIZED]?: boolean };
  resolveTo?: ResolveTo & { [MEMOIZED]?: boolean };
}

interface RemixEntryModule {
  createEntryRouteModules?: CreateEntryRouteModules & { [MEMOIZED]?: boolean };
}

interface RemixRoutesModule {
  createServerRoutes?: CreateServerRoutes & { [MEMOIZED]?: boolean };
}

/**
 * Puts the memos in place of `@remix-run/router`'s `matchRoutes`, `createStaticHandler`, `resolveTo` and
 * `UNSAFE_convertRoutesToDataRoutes` exports, of `@remix-run/react`'s `createServerRoutes` (its
 * dist/routes.js, which RemixServer calls through) and of the server runtime's `createEntryRouteModules` (its
 * dist/entry.js), once per process. Answers whether all are in place
 * (false when an export is missing or cannot be replaced: pages then work as before, only slower).
 */
export function installRouteMatchMemo(): boolean {
  let router: RouterModule;
  let remixRoutes: RemixRoutesModule;
  let remixEntry: RemixEntryModule;
  try {
    const here = createRequire(import.meta.url);
    // The copy the Remix server runtime loads (React Router resolves to the same hoisted file).
    router = createRequire(here.resolve("@remix-run/server-runtime"))("@remix-run/router") as RouterModule;
    // The very file RemixServer requires as "./routes.js" (same path, same module); an upgrade may move it.
    remixRoutes = here(join(dirname(here.resolve("@remix-run/react")), "routes.js")) as RemixRoutesModule;
    // Likewise the file the server runtime requires as "./entry.js" (createEntryRouteModules, looked up at each call).
    remixEntry = here(join(dirname(here.resolve("@remix-run/server-runtime")), "entry.js")) as RemixEntryModule;
  } catch {
    return false;
  }
  try {
    if (!router.matchRoutes[MEMOIZED]) router.matchRoutes = memoizeMatchRoutes(router.matchRoutes, router.parsePath);
    const create = remixRoutes.createServerRoutes;
    if (typeof create === "function" && !create[MEMOIZED]) remixRoutes.createServerRoutes = memoizeServerRoutes(create);
    const createHandler = router.createStaticHandler;
    const exactMatch = router.matchRoutes.original;
    if (typeof createHandler === "function" && !createHandler[MEMOIZED] && exactMatch)
      router.createStaticHandler = memoizeStaticHandler(createHandler, router.matchRoutes, exactMatch);
    const convert = router.UNSAFE_convertRoutesToDataRoutes;
    if (typeof convert === "function" && !convert[MEMOIZED]) router.UNSAFE_convertRoutesToDataRoutes = memoizeDataRoutes(convert);
    const entryModules = remixEntry.createEntryRouteModules;
    if (typeof entryModules === "function" && !entryModules[MEMOIZED])
      remixEntry.createEntryRouteModules = memoizeEntryRouteModules(entryModules);
    const resolveTo = router.resolveTo;
    if (typeof resolveTo === "function" && !resolveTo[MEMOIZED]) router.resolveTo = memoizeResolveTo(resolveTo);
  } catch {
    return false;
  }
  return (
    router.matchRoutes[MEMOIZED] === true &&
    remixRoutes.createServerRoutes?.[MEMOIZED] === true &&
    router.createStaticHandler?.[MEMOIZED] === true &&
    router.UNSAFE_convertRoutesToDataRoutes?.[MEMOIZED] === true &&
    remixEntry.createEntryRouteModules?.[MEMOIZED] === true &&
    router.resolveTo?.[MEMOIZED] === true
  );
}

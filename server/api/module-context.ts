import type { ApiRouter } from "./router";
import type { ApiBindings, ApiDeps } from "./types";

/**
 * What a module's register function gets: the routers to add its routes to and the shared deps. It lives
 * here, not in modules/index.ts, so a module's routes.ts depends on the API's types only, and the module
 * index (which imports every routes.ts) is imported by nobody but the API app: no type cycle.
 */
export interface ModuleContext {
  v2: ApiRouter;
  oauth: ApiRouter;
  /** Runs a request through the whole API again (used by /batch). */
  dispatch(request: Request, bindings?: ApiBindings): Promise<Response>;
  deps: ApiDeps;
}

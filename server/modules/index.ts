/** Every endpoint group registers here. One module per group (DESIGN §5). */
import type { ApiRouter } from "../api/router";
import type { ApiBindings, ApiDeps } from "../api/types";
import { registerAuth } from "./auth/routes";
import { registerBatch } from "./batch/routes";
import { registerDefinitions } from "./definitions/routes";
import { registerDev } from "./dev/routes";
import { registerPages } from "./pages/routes";
import { registerReports } from "./reports/routes";

export interface ModuleContext {
  v2: ApiRouter;
  oauth: ApiRouter;
  /** Runs a request through the whole API again (used by /batch). */
  dispatch(request: Request, bindings?: ApiBindings): Promise<Response>;
  deps: ApiDeps;
}

export function registerModules(ctx: ModuleContext): void {
  registerAuth(ctx);
  registerBatch(ctx);
  registerDefinitions(ctx);
  registerDev(ctx);
  registerPages(ctx);
  registerReports(ctx);
}

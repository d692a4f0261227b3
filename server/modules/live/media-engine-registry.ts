/**
 * The live-video engine of each API instance (one per process; tests run several), kept apart from its creation
 * (media-engine.ts, which reports to lifecycle.ts) so media.ts, which lifecycle.ts calls, can reach a running engine
 * without an import cycle.
 */
import type { ApiDeps } from "../../api/types";
import type { LiveVideoEngine } from "../../integrations/live-video/index";

const engines = new WeakMap<ApiDeps, LiveVideoEngine>();

export function runningEngine(deps: ApiDeps): LiveVideoEngine | undefined {
  return engines.get(deps);
}

export function rememberEngine(deps: ApiDeps, engine: LiveVideoEngine): void {
  engines.set(deps, engine);
}

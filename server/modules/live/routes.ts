import type { ModuleContext } from "../../api/module-context";

/** Placeholder from the live foundation: the livecore part registers its routes here. */
export function registerLiveStreams(_ctx: ModuleContext): void {}

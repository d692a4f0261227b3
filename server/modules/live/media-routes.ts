import type { ModuleContext } from "../../api/module-context";

/** Placeholder from the live foundation: the livemedia part registers its routes here. */
export function registerLiveMedia(_ctx: ModuleContext): void {}

import type { ModuleContext } from "../../api/module-context";

/** Placeholder from the live foundation: the livechat part registers its routes here. */
export function registerLiveChat(_ctx: ModuleContext): void {}

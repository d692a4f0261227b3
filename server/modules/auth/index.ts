/** The public face of the auth module: Tokens and the signed-in user's data, for the modules that sign members in. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerAuth } from "./routes";
export * from "./tokens";
export * from "./user-data";
export { cachedShellMembers, forgetShellsAfter, memberCacheTtlMs, onShellForget, SHELL_TTL_MS, userShell } from "./shell";

export const manifest = defineFeature({ name: "auth", routes: registerAuth });

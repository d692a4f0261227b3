/** The public face of the safesex module. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerSafeSex } from "./routes";
export { safeSexState } from "./service";

export const manifest = defineFeature({ name: "safesex", routes: registerSafeSex });

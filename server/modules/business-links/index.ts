/** The public face of the business-links module: Business ↔ escort links, for the registration step that names escorts. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerBusinessLinks } from "./routes";
export * from "./service";

export const manifest = defineFeature({ name: "business-links", routes: registerBusinessLinks });

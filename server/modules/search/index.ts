/** The public face of the search module: The search engine, for the directory listing (seo uses search, never the reverse). Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerSearch } from "./routes";
export * from "./service";
export { promotedFor } from "./promoted";

export const manifest = defineFeature({ name: "search", routes: registerSearch });

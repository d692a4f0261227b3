/** The pages module (about, legal and misc pages by section and key): routes only. */
import { defineFeature } from "../manifest";
import { registerPages } from "./routes";

export const manifest = defineFeature({ name: "pages", routes: registerPages });
export { readPageSource } from "./service";

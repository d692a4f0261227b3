/** The seo module (the directory, landing pages and sitemap data; seo uses search, never the reverse): routes only. */
import { defineFeature } from "../manifest";
import { registerSeo } from "./routes";

export const manifest = defineFeature({ name: "seo", routes: registerSeo });

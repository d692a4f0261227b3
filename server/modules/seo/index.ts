/** The seo module (the directory, landing pages and sitemap data; seo uses search, never the reverse): its routes and its two sitemaps. */
import { defineFeature } from "../manifest";
import { registerSeo } from "./routes";
import * as m0121 from "./migrations/0121_seo_spots";
import { directorySitemapSource, profilesSitemapSource, registerSitemaps } from "./sitemaps";

export const manifest = defineFeature({
  name: "seo",
  routes: [registerSeo, registerSitemaps],
  sitemaps: { directory: directorySitemapSource, profiles: profilesSitemapSource },
  migrations: { "0121_seo_spots": m0121 },
});
export { parseUrlDetail } from "./service";

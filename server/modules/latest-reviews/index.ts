/**
 * The platform's reviews page (ADR 067): a feature of its own on top of the reviews module's public face. Its
 * manifest brings its route, its sitemap and its migration; nothing else in the server names it but the list of
 * manifests (server/modules/index.ts).
 */
import { defineFeature } from "../manifest";
import * as m0060 from "./migrations/0060_date_reviews_published";
import { registerLatestReviews } from "./routes";
import { latestReviewsSitemap } from "./service";

export const manifest = defineFeature({
  name: "latest-reviews",
  routes: registerLatestReviews,
  sitemaps: { reviews: { read: async (deps, part) => (part === 1 ? { parts: 1, entries: await latestReviewsSitemap(deps) } : null) } },
  migrations: { "0060_date_reviews_published": m0060 },
});

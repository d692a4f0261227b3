/**
 * Finding events and blog posts (issue 29 items 1, 3, 5, 6, 8; ADR 104): the searches, the profile tabs' lists, the
 * first-screen data of the event and post pages, the city pages' upcoming events, the sitemaps and the demo's events
 * and posts. It reads the events and blogs modules' tables (./tables); they own the writes.
 */
import { defineFeature } from "../manifest";
import * as m0092 from "./migrations/0092_community_search";
import { registerCommunity } from "./routes";
import { communityPart } from "./seed";
import { blogsSitemapSource, eventsSitemapSource } from "./sitemaps";

export const manifest = defineFeature({
  name: "community",
  routes: registerCommunity,
  migrations: { "0092_community_search": m0092 },
  seed: [{ order: 205, part: communityPart }],
  sitemaps: { events: eventsSitemapSource, blogs: blogsSitemapSource },
});

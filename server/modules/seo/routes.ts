import { ok } from "../../api/router";
import type { LandingPageAnswer } from "../../contract/seo";
import { seoOps } from "../../contract/operations/seo";
import type { ModuleContext } from "../../api/module-context";
import { viewerContext } from "../access/index";
import { seoSearch } from "./listing";
import { directoryPage, directorySitemap, landingPage, locationGuide } from "./service";

export function registerSeo({ v2, deps }: ModuleContext): void {
  v2.add(
    seoOps.directory,
    {
      tag: "seo",
      auth: "optional",
      statuses: [400, 404],
      summary:
        "One SEO directory page (category word, optional country/region/city/spot slugs, page 1–6 of 12 profiles): the place, up to 10 child places " +
        "(countries, regions or cities with 5 teaser names each) and the profiles. Guest-visible profiles only; blocks apply for signed-in viewers. " +
        "A city page lists its spots (districts, venues); a spot page lists the profiles within the spot's radius, ranked as a radius search (ADR 136). " +
        "404 exception.seo.directory_not_found for an unknown place or spot, no profiles (a known spot's first page may be empty) or a page past the last.",
    },
    async (c, { query }) => {
      const deps = c.get("deps");
      const viewer = await viewerContext(deps, c.get("user"));
      const page = await directoryPage(
        deps,
        {
          category: query.category,
          country: query.country,
          region: query.region,
          city: query.city,
          spot: query.spot,
          page: Number(query.page),
        },
        viewer,
      );
      c.header("Cache-Control", viewer.id === null ? "public, max-age=60" : "private, no-store");
      return ok(c, page);
    },
  );

  v2.add(
    seoOps.landingPage,
    {
      tag: "seo",
      auth: "optional",
      statuses: [400],
      summary:
        "The SEO landing page of a short URL: {short_url, url_detail: [{name, value, active}], updated_at, place, text}; text holds the title, description and intro in the accept-language (German where missing) or null; the url_detail item named user_type holds client or escort. " +
        "Unknown or inactive short URLs answer data [] (an array means not found, spec section 7).",
    },
    async (c, { body }) => {
      const page = await landingPage(c.get("deps"), body.short_url, c.get("lang"));
      const answer: LandingPageAnswer = page ?? [];
      return ok(c, answer);
    },
  );

  v2.add(
    seoOps.directorySitemap,
    {
      tag: "seo",
      auth: "optional",
      summary: "Every directory path (after the language) with at least one guest-visible profile, with its last modification (epoch ms).",
    },
    async (c) => {
      c.header("Cache-Control", "public, max-age=600");
      return ok(c, await directorySitemap(c.get("deps")));
    },
  );

  v2.add(
    seoOps.locations,
    {
      tag: "seo",
      auth: "optional",
      summary:
        "The location guide: countries, regions and cities with guest-visible escorts and businesses, with profile counts, largest first.",
    },
    async (c) => {
      c.header("Cache-Control", "public, max-age=600");
      return ok(c, await locationGuide(c.get("deps")));
    },
  );

  v2.add(
    seoOps.search,
    {
      summary:
        "Directory listing: profiles of a category word (contract/seo) in a country, region or city (slugs), 12 per page, pages 1–6; guest-visible profiles only. 404 for an unknown country/region/city. See docs/api.md.",
      tag: "search",
      auth: "optional",
      statuses: [404],
    },
    async (c, { body }) => {
      const result = await seoSearch(deps, body);
      c.header("Cache-Control", "public, max-age=300");
      return ok(c, result.hits, { meta: result.meta });
    },
  );
}

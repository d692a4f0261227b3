import * as v from "valibot";
import { ok } from "../../api/router";
import { SEO_CATEGORY_WORDS, SEO_MAX_PAGE, type LandingPageAnswer } from "../../contract/seo";
import type { ModuleContext } from "../../api/module-context";
import { viewerContext } from "../access/index";
import { seoSearch, seoSearchSchema } from "./listing";
import { directoryPage, directorySitemap, landingPage, locationGuide, profileSitemap } from "./service";

const slug = v.optional(
  v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "validation.invalid"), v.maxLength(80, "validation.invalid")),
);
const pageNumber = (max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, "validation.invalid"), v.transform(Number), v.maxValue(max, "validation.invalid")),
    "1",
  );

const directoryQuery = v.object({
  category: v.picklist(SEO_CATEGORY_WORDS, "validation.invalid"),
  country: slug,
  region: slug,
  city: slug,
  page: pageNumber(SEO_MAX_PAGE),
});

const landingBody = v.object(
  {
    short_url: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(120, "validation.invalid")),
  },
  "validation.required",
);

export function registerSeo({ v2, deps }: ModuleContext): void {
  v2.add(
    {
      method: "get",
      path: "/seo/directory",
      response: "DirectoryPage",
      tag: "seo",
      auth: "optional",
      query: directoryQuery,
      statuses: [400, 404],
      summary:
        "One SEO directory page (category word, optional country/region/city slugs, page 1–6 of 12 profiles): the place, up to 10 child places " +
        "(countries, regions or cities with 5 teaser names each) and the profiles. Guest-visible profiles only; blocks apply for signed-in viewers. " +
        "404 exception.seo.directory_not_found for an unknown place, no profiles or a page past the last.",
    },
    async (c, { query }) => {
      const deps = c.get("deps");
      const viewer = await viewerContext(deps, c.get("user"));
      const page = await directoryPage(
        deps,
        { category: query.category, country: query.country, region: query.region, city: query.city, page: Number(query.page) },
        viewer,
      );
      c.header("Cache-Control", viewer.id === null ? "public, max-age=60" : "private, no-store");
      return ok(c, page);
    },
  );

  v2.add(
    {
      method: "post",
      path: "/registration/seo-landing-page",
      response: "LandingPage",
      tag: "seo",
      auth: "optional",
      body: landingBody,
      statuses: [400],
      summary:
        "The SEO landing page of a short URL: {short_url, url_detail: [{name, value, active}], updated_at}; the url_detail item named user_type holds client or escort. " +
        "Unknown or inactive short URLs answer data [] (an array means not found, spec section 7).",
    },
    async (c, { body }) => {
      const page = await landingPage(c.get("deps"), body.short_url);
      const answer: LandingPageAnswer = page ?? [];
      return ok(c, answer);
    },
  );

  v2.add(
    {
      method: "get",
      path: "/seo/sitemap/directory",
      response: "DirectorySitemap",
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
    {
      method: "get",
      path: "/seo/sitemap/profiles",
      response: "ProfileSitemap",
      tag: "seo",
      auth: "optional",
      query: v.object({ part: pageNumber(100_000) }),
      statuses: [404],
      summary: "Guest-visible profile paths (p/{username}) with last modification, 10,000 per part; meta.parts says how many parts exist.",
    },
    async (c, { query }) => {
      const result = await profileSitemap(c.get("deps"), Number(query.part));
      c.header("Cache-Control", "public, max-age=600");
      return ok(c, result.entries, { meta: { parts: result.parts } });
    },
  );

  v2.add(
    {
      method: "get",
      path: "/seo/locations",
      response: "LocationGuide",
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
    {
      method: "post",
      path: "/search/seo",
      response: "SearchHits",
      summary:
        "Directory listing: profiles of a category word (contract/seo) in a country, region or city (slugs), 12 per page, pages 1–6; guest-visible profiles only. 404 for an unknown country/region/city. See docs/api.md.",
      tag: "search",
      auth: "optional",
      body: seoSearchSchema,
      statuses: [404],
    },
    async (c, { body }) => {
      const result = await seoSearch(deps, body);
      c.header("Cache-Control", "public, max-age=300");
      return ok(c, result.hits, { meta: result.meta });
    },
  );
}

/** The seo group's operations (ADR 062): the directory, landing pages, sitemaps and the directory's listing. */
import * as v from "valibot";
import { defineOperation } from "../operation";
import { pageQueryParam } from "../paging";
import { SEO_CATEGORY_WORDS, SEO_MAX_PAGE } from "../seo";

// The schemas below serve these operations alone, so they sit beside them (contract/seo stays free of valibot: the
// directory's pages import its constants into the browser).
const slug = v.optional(
  v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "validation.invalid"), v.maxLength(80, "validation.invalid")),
);
/** A page number in the query string: 1 to `max`, "1" when absent. */
const pageNumber = (max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, "validation.invalid"), v.transform(Number), v.maxValue(max, "validation.invalid")),
    "1",
  );

const directoryQuerySchema = v.object({
  category: v.picklist(SEO_CATEGORY_WORDS, "validation.invalid"),
  country: slug,
  region: slug,
  city: slug,
  spot: slug,
  page: pageNumber(SEO_MAX_PAGE),
});

const landingPageSchema = v.object(
  {
    short_url: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(120, "validation.invalid")),
  },
  "validation.required",
);

const searchSlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "validation.search.slug_invalid"),
);

/** POST /search/seo: a category word in a country, region or city (slugs), one page. */
export const seoSearchSchema = v.object({
  category: v.picklist(SEO_CATEGORY_WORDS),
  /** Country slug (deutschland) or ISO code (DE). */
  country: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  region: v.optional(searchSlugSchema),
  city: v.optional(searchSlugSchema),
  page_no: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEO_MAX_PAGE)), 1),
});

export const seoOps = {
  directory: defineOperation({ method: "get", path: "/api/v2/seo/directory", query: directoryQuerySchema, response: "DirectoryPage" }),
  landingPage: defineOperation({
    method: "post",
    path: "/api/v2/registration/seo-landing-page",
    body: landingPageSchema,
    response: "LandingPage",
  }),
  directorySitemap: defineOperation({ method: "get", path: "/api/v2/seo/sitemap/directory", response: "DirectorySitemap" }),
  /** Every sitemap the features' manifests contribute (ADR 064), and one part of one. */
  sitemaps: defineOperation({ method: "get", path: "/api/v2/seo/sitemaps", response: "SitemapIndex" }),
  sitemap: defineOperation({
    method: "get",
    path: "/api/v2/seo/sitemaps/:name",
    query: v.object({ part: pageQueryParam }),
    response: "SitemapEntries",
  }),
  locations: defineOperation({ method: "get", path: "/api/v2/seo/locations", response: "LocationGuide" }),
  search: defineOperation({ method: "post", path: "/api/v2/search/seo", body: seoSearchSchema, response: "SearchHits" }),
};

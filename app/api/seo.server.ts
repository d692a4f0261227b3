/** Web-tier types of the SEO group (directory, landing pages, sitemaps): the contract's, camelized. */
import { seoOps } from "#server/contract/operations/seo";
import type {
  DirectoryAddress,
  GuideCountry as ContractGuideCountry,
  DirectoryPlace as ContractPlace,
  DirectoryTile as ContractTile,
  LandingPageResponse,
} from "#server/contract/seo";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type DirectoryTile = Camelize<ContractTile>;
export type DirectoryPlace = Camelize<ContractPlace>;
export type DirectoryPageData = DataOf<typeof seoOps.directory>;
export type LandingPageData = Camelize<LandingPageResponse>;
export type SitemapEntry = DataOf<typeof seoOps.sitemap>[number];
export type SitemapIndex = DataOf<typeof seoOps.sitemaps>;
export type GuideCountry = Camelize<ContractGuideCountry>;

/** GET /seo/directory: one directory page (category, country, region, city, spot). */
export function fetchDirectory(api: ApiClient, address: DirectoryAddress & { page?: number }): Promise<ApiResult<DirectoryPageData>> {
  return api.op(seoOps.directory, { query: { ...address }, handleErrors: true });
}

/** GET /seo/locations: every country, region and city with listed profiles. */
export function fetchLocations(api: ApiClient): Promise<ApiResult<GuideCountry[]>> {
  return api.op(seoOps.locations, { handleErrors: true });
}

/** GET /seo/sitemap/directory: the directory pages worth indexing. */
export function fetchDirectorySitemap(api: ApiClient): Promise<ApiResult<SitemapEntry[]>> {
  return api.op(seoOps.directorySitemap, { auth: false, handleErrors: true });
}

/** GET /seo/sitemaps: every sitemap the features contribute (their manifests, ADR 064). */
export function fetchSitemapIndex(api: ApiClient): Promise<ApiResult<SitemapIndex>> {
  return api.op(seoOps.sitemaps, { auth: false, handleErrors: true });
}

/** GET /seo/sitemaps/{name}: one part of a sitemap (meta.parts, meta.paged). */
export function fetchSitemapEntries(api: ApiClient, name: string, part: number): Promise<ApiResult<SitemapEntry[]>> {
  return api.op(seoOps.sitemap, { params: { name }, query: { part }, auth: false, handleErrors: true });
}

/** POST /registration/seo-landing-page: a landing page by its short URL (an empty list when unknown). */
export function fetchLandingPage(api: ApiClient, shortUrl: string): Promise<ApiResult<DataOf<typeof seoOps.landingPage>>> {
  return api.op(seoOps.landingPage, { body: { short_url: shortUrl }, handleErrors: true });
}

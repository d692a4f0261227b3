/** Web-tier types of the SEO group (directory, landing pages, sitemaps): the contract's, camelized. */
import type {
  DirectoryAddress,
  DirectoryPage,
  GuideCountry as ContractGuideCountry,
  DirectoryPlace as ContractPlace,
  DirectoryTile as ContractTile,
  LandingPageAnswer,
  LandingPageResponse,
  SitemapEntry as ContractSitemapEntry,
  SitemapIndex as ContractSitemapIndex,
} from "#server/contract/seo";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type DirectoryTile = Camelize<ContractTile>;
export type DirectoryPlace = Camelize<ContractPlace>;
export type DirectoryPageData = Camelize<DirectoryPage>;
export type LandingPageData = Camelize<LandingPageResponse>;
export type SitemapEntry = Camelize<ContractSitemapEntry>;
export type SitemapIndex = Camelize<ContractSitemapIndex>;
export type GuideCountry = Camelize<ContractGuideCountry>;

/** GET /seo/directory: one directory page (category, country, region, city, spot). */
export function fetchDirectory(api: ApiClient, address: DirectoryAddress & { page?: number }): Promise<ApiResult<DirectoryPageData>> {
  return api.call<DirectoryPageData>("/api/v2/seo/directory", { params: { ...address }, handleErrors: true });
}

/** GET /seo/locations: every country, region and city with listed profiles. */
export function fetchLocations(api: ApiClient): Promise<ApiResult<GuideCountry[]>> {
  return api.call<GuideCountry[]>("/api/v2/seo/locations", { handleErrors: true });
}

/** GET /seo/sitemap/directory: the directory pages worth indexing. */
export function fetchDirectorySitemap(api: ApiClient): Promise<ApiResult<SitemapEntry[]>> {
  return api.call<SitemapEntry[]>("/api/v2/seo/sitemap/directory", { auth: false, handleErrors: true });
}

/** GET /seo/sitemaps: every sitemap the features contribute (their manifests, ADR 064). */
export function fetchSitemapIndex(api: ApiClient): Promise<ApiResult<SitemapIndex>> {
  return api.call<SitemapIndex>("/api/v2/seo/sitemaps", { auth: false, handleErrors: true });
}

/** GET /seo/sitemaps/{name}: one part of a sitemap (meta.parts, meta.paged). */
export function fetchSitemapEntries(api: ApiClient, name: string, part: number): Promise<ApiResult<SitemapEntry[]>> {
  return api.call<SitemapEntry[]>(`/api/v2/seo/sitemaps/${encodeURIComponent(name)}`, {
    auth: false,
    handleErrors: true,
    params: { part },
  });
}

/** POST /registration/seo-landing-page: a landing page by its short URL (an empty list when unknown). */
export function fetchLandingPage(api: ApiClient, shortUrl: string): Promise<ApiResult<Camelize<LandingPageAnswer>>> {
  return api.call<Camelize<LandingPageAnswer>>("/api/v2/registration/seo-landing-page", {
    method: "POST",
    body: { short_url: shortUrl },
    handleErrors: true,
  });
}

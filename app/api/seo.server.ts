/** Web-tier types of the SEO group (directory, landing pages, sitemaps): the contract's, camelized. */
import type {
  DirectoryPage,
  DirectoryPlace as ContractPlace,
  DirectoryTile as ContractTile,
  LandingPageResponse,
  SitemapEntry as ContractSitemapEntry,
} from "#server/contract/seo";
import type { Camelize } from "./camelize";

export type DirectoryTile = Camelize<ContractTile>;
export type DirectoryPlace = Camelize<ContractPlace>;
export type DirectoryPageData = Camelize<DirectoryPage>;
export type LandingPageData = Camelize<LandingPageResponse>;
export type SitemapEntry = Camelize<ContractSitemapEntry>;

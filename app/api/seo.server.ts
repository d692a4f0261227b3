/** Web-tier types and calls of the SEO group (directory, landing pages, sitemaps). Keys camelized. */
import type { MediaImage } from "#server/contract/media";
import type { DirectoryLevel, SeoCategory } from "#server/contract/seo";

export interface DirectoryTile {
  id: number;
  username: string;
  displayName: string;
  userType: number;
  gender: number | null;
  age: number | null;
  cityName: string | null;
  isMember: boolean;
  avatar: MediaImage | null;
}

export interface DirectoryPlace {
  slug: string;
  name: string;
  nameKey?: string;
  path: string;
  profiles: number;
  teaser: Array<{ username: string; displayName: string }>;
}

export interface DirectoryPageData {
  category: SeoCategory;
  level: DirectoryLevel;
  page: number;
  pages: number;
  total: number;
  country: { code: string; slug: string } | null;
  region: { code: string; slug: string; name: string } | null;
  city: { slug: string; name: string } | null;
  places: DirectoryPlace[];
  profiles: DirectoryTile[];
  lastModified: number | null;
}

export interface LandingPageData {
  shortUrl: string;
  urlDetail: Array<{ name: string; value: string; active: boolean }>;
  updatedAt: number;
  /** The directory address of the page's city, when profiles live there. */
  place: { countrySlug: string; regionSlug: string; citySlug: string; cityName: string } | null;
}

export interface SitemapEntry {
  path: string;
  lastModified: number;
}

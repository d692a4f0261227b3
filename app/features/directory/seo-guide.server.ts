/**
 * seo_guide (G): how the directory is organised, kept current from its data (ADR 138): the categories with profiles,
 * each level (category, country, region, city, spot) with how many pages it has today, and one chain of example
 * links taken from the directory's own sitemap, so nothing here is a hard-coded place.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { SEO_CATEGORY_WORDS, type DirectoryLevel } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchDirectorySitemap, type SitemapEntry } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";

/** A directory path's level by its number of segments (category/country/region/city/spot). */
const LEVELS: readonly DirectoryLevel[] = ["category", "country", "region", "city", "spot"];

export interface GuideLevel {
  level: DirectoryLevel;
  /** Directory pages of this level that have profiles today. */
  pages: number;
  /** A page of this level from the example chain (path after the language), or null when the level has none yet. */
  example: string | null;
}

/**
 * The levels with their counts and one example chain: the most recently changed page of the deepest level there is,
 * and its parents, so the examples show how one address grows level by level.
 */
export function guideLevels(entries: readonly SitemapEntry[]): GuideLevel[] {
  const byLevel = new Map<DirectoryLevel, SitemapEntry[]>(LEVELS.map((level) => [level, []]));
  for (const entry of entries) {
    const level = LEVELS[entry.path.split("/").length - 1];
    if (level) byLevel.get(level)!.push(entry);
  }
  const deepest = [...LEVELS].reverse().find((level) => byLevel.get(level)!.length > 0);
  const newest = deepest
    ? [...byLevel.get(deepest)!].sort((a, b) => b.lastModified - a.lastModified || a.path.localeCompare(b.path))[0]
    : undefined;
  const segments = newest ? newest.path.split("/") : [];
  return LEVELS.map((level, depth) => ({
    level,
    pages: byLevel.get(level)!.length,
    example: depth < segments.length ? segments.slice(0, depth + 1).join("/") : null,
  }));
}

export async function loadSeoGuide({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const result = await fetchDirectorySitemap(api);
  const entries = result.ok ? result.data : [];
  const live = new Set(entries.map((e) => e.path));
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      // Only categories with profiles are linked: a link to an empty category would be a 404.
      categories: SEO_CATEGORY_WORDS.map((word) => ({ word, live: live.has(word) })),
      levels: guideLevels(entries),
      title: t("seo.guide.meta_title", { brand: brand.name }),
      description: t("seo.guide.meta_description", { brand: brand.name }),
    },
    { headers: publicPageHeaders(request) },
  );
}

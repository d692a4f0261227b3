/**
 * The first screens that show search results without a search form state of
 * their own: the home page's top-ranked row (with the white-label worldwide
 * fallback of spec section 9), the member home's personalized list, and the
 * biggest places of the SEO directory.
 */
import {
  DEFAULT_LOCATION,
  GLOBAL_RADIUS,
  SEARCH_PAGE_SIZE,
  WHITE_LABEL_FALLBACK_FILTER,
  WHITE_LABEL_MIN_HOME_RESULTS,
  type SearchRequest,
  type SearchTarget,
} from "#server/contract/search";
import { findPopFilter, popFiltersFor } from "#server/contract/pop-filters";
import { directoryPath } from "#server/contract/seo";
import type { ApiClient } from "~/api/client.server";
import { personalized, searchCities, searchProfiles, topRanking } from "~/api/search.server";
import { fetchLocations } from "~/api/seo.server";
import type { BrandId } from "~/brand/brand";
import type { Chip } from "~/features/home/PopFilterChips";
import type { Tile } from "~/components/search/ResultTiles";
import type { CityOption, SearchInitData } from "~/features/search/search.server";
import { withQuery } from "~/components/search/links";

type Api = ApiClient;

export interface Point {
  lat: number;
  lon: number;
}

/** The worldwide second search of the white-label home (spec section 9). */
export function globalFallbackRequest(point: Point): SearchRequest {
  return {
    page_no: 1,
    page_size: SEARCH_PAGE_SIZE,
    searchMode: "user",
    filterquery: {
      user_type: "escort",
      location: { lat: point.lat, lon: point.lon, radius: GLOBAL_RADIUS },
      escort_service: [...WHITE_LABEL_FALLBACK_FILTER.escort_service],
      language: [...WHITE_LABEL_FALLBACK_FILTER.language],
    },
    sort: "top_ranking",
  };
}

function totalOf(meta: unknown, fallback: number): number {
  const total = (meta as { total?: unknown } | null | undefined)?.total;
  return typeof total === "number" && Number.isFinite(total) ? total : fallback;
}

/**
 * Top-ranked escorts around a point (one page); in the white-label brand,
 * fewer than 20 add the worldwide search's hits after them (no profile twice).
 */
export async function loadHomeTiles(
  api: Api,
  point: Point,
  brandId: BrandId,
): Promise<{ tiles: Tile[]; total: number; worldwide: boolean }> {
  const top = await topRanking(api, { lat: point.lat, lon: point.lon, limit: SEARCH_PAGE_SIZE });
  const tiles = top.ok ? top.data : [];
  const total = top.ok ? totalOf(top.meta, tiles.length) : 0;
  if (brandId !== "white-label" || total >= WHITE_LABEL_MIN_HOME_RESULTS) return { tiles, total, worldwide: false };
  const wide = await searchProfiles(api, globalFallbackRequest(point));
  if (!wide.ok) return { tiles, total, worldwide: false };
  const seen = new Set(tiles.map((tile) => tile.userId));
  const extra = wide.data.filter((tile) => !seen.has(tile.userId));
  return { tiles: [...tiles, ...extra], total: total + extra.length, worldwide: extra.length > 0 };
}

/** The point of a saved search's (or URL's) place: lat/lon, else the city, else Berlin. */
export async function pointOfQuery(
  api: Api,
  query: URLSearchParams,
): Promise<{ point: Point; city: CityOption | null; byPosition?: true }> {
  const lat = Number(query.get("lat"));
  const lon = Number(query.get("lon"));
  if (query.get("lat") && query.get("lon") && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && lat !== 0 && lon !== 0)
    return { point: { lat, lon }, city: null, byPosition: true };
  const q = query.get("city")?.trim();
  if (q && q.length <= 80) {
    const found = await searchCities(api, { q });
    const city = found.ok ? found.data[0] : undefined;
    if (city) return { point: { lat: city.lat, lon: city.lon }, city };
  }
  return { point: { lat: DEFAULT_LOCATION.lat, lon: DEFAULT_LOCATION.lon }, city: null };
}

export interface PlaceLink {
  name: string;
  /** Path after the language. */
  path: string;
  profiles: number;
}

/** The cities with the most listed profiles, linked to their escort directory page. */
export async function loadTopCities(api: Api, limit = 8): Promise<PlaceLink[]> {
  const result = await fetchLocations(api);
  if (!result.ok) return [];
  const cities = result.data.flatMap((country) =>
    country.regions.flatMap((region) =>
      region.cities.map((city) => ({
        name: city.name,
        profiles: city.profiles,
        path: directoryPath({ category: "sex-and-erotic", country: country.countrySlug, region: region.slug, city: city.slug }),
      })),
    ),
  );
  return cities.sort((a, b) => b.profiles - a.profiles || a.name.localeCompare(b.name)).slice(0, limit);
}

/** Chips for a target's presets; `pathOf` builds each chip's path after the language. */
/**
 * On a route with the preset as a path segment, a `popFilters` query parameter
 * moves into the path (docs/decisions/010) — or, unknown, is dropped — so no
 * query string makes a second copy of a page. Null when there is nothing to move.
 */
export function popFilterQueryTarget(url: URL, target: SearchTarget): string | null {
  const slug = url.searchParams.get("popFilters");
  if (slug === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("popFilters");
  const query = rest.toString();
  const path = findPopFilter(slug, target) ? `${url.pathname.replace(/\/$/, "")}/${slug}` : url.pathname;
  return withQuery(path, query);
}

export function popFilterChips(target: SearchTarget, active: string | null, pathOf: (slug: string) => string): Chip[] {
  return popFiltersFor(target).map((filter) => ({
    slug: filter.slug,
    key: filter.key,
    path: pathOf(filter.slug),
    active: filter.slug === active,
  }));
}

export interface ListPage {
  tiles: Tile[];
  total: number;
  page: number;
  pages: number;
  /** The canonical query the pager builds on. */
  query: string;
}

const MAX_PERSONALIZED_PAGE = 100;

/**
 * The member home's list: without a preset the personalized search (the
 * viewer's own place, default target, genders and sort), page from ?page.
 */
export async function loadPersonalized(api: Api, url: URL): Promise<ListPage> {
  const raw = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= MAX_PERSONALIZED_PAGE ? raw : 1;
  const result = await personalized(api, page);
  const tiles = result.ok ? result.data : [];
  const total = result.ok ? totalOf(result.meta, tiles.length) : 0;
  return {
    tiles,
    total,
    page,
    pages: Math.min(MAX_PERSONALIZED_PAGE, Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE))),
    query: page > 1 ? `page=${page}` : "",
  };
}

/** A loadSearchInit result as a list page. */
export function listPageOf(init: Pick<SearchInitData, "hits" | "meta" | "state" | "canonicalQuery">): ListPage {
  const tiles: Tile[] = init.hits;
  const total = totalOf(init.meta, tiles.length);
  return { tiles, total, page: init.state.page, pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)), query: init.canonicalQuery };
}

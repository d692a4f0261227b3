/**
 * The one listing of the SEO directory, shared by GET /seo/directory (the
 * directory pages) and POST /search/seo (the search group's endpoint): a
 * category word and a place resolve to a search over search_profiles, ranked
 * like every other search (docs/search-ranking.md), guests' view
 * (members-only profiles excluded) plus the viewer's blocks.
 */
import type * as v from "valibot";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { categoryFilter, countryCodeOfSlug, countrySlugOf, SEO_PAGE_SIZE, type SeoCategory } from "../../contract/seo";
import { GEO_COUNTRIES } from "../../contract/geo";
import type { seoSearchSchema } from "../../contract/operations/seo";
import { GUEST_VIEWER, type ViewerContext } from "../access/index";
import { cityBySlug, type CityHit } from "../geo/index";
import {
  runSearch,
  runSearchPage,
  runSearchWithPlaceCounts,
  type PlaceColumn,
  type PlaceCount,
  type SearchHit,
  type SearchInput,
  type SearchResult,
} from "../search/index";
import { regionBySlug } from "../geo/index";

export interface DirectoryPlaceRef {
  country: { code: string; slug: string } | null;
  region: { code: string; slug: string; name: string } | null;
  city: CityHit | null;
  /** A spot page's district (ADR 136): profiles within its radius, ranked as a radius search around its centre. */
  spot?: { lat: number; lon: number; radius_km: number } | null;
}

/**
 * A directory address (country slug or ISO code, region slug, city slug) as
 * places; any part that does not exist — or a city outside the given region —
 * answers 404 with `notFoundKey`.
 */
export async function resolveDirectoryPlace(
  deps: ApiDeps,
  address: { country?: string | undefined; region?: string | undefined; city?: string | undefined },
  notFoundKey: string,
): Promise<DirectoryPlaceRef> {
  if ((address.region || address.city) && !address.country) throw fail.notFound(notFoundKey);
  let country: DirectoryPlaceRef["country"] = null;
  if (address.country) {
    const raw = address.country.trim();
    const code = /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : countryCodeOfSlug(raw.toLowerCase());
    const slug = code ? countrySlugOf(code) : null;
    if (!code || !slug || !(GEO_COUNTRIES as readonly string[]).includes(code)) throw fail.notFound(notFoundKey);
    country = { code, slug };
  }
  let region: DirectoryPlaceRef["region"] = null;
  if (address.region && country) {
    const found = regionBySlug(country.code, address.region);
    if (!found) throw fail.notFound(notFoundKey);
    region = { code: found.code, slug: found.slug, name: found.name };
  }
  const city = address.city && country ? await cityBySlug(deps, country.code, address.city) : null;
  if (address.city && (!city || (region && city.region_code !== region.code))) throw fail.notFound(notFoundKey);
  return { country, region, city };
}

/** The search input of a category in a place (page size SEO_PAGE_SIZE, top_ranking). */
export function directorySearchInput(
  category: SeoCategory,
  place: DirectoryPlaceRef,
  page: number,
  viewer: ViewerContext,
  pageSize = SEO_PAGE_SIZE,
): SearchInput {
  const filter = categoryFilter(category);
  const spot = place.spot;
  return {
    request: {
      page_no: page,
      page_size: pageSize,
      searchMode: "user",
      filterquery: {
        // A spot is a radius around its centre (any city's profiles within it); other places are a country filter.
        ...(spot ? { location: { lat: spot.lat, lon: spot.lon, radius: spot.radius_km } } : {}),
        country: place.country ? [place.country.code] : [...GEO_COUNTRIES],
        ...(filter.genders ? { gender: [...filter.genders] } : {}),
        ...(filter.businessKind ? { business_kind: filter.businessKind } : {}),
      },
      sort: "top_ranking",
    },
    viewer,
    viewerGender: null,
    userTypes: filter.userTypes,
    // The place is the search's location (not an extra condition): members touring there are listed too.
    ...(spot ? {} : place.city ? { place: { cityId: place.city.id } } : place.region ? { place: { regionCode: place.region.code } } : {}),
    // Declared, not a callback: the column index answers it as well as the SQL (ADR 158).
    directory: { guestVisible: true, ...(filter.traits ? { traits: filter.traits } : {}) },
  };
}

/** The first `limit` profiles of a category in a place, without counting the rest (teasers). */
export function topOfDirectory(
  deps: ApiDeps,
  category: SeoCategory,
  place: DirectoryPlaceRef,
  viewer: ViewerContext,
  limit: number,
): Promise<SearchHit[]> {
  return runSearchPage(deps, directorySearchInput(category, place, 1, viewer, limit));
}

/** One page of a category in a place. */
export function listDirectory(
  deps: ApiDeps,
  category: SeoCategory,
  place: DirectoryPlaceRef,
  page: number,
  viewer: ViewerContext,
  pageSize = SEO_PAGE_SIZE,
): Promise<SearchResult> {
  return runSearch(deps, directorySearchInput(category, place, page, viewer, pageSize));
}

/**
 * One page of a category in a place and the category's profile counts per country, region or city inside it, largest
 * first (`limit` of them): one pass of the column index where it holds the search. Members touring the place are
 * listed but not counted: they would count under (and link to) their home.
 */
export function listDirectoryWithPlaces(
  deps: ApiDeps,
  category: SeoCategory,
  place: DirectoryPlaceRef,
  page: number,
  viewer: ViewerContext,
  by: PlaceColumn,
  limit: number,
): Promise<{ result: SearchResult; placeCounts: () => Promise<PlaceCount[]> }> {
  return runSearchWithPlaceCounts(deps, directorySearchInput(category, place, page, viewer), by, limit);
}

/**
 * POST /search/seo (registered by this module: the search group's path, the directory's listing): the same listing as GET
 * /seo/directory (server/modules/seo/listing.ts) in the search result shape,
 * guests' view, 12 per page.
 */
export async function seoSearch(
  deps: ApiDeps,
  body: v.InferOutput<typeof seoSearchSchema>,
): Promise<SearchResult & { meta: SearchResult["meta"] & { city: unknown; region: unknown } }> {
  const place = await resolveDirectoryPlace(deps, body, "exception.search.place_not_found");
  const result = await listDirectory(deps, body.category, place, body.page_no, GUEST_VIEWER);
  return { ...result, meta: { ...result.meta, city: place.city, region: place.region } };
}

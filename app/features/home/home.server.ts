/**
 * Home (G): quick search, popular filters, the top-ranked escorts around Berlin (or the signed-in user's
 * saved search), the biggest directory cities and the join prompt. Guests get a public, cacheable page
 * without cookies.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { LISTING_PATHS, searchTargetFor } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { loadViewer } from "~/api/viewer.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { loadHomeTiles, loadTopCities, pointOfQuery, popFilterChips } from "~/features/home/home-search.server";
import { searcherOf } from "~/features/search/search.server";
import { readSavedSearch } from "~/session/user-filters.server";

export async function loadHome({ request, context }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const searcher = searcherOf(await loadViewer(request, context));
  const listing = LISTING_PATHS[searchTargetFor(searcher, undefined)];
  // Only clients and escorts have a saved search; its place centres the first row.
  const saved = readSavedSearch(request, searcher);
  const savedQuery = new URLSearchParams(saved?.split("?")[1] ?? "");
  const place = await pointOfQuery(api, savedQuery);
  const [results, cities, t] = await Promise.all([
    loadHomeTiles(api, place.point, brand.id),
    loadTopCities(api),
    i18nServer.getFixedT(request),
  ]);
  return data(
    {
      title: t("home.meta_title", { brand: brand.name }),
      description: t("home.meta_description", { brand: brand.name }),
      listing,
      placeName: place.city?.name ?? null,
      // A saved search around a position (lat/lon) has no city name: the heading says "near you".
      nearPosition: place.byPosition === true,
      allResultsPath: saved ?? listing,
      chips: popFilterChips(searchTargetFor(searcher, undefined), null, (slug) => `${listing}/${slug}`),
      tiles: results.tiles,
      worldwide: results.worldwide,
      cities,
      signedIn: api.session.token !== null,
    },
    { headers: publicPageHeaders(request) },
  );
}

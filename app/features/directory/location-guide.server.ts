/**
 * The location guide (G): how the search uses a location, "set your own location" without JavaScript (ADR 138), and
 * every country, region and city with providers. A typed place is looked up with the search's own city lookup; each
 * hit links to the search with that city, which is where the search keeps its location (the URL; for clients and
 * escorts also the saved-search cookie user_filters, which the search page writes itself).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { PLACE_NOT_FOUND, PLACE_QUERY_MAX, placeQuerySchema } from "#server/contract/location-guide";
import { clampRadius, LISTING_PATHS } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchLocations } from "~/api/seo.server";
import { searchCities } from "~/api/search.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { noStore } from "~/utils/cache-headers";

export interface PlaceChoice {
  key: string;
  name: string;
  region: string | null;
  countryCode: string;
  /** The search with this place (path after the language). */
  searchPath: string;
}

/** The place form's state: what was typed, its error (a translation key), and the places to pick from. */
export interface PlaceLookup {
  place: string;
  radius: number;
  error: string | null;
  choices: PlaceChoice[];
}

async function lookUpPlace(api: ReturnType<typeof createApiClient>, params: URLSearchParams): Promise<PlaceLookup | null> {
  if (!params.has("place")) return null;
  const typed = (params.get("place") ?? "").slice(0, PLACE_QUERY_MAX * 2);
  // The search's own radius rule: an unknown value is the default, never an error (as on the search page).
  const radius = clampRadius(Number(params.get("radius")) || undefined, false);
  const parsed = v.safeParse(placeQuerySchema, { place: typed });
  if (!parsed.success) return { place: typed, radius, error: parsed.issues[0].message, choices: [] };
  const found = await searchCities(api, { q: parsed.output.place });
  // The search's canonical form (city, then radius), so the link lands without a redirect.
  const query = (key: string) => new URLSearchParams({ city: key, radius: String(radius) });
  const choices = found.ok
    ? found.data.map((city) => ({
        key: city.key,
        name: city.name,
        region: city.regionName ?? null,
        countryCode: city.countryCode,
        searchPath: `${LISTING_PATHS.escort}?${query(city.key).toString()}`,
      }))
    : [];
  return { place: parsed.output.place, radius, error: choices.length === 0 ? PLACE_NOT_FOUND : null, choices };
}

export async function loadLocationGuide({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const [result, lookup] = await Promise.all([fetchLocations(api), lookUpPlace(api, new URL(request.url).searchParams)]);
  if (!result.ok) throw new Response(null, { status: 502, headers: noStore() });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      countries: result.data,
      lookup,
      title: t("seo.location_guide.meta_title", { brand: brand.name }),
      description: t("seo.location_guide.meta_description", { brand: brand.name }),
    },
    // A refused place answers 400 with the page (the error at its field); the lookup is a GET, cacheable like the page.
    { status: lookup?.error && lookup.error !== PLACE_NOT_FOUND ? 400 : 200, headers: publicPageHeaders(request) },
  );
}

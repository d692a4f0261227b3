import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LISTING_PATHS, searchTargetFor } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/api/profiles.server";
import { brand } from "~/brand/brand";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { PopFilterChips, QuickSearchForm } from "~/components/home/HomeParts";
import { profileHeaders } from "~/components/profile/meta";
import { ResultTiles } from "~/components/search/ResultTiles";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import { loadHomeTiles, loadTopCities, pointOfQuery, popFilterChips } from "~/search/home.server";
import { searcherOf } from "~/search/search.server";
import { loadViewer } from "~/api/viewer.server";
import { readSavedSearch } from "~/session/user-filters.server";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";

/**
 * Home (G): quick search, popular filters, the top-ranked escorts around
 * Berlin (or the signed-in user's saved search), the biggest directory cities
 * and the join prompt. Guests get a public, cacheable page without cookies.
 */
export const handle = { i18n: ["home", "search", "directory"], hydrate: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
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

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default function Home() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params] = useSearchParams();
  return (
    <main className={ui.page}>
      {params.get("logged_out") ? (
        <p className={ui.notice} role="status" data-testid="logged-out">
          {t("home.logged_out")}
        </p>
      ) : null}
      <h1>{t("home.headline", { brand: brand.name })}</h1>
      <p>{t("home.intro")}</p>
      <QuickSearchForm listing={page.listing} cityName={page.placeName ?? ""} />
      <PopFilterChips chips={page.chips} />

      <section aria-labelledby="home-top">
        <h2 id="home-top">
          {page.nearPosition ? t("home.top_heading_position") : t("home.top_heading", { place: page.placeName ?? t("home.default_city") })}
        </h2>
        {page.tiles.length === 0 ? <p className={ui.muted}>{t("home.top_empty")}</p> : <ResultTiles tiles={page.tiles} />}
        {page.worldwide ? (
          <p className={ui.muted} data-testid="home-worldwide">
            {t("home.worldwide_note")}
          </p>
        ) : null}
        <p className={ui.row}>
          <Link to={to(page.allResultsPath)} data-testid="home-all-results">
            {t("home.all_results")}
          </Link>
          <Link to={to("nearby")}>{t("home.nearby_link")}</Link>
        </p>
      </section>

      {page.cities.length > 0 ? (
        <section aria-labelledby="home-cities">
          <h2 id="home-cities">{t("home.cities_heading")}</h2>
          <ul className={ui.row} style={{ listStyle: "none", padding: 0 }} data-testid="home-cities">
            {page.cities.map((city) => (
              <li key={city.path}>
                <Link to={to(city.path)}>{city.name}</Link>{" "}
                <span className={ui.muted}>({t("seo.profile_count", { count: city.profiles })})</span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={to("location_guide")}>{t("home.all_cities")}</Link>
          </p>
        </section>
      ) : null}

      {page.signedIn ? null : (
        <section className={ui.card} aria-labelledby="home-join">
          <h2 id="home-join">{t("home.join_heading")}</h2>
          <p>{t("home.join_text", { brand: brand.name })}</p>
          <div className={ui.row}>
            <Link className={ui.button} to={to("join/user")}>
              {t("home.cta_join")}
            </Link>
            <Link className={ui.buttonSecondary} to={to("join/business")}>
              {t("home.cta_join_business")}
            </Link>
          </div>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The guest and member home page (G): quick search, popular filters, the top tiles, the cities and the join prompt. */
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { brand } from "~/brand/brand";
import { ResultTiles } from "~/components/search/ResultTiles";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { QuickSearchForm } from "./HomeParts";
import { PopFilterChips } from "./PopFilterChips";
import type { loadHome } from "./home.server";

export function HomePage() {
  const page = useLoaderData<typeof loadHome>();
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

/** The guest landing of campaigns: hero with the join prompt, the popular filters, the escorts and their pages. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { brand } from "~/brand/brand";
import { Pager } from "~/components/search/Pager";
import { ResultTiles } from "~/components/search/ResultTiles";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { PopFilterChips } from "./PopFilterChips";
import type { loadHomepageLanding } from "./homepage-landing.server";

export function HomepageLandingPage() {
  const page = useLoaderData<typeof loadHomepageLanding>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <section className={ui.card}>
        <h1>{t("home_landing.headline", { brand: brand.name })}</h1>
        <p>{t("home_landing.intro")}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={to("join/user")} data-testid="landing-join">
            {t("home.cta_join")}
          </Link>
          <Link className={ui.buttonSecondary} to={to("login")}>
            {t("nav.login")}
          </Link>
        </div>
      </section>
      <PopFilterChips chips={page.chips} clearPath={page.clearPath} />
      <h2>{t("home_landing.results_heading")}</h2>
      <ResultTiles tiles={page.tiles} />
      <Pager query={page.query} page={page.page} pages={page.pages} />
    </main>
  );
}

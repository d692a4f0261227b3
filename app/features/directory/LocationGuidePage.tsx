/** The location guide: every country, region and city with providers, linked to its directory page. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { directoryPath } from "#server/contract/seo";
import { brand } from "~/brand/brand";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadLocationGuide } from "./location-guide.server";

const CATEGORY = "sex-and-erotic" as const;

export function LocationGuidePage() {
  const { lang, countries } = useLoaderData<typeof loadLocationGuide>();
  const { t } = useTranslation();
  return (
    <main className={ui.page}>
      <h1>{t("seo.location_guide.heading")}</h1>
      <p>{t("seo.location_guide.intro", { brand: brand.name })}</p>
      {countries.length === 0 ? <p className={ui.muted}>{t("seo.location_guide.empty")}</p> : null}
      {countries.map((country) => (
        <section key={country.countryCode}>
          <h2>
            <Link to={localePath(lang, directoryPath({ category: CATEGORY, country: country.countrySlug }))}>
              {t(`seo.countries.${country.countryCode}`)}
            </Link>{" "}
            <span className={ui.muted}>({t("seo.profile_count", { count: country.profiles })})</span>
          </h2>
          {country.regions.map((region) => (
            <div key={region.slug}>
              <h3>
                <Link to={localePath(lang, directoryPath({ category: CATEGORY, country: country.countrySlug, region: region.slug }))}>
                  {region.name}
                </Link>
              </h3>
              <ul>
                {region.cities.map((city) => (
                  <li key={city.slug}>
                    <Link
                      to={localePath(
                        lang,
                        directoryPath({ category: CATEGORY, country: country.countrySlug, region: region.slug, city: city.slug }),
                      )}
                    >
                      {city.name}
                    </Link>{" "}
                    <span className={ui.muted}>({t("seo.profile_count", { count: city.profiles })})</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
      <p>
        <Link to={localePath(lang, "seo_guide")}>{t("seo.guide_link")}</Link>
      </p>
    </main>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { directoryPath } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/api/profiles.server";
import { fetchLocations } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/components/profile/meta";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { noStore } from "~/utils/cache-headers";

/** The location guide (G): every country, region and city with providers, linked to its directory page. */
export const handle = { i18n: ["directory"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const result = await fetchLocations(api);
  if (!result.ok) throw new Response(null, { status: 502, headers: noStore() });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      countries: result.data,
      title: t("seo.location_guide.meta_title", { brand: brand.name }),
      description: t("seo.location_guide.meta_description", { brand: brand.name }),
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers = profileHeaders;
export const meta = metaFromLoader();

const CATEGORY = "sex-and-erotic" as const;

export default function LocationGuide() {
  const { lang, countries } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

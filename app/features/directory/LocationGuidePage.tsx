/**
 * The location guide: how the search uses a location, "set your own location" as a plain GET form with a list of
 * places to pick from (no JavaScript needed, ADR 138), and every country, region and city with providers, linked to
 * its directory page.
 */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROFILE_POINT_MAX_OFFSET_KM } from "#server/contract/geo";
import { PLACE_QUERY_MAX } from "#server/contract/location-guide";
import { DEFAULT_RADIUS, MEMBER_MAX_RADIUS, RADIUS_OPTIONS } from "#server/contract/search-url";
import { directoryPath } from "#server/contract/seo";
import { Field } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { brand } from "~/brand/brand";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./directory.css";
import type { loadLocationGuide } from "./location-guide.server";

const CATEGORY = "sex-and-erotic" as const;

export function LocationGuidePage() {
  const { lang, countries, lookup } = useLoaderData<typeof loadLocationGuide>();
  const { t } = useTranslation();
  const km = (value: number) => new Intl.NumberFormat(lang).format(value);
  return (
    <main className={ui.page}>
      <h1>{t("seo.location_guide.heading")}</h1>
      <p>{t("seo.location_guide.intro", { brand: brand.name })}</p>

      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="set-location" data-testid="set-location">
        <h2 id="set-location">{t("seo.location_guide.set.title")}</h2>
        <p className={ui.muted}>{t("seo.location_guide.set.intro")}</p>
        {/* A GET form: the typed place is the page's own query, the list below the answer (works without JavaScript). */}
        <Form method="get" action={localePath(lang, "location_guide")} className={ui.stack}>
          <Field
            name="place"
            id="field-place"
            label={t("seo.location_guide.set.place")}
            hint={t("seo.location_guide.set.place_hint")}
            defaultValue={lookup?.place ?? ""}
            maxLength={PLACE_QUERY_MAX}
            autoComplete="address-level2"
            errors={lookup?.error ? [lookup.error] : []}
          />
          <SelectField
            name="radius"
            id="field-radius"
            label={t("seo.location_guide.set.radius")}
            defaultValue={String(lookup?.radius ?? DEFAULT_RADIUS)}
            options={RADIUS_OPTIONS.map((radius) => ({ value: String(radius), label: t("seo.location_guide.set.km", { km: km(radius) }) }))}
          />
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {t("seo.location_guide.set.submit")}
            </button>
          </div>
        </Form>
        {lookup && lookup.choices.length > 0 ? (
          <div>
            <h3>{t("seo.location_guide.set.pick", { place: lookup.place })}</h3>
            <ul className={css.choiceList} data-testid="place-choices">
              {lookup.choices.map((choice) => (
                <li key={choice.key}>
                  <Link className={css.choice} to={localePath(lang, choice.searchPath)}>
                    <span>{choice.name}</span>
                    <span className={ui.muted}>
                      {[choice.region, t(`seo.countries.${choice.countryCode}`, { defaultValue: choice.countryCode })]
                        .filter(Boolean)
                        .join(", ")}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className={ui.muted}>{t("seo.location_guide.set.kept")}</p>
      </section>

      <section className={css.guideSection} aria-labelledby="how-location">
        <h2 id="how-location">{t("seo.location_guide.how.title")}</h2>
        <dl className={css.explain}>
          <dt>{t("seo.location_guide.how.radius_title")}</dt>
          <dd>
            {t("seo.location_guide.how.radius_text", {
              min: km(RADIUS_OPTIONS[0]),
              max: km(RADIUS_OPTIONS[RADIUS_OPTIONS.length - 1]!),
              default: km(DEFAULT_RADIUS),
              member_max: km(MEMBER_MAX_RADIUS),
            })}
          </dd>
          <dt>{t("seo.location_guide.how.city_title")}</dt>
          <dd>{t("seo.location_guide.how.city_text")}</dd>
          <dt>{t("seo.location_guide.how.precise_title")}</dt>
          <dd>{t("seo.location_guide.how.precise_text")}</dd>
          <dt>{t("seo.location_guide.how.others_title")}</dt>
          <dd>{t("seo.location_guide.how.others_text", { km: km(PROFILE_POINT_MAX_OFFSET_KM) })}</dd>
        </dl>
      </section>

      <h2 className={css.guideSection}>{t("seo.location_guide.places_title")}</h2>
      {countries.length === 0 ? <p className={ui.muted}>{t("seo.location_guide.empty")}</p> : null}
      {countries.map((country) => (
        <section key={country.countryCode}>
          <h3>
            <Link className={css.placeLink} to={localePath(lang, directoryPath({ category: CATEGORY, country: country.countrySlug }))}>
              {t(`seo.countries.${country.countryCode}`)}
            </Link>{" "}
            <span className={ui.muted}>({t("seo.profile_count", { count: country.profiles })})</span>
          </h3>
          {country.regions.map((region) => (
            <div key={region.slug}>
              <h4>
                <Link
                  className={css.placeLink}
                  to={localePath(lang, directoryPath({ category: CATEGORY, country: country.countrySlug, region: region.slug }))}
                >
                  {region.name}
                </Link>
              </h4>
              <ul className={css.placeList}>
                {region.cities.map((city) => (
                  <li key={city.slug}>
                    <Link
                      className={css.placeLink}
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
        <Link className={ui.blockLink} to={localePath(lang, "seo_guide")}>
          {t("seo.guide_link")}
        </Link>
      </p>
    </main>
  );
}

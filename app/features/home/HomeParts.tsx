import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AGE_BAND_KEYS, DEFAULT_RADIUS, RADIUS_OPTIONS } from "#server/contract/search-url";
import { GENDER } from "#server/contract/users";
import { useLocalePath } from "~/i18n/lang";
import * as searchCss from "~/styles/search.css";
import * as ui from "~/styles/ui.css";
import { SearchSubmitRow } from "~/components/search/SearchSubmitRow";

/** The radius choice of the home page's search forms (the search's own steps, in km). */
export function RadiusField({ radius }: { radius: number }) {
  const { t } = useTranslation();
  return (
    <label className={ui.field}>
      <span className={ui.label}>{t("search.radius")}</span>
      <select className={ui.input} name="radius" defaultValue={String(radius)}>
        {RADIUS_OPTIONS.map((r) => (
          <option key={r} value={r}>
            {t("search.radius_km", { km: r })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The plain script that turns the quick search's city field into the search page's autocomplete (ADR 065). */
export const CITY_AUTOCOMPLETE_SCRIPT = "/scripts/city-autocomplete.js";

/**
 * The home page's quick search: a plain GET form to the listing path, so it
 * works without JavaScript; the listing page canonicalizes what it sends. With
 * JavaScript the city field suggests cities as the search page's does (a plain
 * script: the home page is not hydrated, ADR 050).
 */
export function QuickSearchForm({ listing, cityName }: { listing: string; cityName: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Form method="get" action={to(listing)} className={ui.card} data-testid="quick-search">
      <h2>{t("home.quick_search")}</h2>
      <div className={ui.row}>
        <div className={`${ui.field} ${searchCss.combobox}`}>
          <label className={ui.label} htmlFor="quick-search-city">
            {t("search.city")}
          </label>
          <input
            id="quick-search-city"
            className={ui.input}
            name="city"
            defaultValue={cityName}
            autoComplete="address-level2"
            maxLength={80}
            data-city-autocomplete
            data-suggest-path={to("search/city-suggest")}
            data-list-label={t("search.city_suggestions")}
            data-list-class={searchCss.listbox}
            data-option-class={searchCss.option}
          />
          <script src={CITY_AUTOCOMPLETE_SCRIPT} defer />
        </div>
        <RadiusField radius={DEFAULT_RADIUS} />
        <label className={ui.field}>
          <span className={ui.label}>{t("search.gender")}</span>
          <select className={ui.input} name="gender" defaultValue="">
            <option value="">{t("search.any")}</option>
            {([GENDER.female, GENDER.male, GENDER.trans] as const).map((g) => (
              <option key={g} value={g}>
                {t(`search.genders.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>{t("search.age")}</span>
          <select className={ui.input} name="age" defaultValue="">
            <option value="">{t("search.any")}</option>
            {AGE_BAND_KEYS.map((band) => (
              <option key={band} value={band}>
                {band}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SearchSubmitRow />
    </Form>
  );
}

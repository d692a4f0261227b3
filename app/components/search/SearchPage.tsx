import { Form, Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  AGE_BAND_KEYS,
  MIN_RECOMMENDED_RESULTS,
  PRICE_BAND_KEYS,
  RADIUS_OPTIONS,
  SEARCH_PAGE_SIZE,
  ageBandOf,
  clampRadius,
  priceBandOf,
  radiusOptionsFor,
  serializeSearchParams,
} from "#server/contract/search";
import { GENDER } from "#server/contract/users";
import { ResultTiles } from "./ResultTiles";
import type { SearchPageData } from "./search-page.server";
import * as ui from "~/styles/ui.css";

/**
 * The search pages of the listing paths /escorts, /clients and
 * /agenturen-clubs (G). The query string is the state (spec section 2); a GET
 * form owns every parameter and works without JavaScript. A URL the rules
 * change (radius reset, forced member sort) redirects to the canonical one
 * (spec section 5: "also in the URL").
 */
function pageHref(query: string, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The search page for escorts, clients or businesses (agencies and clubs). */
export function SearchPage({ data }: { data: SearchPageData }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const { state } = data;
  const radius = clampRadius(state.radius, data.isMember);
  const pages = Math.max(1, Math.ceil(data.total / SEARCH_PAGE_SIZE));
  const widerRadius = RADIUS_OPTIONS.find((r) => r > radius);
  const widenHref = widerRadius ? pageHref(serializeSearchParams({ ...state, radius: widerRadius, page: 1 }).toString(), 1) : null;

  return (
    <main className={ui.page}>
      <h1>{t(`search.targets.${data.target}.headline`)}</h1>
      {/* With JavaScript, a changed select or checkbox searches at once; without it the button does. */}
      <Form
        method="get"
        className={ui.stack}
        data-testid="search-form"
        onChange={(event) => {
          if (!(event.target instanceof HTMLInputElement && event.target.type === "text")) submit(event.currentTarget, { preventScrollReset: true, replace: true });
        }}
      >
        <div className={ui.row}>
          <label className={ui.field}>
            <span className={ui.label}>{t("search.city")}</span>
            <input className={ui.input} name="city" defaultValue={data.cityName} autoComplete="address-level2" />
          </label>
          <label className={ui.field}>
            <span className={ui.label}>{t("search.radius")}</span>
            <select className={ui.input} name="radius" defaultValue={String(radius)}>
              {radiusOptionsFor(data.isMember).map((r) => (
                <option key={r} value={r}>
                  {t("search.radius_km", { km: r })}
                </option>
              ))}
            </select>
          </label>
          {data.target !== "business" ? (
          <label className={ui.field}>
            <span className={ui.label}>{t("search.age")}</span>
            <select className={ui.input} name="age" defaultValue={ageBandOf(state.age) ?? ""}>
              <option value="">{t("search.any")}</option>
              {AGE_BAND_KEYS.map((band) => (
                <option key={band} value={band}>
                  {band}
                </option>
              ))}
            </select>
          </label>
          ) : null}
          <label className={ui.field}>
            <span className={ui.label}>{t("search.price")}</span>
            <select className={ui.input} name="price" defaultValue={priceBandOf(state.price) ?? ""}>
              <option value="">{t("search.any")}</option>
              {PRICE_BAND_KEYS.map((band) => (
                <option key={band} value={band}>
                  {band} €
                </option>
              ))}
            </select>
          </label>
        </div>
        {data.target !== "business" ? (
        <fieldset className={ui.row}>
          <legend className={ui.label}>{t("search.gender")}</legend>
          {([GENDER.female, GENDER.male, GENDER.trans] as const).map((g) => (
            <label key={g} className={ui.checkboxRow}>
              <input type="checkbox" name="gender" value={g} defaultChecked={state.gender.includes(g)} />
              {t(`search.genders.${g}`)}
            </label>
          ))}
        </fieldset>
        ) : null}
        {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
        <div className={ui.row}>
          <button type="submit" className={ui.button}>
            {t("search.submit")}
          </button>
          <Link className={ui.buttonSecondary} to="?">
            {t("search.reset_all")}
          </Link>
        </div>
      </Form>

      {data.searched ? (
        <p role="status" data-testid="search-total">
          {t("search.total", { count: data.total })}
        </p>
      ) : (
        <p role="status">{t("search.location_needed")}</p>
      )}
      <ResultTiles tiles={data.tiles} />
      {data.searched && data.total < MIN_RECOMMENDED_RESULTS && widenHref ? (
        <p>
          <Link to={widenHref} data-testid="widen-radius">
            {t("search.widen_radius", { km: widerRadius })}
          </Link>
        </p>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t("search.pagination")} className={ui.row}>
          {state.page > 1 ? (
            <Link to={pageHref(data.query, state.page - 1)} rel="prev">
              {t("search.previous")}
            </Link>
          ) : null}
          <span>{t("search.page_of", { page: state.page, pages })}</span>
          {state.page < pages ? (
            <Link to={pageHref(data.query, state.page + 1)} rel="next" data-testid="next-page">
              {t("search.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}


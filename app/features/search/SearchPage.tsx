import { checkoutPath } from "#server/contract/checkout-path";
import { Form, Link, useLocation, useNavigate, useParams, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AGE_BAND_KEYS,
  PRICE_BAND_KEYS,
  ageBandOf,
  clampRadius,
  priceBandOf,
  radiusOptionsFor,
  type Range,
  type RangeEnd,
} from "#server/contract/search-bands";
import type { AppearanceState, FilterUpdate } from "#server/contract/search-url";
import { GENDER } from "#server/contract/users";
import { useLang, useLocalePath } from "~/i18n/lang";
import { useNumbers } from "~/utils/numbers";
import { withReturnPath } from "~/utils/return-path";
import { CityCombobox } from "~/components/search/CityCombobox";
import { AdZone } from "~/features/ads/AdZone";
import { rememberedIsland } from "~/components/RememberedIsland";
import { SearchSummary, useActiveFilters } from "./SearchSummary";
import { resultsDataOf } from "./results-data";
import type { GuestPromptData, SearchPageData } from "./search-page.server";
// Type only: the checks and the traits bounds they need stay on the server.
import type { SearchInputField } from "#server/contract/search-input";
import * as css from "~/styles/search.css";
import * as ui from "~/styles/ui.css";
import { SearchSubmitRow } from "~/components/search/SearchSubmitRow";

/**
 * The search pages of the listing paths /escorts, /clients and
 * /agenturen-clubs (G). The query string is the state (spec section 2); a GET
 * form owns every parameter and works without JavaScript, and each filter
 * action of section 4 is a plain link the loader built (applyFilterAction,
 * data.links). A URL the rules change (radius reset, forced member sort)
 * redirects to the canonical one (spec section 5: "also in the URL").
 */
/**
 * The results (tiles, pager, counts) are drawn on the server and hydrate without their code (ADR 162); the server
 * writes the HTML it drew for the same results, URL and language again instead of rendering them (ADR 177).
 */
const Results = rememberedIsland("search-results", () => import("./SearchResults"));

const endText = (end: RangeEnd | undefined) => (end === undefined || end === "*" ? "" : String(end));

/** "Label (1,2k)" when the API counted the option (`count` formats in the page's language). */
function withCount(label: string, counts: Record<string, number> | undefined, key: string, count: (n: number) => string): string {
  const n = counts?.[key];
  return n === undefined ? label : `${label} (${count(n)})`;
}

/**
 * The business search's categories (ADR 069): all businesses, then one tab per kind, each keeping the place and
 * filters of the current search (page 1). Plain links: crawlers and phones without JavaScript reach every category.
 */
function BusinessCategoryTabs({ data }: { data: SearchPageData }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("search.business_categories.label")}>
      <ul className={ui.tabBar} data-testid="business-categories">
        {data.links.businessCategories.map(({ kind, href }) => (
          <li key={kind ?? "all"}>
            <Link className={ui.tab} to={href} aria-current={kind === data.businessKind ? "page" : undefined}>
              {t(kind ? `search.business_categories.${kind}.tab` : "search.business_categories.all")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A select's or input's initial value, also kept as data-value for the resync after navigations. */
const selected = (value: string) => ({ defaultValue: value, "data-value": value });

/** A min/max pair of number inputs with its hint; the URL gets `a-b` with * for an open end. */
function RangeFields({
  field,
  legend,
  range,
  raw,
  error,
}: {
  field: SearchInputField;
  legend: string;
  range: Range | undefined;
  raw: { min: string; max: string } | undefined;
  error: string | null;
}) {
  const { t } = useTranslation();
  const hintId = `${field}-hint`;
  const describedBy = error ? hintId : undefined;
  return (
    <fieldset className={css.fieldset} data-testid={`${field}-range`}>
      <legend className={ui.label}>{legend}</legend>
      <div className={css.rangePair}>
        <label className={css.rangePair}>
          {t("search.min")}
          <input
            className={`${ui.input} ${css.rangeInput}`}
            type="number"
            inputMode="numeric"
            name={`${field}_min`}
            {...selected(raw?.min ?? endText(range?.[0]))}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </label>
        <label className={css.rangePair}>
          {t("search.max")}
          <input
            className={`${ui.input} ${css.rangeInput}`}
            type="number"
            inputMode="numeric"
            name={`${field}_max`}
            {...selected(raw?.max ?? endText(range?.[1]))}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </label>
      </div>
      {error ? (
        <p id={hintId} className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * "Use my location" needs JavaScript; without it the same slot offers the places to pick from, so the form does
 * not jump when the button arrives. Its own component: the switch after hydration re-renders this slot only, not
 * the whole search page with its results (one long task less on every search page, ADR 050).
 */
function LocationSlot({ onPosition }: { onPosition: (lat: number, lon: number) => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [hydrated, setHydrated] = useState(false);
  const [geoFailed, setGeoFailed] = useState(false);
  useEffect(() => setHydrated(true), []);

  function locateMe() {
    setGeoFailed(false);
    if (!("geolocation" in navigator)) return setGeoFailed(true);
    navigator.geolocation.getCurrentPosition(
      (position) => onPosition(position.coords.latitude, position.coords.longitude),
      () => setGeoFailed(true),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  }

  return (
    <div className={ui.row}>
      {hydrated ? (
        <button type="button" className={ui.buttonSecondary} onClick={locateMe} data-testid="use-my-location">
          {t("search.actions.use_my_location")}
        </button>
      ) : (
        <Link to={to("location_guide")} className={ui.buttonSecondary} data-testid="browse-places">
          {t("search.actions.browse_places")}
        </Link>
      )}
      {geoFailed ? (
        <span className={ui.fieldError} role="alert">
          {t("search.actions.location_unavailable")}
        </span>
      ) : null}
    </div>
  );
}

/** The search page for escorts, clients or businesses (agencies and clubs). */
export function SearchPage({ data }: { data: SearchPageData }) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  const submit = useSubmit();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // Links and the location button change the URL around the form: React updates the fields'
  // defaults, not what they show, so bring the shown values in line after each navigation.
  const { search } = useLocation();
  useEffect(() => {
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      // data-value, not defaultValue: React leaves a focused input's defaultValue stale (a range sent with Enter).
      if ((element instanceof HTMLSelectElement || element instanceof HTMLInputElement) && element.dataset.value !== undefined)
        element.value = element.dataset.value;
      else if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio"))
        element.checked = element.defaultChecked;
      else if (element instanceof HTMLInputElement && element.type !== "hidden") element.value = element.defaultValue;
    }
  }, [search]);

  const { state, facets } = data;
  // One object per loader data: the island keeps the server's HTML while it is the one it was hydrated with.
  const results = useMemo(() => resultsDataOf(data), [data]);
  const lang = useLang();
  const allowed = new Set<string>(data.allowed);
  const radius = clampRadius(state.radius, data.wideRadius);
  const hasPosition = state.lat !== undefined && state.lon !== undefined;
  const people = data.target !== "business";
  const priceAllowed = allowed.has("price");
  const moreOpen = Boolean(
    state.weight ||
    state.height ||
    state.appearance ||
    state.onlyShowType.length > 0 ||
    state.country.length > 0 ||
    data.inputErrors.weight ||
    data.inputErrors.height,
  );

  const inputError = (field: SearchInputField): string | null => {
    const error = data.inputErrors[field];
    return error ? t(`search.input_errors.${error}`, data.inputBounds[field]) : null;
  };
  // A city pick or the location button: the form's fields with the change, as the next URL. The URL mapping this takes
  // is a chunk loaded on the first such use (ADR 168); the page's links come built from the loader.
  const update = (change: FilterUpdate) =>
    void import("./filter-navigation").then(({ filterHref }) =>
      navigate(filterHref(formRef.current, state, change), { preventScrollReset: true }),
    );
  const { links } = data;
  const active = useActiveFilters(data);
  const { popFilters } = useParams();
  const anythingSet =
    Boolean(popFilters) || active.place.length > 0 || active.filters.length > 0 || links.resets.length > 0 || state.country.length > 0;
  // Open while something in the form needs attention: an unknown city, a range hint, or a custom price still to type.
  const filtersOpen = data.cityNotFound || Object.keys(data.inputErrors).length > 0 || (state.customized && !state.price);
  const mode = data.mode === "business" ? "business" : "user";
  const otherMode = mode === "business" ? "user" : "business";

  return (
    <main className={ui.page}>
      <div className={css.head}>
        <h1 className={css.headTitle}>
          {t(data.businessKind ? `search.business_categories.${data.businessKind}.headline` : `search.targets.${data.target}.headline`)}
        </h1>
        <Link to={links.switchMode} data-testid="switch-search-mode">
          {t(`search.actions.mode_${otherMode}`)}
        </Link>
      </div>
      {mode === "business" ? <BusinessCategoryTabs data={data} /> : null}
      <SearchSummary data={data} place={active.place} filters={active.filters} />
      {/* The resets stay outside the fold: one tap undoes a filter without opening the form. */}
      {anythingSet ? (
        <nav aria-label={t("search.actions.label")} className={css.resets}>
          {/* Reset all also leaves a popular-filter path (/escorts/neu → /escorts). */}
          <Link to={links.resetAll} data-testid="action-reset_all">
            {t("search.reset_all")}
          </Link>
          {links.resets.map(({ action, href }) => (
            <Link key={action} to={href} data-testid={`action-${action}`}>
              {t(`search.actions.${action}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className={css.layout}>
        {/* Results come first on a phone: the whole form folds into a native <details> (no JavaScript needed). */}
        <details className={css.filters} open={filtersOpen} data-testid="search-filters">
          <summary className={css.filtersToggle} data-testid="search-filters-toggle">
            {active.filters.length > 0 ? t("search.filters_count", { n: active.filters.length }) : t("search.filters")}
          </summary>
          <div className={css.filtersBody}>
            {/* With JavaScript, a changed select or checkbox searches at once; typed fields and the button submit otherwise. */}
            <Form
              ref={formRef}
              method="get"
              className={ui.stack}
              data-testid="search-form"
              onChange={(event) => {
                const target = event.target;
                if (target instanceof HTMLInputElement && (target.type === "text" || target.type === "number")) return;
                submit(event.currentTarget, { preventScrollReset: true, replace: true });
              }}
            >
              <div className={ui.row}>
                {hasPosition ? (
                  <p className={ui.field} data-testid="search-position">
                    <span className={ui.label}>{t("search.city")}</span>
                    <span>{t("search.near_position")}</span>
                    <input type="hidden" name="lat" value={state.lat} />
                    <input type="hidden" name="lon" value={state.lon} />
                  </p>
                ) : (
                  <CityCombobox
                    defaultValue={data.cityName}
                    label={t("search.city")}
                    describedBy={data.cityNotFound ? "city-hint" : undefined}
                    onPick={(city) => update({ type: "update_location", city: city.key })}
                  />
                )}
                <label className={ui.field}>
                  <span className={ui.label}>{t("search.radius")}</span>
                  <select className={ui.input} name="radius" {...selected(String(radius))}>
                    {radiusOptionsFor(data.wideRadius).map((r) => (
                      <option key={r} value={r}>
                        {t("search.radius_km", { km: r })}
                      </option>
                    ))}
                  </select>
                  {/* Radii past 100 km are a plus benefit (search_radius): the way to them. */}
                  {data.wideRadius ? null : (
                    <Link to={checkoutPath(lang, "membership")} data-testid="radius-upgrade">
                      {t("search.radius_plus")}
                    </Link>
                  )}
                </label>
                <label className={ui.field}>
                  <span className={ui.label}>{t("search.sort")}</span>
                  <select className={ui.input} name="sort" {...selected(state.sort ?? "")}>
                    {/* The default sort stays out of the URL unless the rules force it there. */}
                    {data.sortForced ? null : <option value="">{t(`search.sorts.${data.defaultSort}`)}</option>}
                    {data.sorts
                      .filter((sort) => data.sortForced || sort !== data.defaultSort)
                      .map((sort) => (
                        <option key={sort} value={sort}>
                          {t(`search.sorts.${sort}`)}
                        </option>
                      ))}
                  </select>
                </label>
              </div>
              {data.cityNotFound ? (
                <p id="city-hint" className={ui.fieldError} role="alert">
                  {t("search.city_not_found", { city: state.city })}
                </p>
              ) : null}
              {!hasPosition ? <LocationSlot onPosition={(lat, lon) => update({ type: "update_radius_position", lat, lon })} /> : null}

              <div className={ui.row}>
                {people ? (
                  <label className={ui.field}>
                    <span className={ui.label}>{t("search.age")}</span>
                    <select className={ui.input} name="age" {...selected(ageBandOf(state.age) ?? "")}>
                      <option value="">{t("search.any")}</option>
                      {AGE_BAND_KEYS.map((band) => (
                        <option key={band} value={band}>
                          {withCount(band, facets.age, band, count)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {priceAllowed && !state.customized ? (
                  <label className={ui.field}>
                    <span className={ui.label}>{t("search.price")}</span>
                    <select className={ui.input} name="price" {...selected(priceBandOf(state.price) ?? "")}>
                      <option value="">{t("search.any")}</option>
                      {PRICE_BAND_KEYS.map((band) => (
                        <option key={band} value={band}>
                          {withCount(`${band} €`, facets.price, band, count)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
              {priceAllowed && state.customized ? (
                <div className={ui.row}>
                  <input type="hidden" name="customized" value="1" />
                  <RangeFields
                    field="price"
                    legend={t("search.price_custom")}
                    range={state.price}
                    raw={data.rawInputs.price}
                    error={inputError("price")}
                  />
                  {data.priceDurations.length > 0 ? (
                    <label className={ui.field}>
                      <span className={ui.label}>{t("search.price_duration")}</span>
                      <select className={ui.input} name="price_duration" {...selected(String(state.priceDuration ?? 60))}>
                        {data.priceDurations.map((minutes) => (
                          <option key={minutes} value={minutes}>
                            {t(`search.durations.${minutes}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : null}
                </div>
              ) : null}
              {priceAllowed ? (
                <p className={css.actions}>
                  <Link to={links.switchCustomizedPrice} data-testid="action-switch_customized_price">
                    {t(state.customized ? "search.actions.price_bands" : "search.actions.price_custom")}
                  </Link>
                </p>
              ) : null}

              {people ? (
                <fieldset className={`${css.fieldset} ${ui.row}`}>
                  <legend className={ui.label}>{t("search.gender")}</legend>
                  {([GENDER.female, GENDER.male, GENDER.trans] as const).map((g) => (
                    <label key={g} className={ui.checkboxRow}>
                      <input type="checkbox" name="gender" value={g} defaultChecked={state.gender.includes(g)} />
                      {withCount(t(`search.genders.${g}`), facets.gender, String(g), count)}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              {/* Secondary filters fold away so results come sooner on a phone; a native <details> needs no
                    JavaScript, and it stays open while one of its filters is set or has an error. */}
              <details className={css.fieldset} open={moreOpen} data-testid="more-filters">
                <summary className={ui.label}>{t("search.more_filters")}</summary>
                <div className={`${ui.stack} ${css.moreBody}`}>
                  {people ? (
                    <div className={ui.row}>
                      <RangeFields
                        field="weight"
                        legend={t("search.weight")}
                        range={state.weight}
                        raw={data.rawInputs.weight}
                        error={inputError("weight")}
                      />
                      <RangeFields
                        field="height"
                        legend={t("search.height")}
                        range={state.height}
                        raw={data.rawInputs.height}
                        error={inputError("height")}
                      />
                    </div>
                  ) : null}
                  <AppearanceSection fields={data.appearance} state={state.appearance} cupCounts={facets.cup_size} />
                  <fieldset className={`${css.fieldset} ${ui.row}`}>
                    <legend className={ui.label}>{t("search.only_show")}</legend>
                    {data.onlyShowTypes.map((type) => (
                      <label key={type} className={ui.checkboxRow}>
                        <input type="checkbox" name="only_show_type" value={type} defaultChecked={state.onlyShowType.includes(type)} />
                        {t(`search.only_show_types.${type}`)}
                      </label>
                    ))}
                  </fieldset>
                  <fieldset className={`${css.fieldset} ${ui.row}`}>
                    <legend className={ui.label}>{t("search.countries")}</legend>
                    <p className={ui.muted}>{t("search.countries_hint")}</p>
                    {data.countries.map((country) => (
                      <label key={country.code} className={ui.checkboxRow}>
                        <input type="checkbox" name="country" value={country.code} defaultChecked={state.country.includes(country.code)} />
                        {country.name}
                      </label>
                    ))}
                  </fieldset>
                </div>
              </details>
              <SearchSubmitRow />
            </Form>
          </div>
        </details>
        <section className={css.results} aria-label={t("search.results_label")}>
          <Results data={results} />
          {/* After the results: on a phone the first result stays on the first screen (issue 9 items 17, 18). */}
          <AdZone zone={data.ad} pageKey="search" />
        </section>
      </div>
    </main>
  );
}

/**
 * The appearance filters in a native <details> (opens without JavaScript; open
 * when a filter is set): checkbox groups for the list parameters, any/yes/no
 * radios for the flags. Cup bands carry their counts, but only while no band
 * is chosen or for the chosen ones: the API counts within the chosen bands,
 * so another band's 0 would not be what ticking it adds.
 */
function AppearanceSection({
  fields,
  state,
  cupCounts,
}: {
  fields: SearchPageData["appearance"];
  state: AppearanceState | undefined;
  cupCounts: Record<string, number> | undefined;
}) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  if (fields.length === 0) return null;
  return (
    <details className={css.fieldset} open={Boolean(state)} data-testid="appearance-filters">
      <summary className={ui.label}>{t("search.appearance.title")}</summary>
      <div className={ui.stack}>
        {fields.map((field) => {
          if (field.param === "piercing" || field.param === "tattoo") {
            const value = state?.[field.param];
            return (
              <fieldset key={field.param} className={`${css.fieldset} ${ui.row}`} data-testid={`appearance-${field.param}`}>
                <legend className={ui.label}>{t(field.legendKey)}</legend>
                {(
                  [
                    ["", t("search.any"), value === undefined],
                    ["1", t("search.appearance.yes"), value === 1],
                    ["0", t("search.appearance.no"), value === 0],
                  ] as const
                ).map(([v, label, checked]) => (
                  <label key={v} className={ui.checkboxRow}>
                    <input type="radio" name={field.param} value={v} defaultChecked={checked} />
                    {label}
                  </label>
                ))}
              </fieldset>
            );
          }
          const chosen = state?.[field.param] ?? [];
          return (
            <fieldset key={field.param} className={`${css.fieldset} ${ui.row}`} data-testid={`appearance-${field.param}`}>
              <legend className={ui.label}>{t(field.legendKey)}</legend>
              {field.options.map((option) => {
                const checked = chosen.includes(option.value);
                const label = t(option.labelKey);
                return (
                  <label key={option.value} className={ui.checkboxRow}>
                    <input type="checkbox" name={field.param} value={option.value} defaultChecked={checked} />
                    {field.param === "cup" && (chosen.length === 0 || checked) ? withCount(label, cupCounts, option.value, count) : label}
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}

/** /clients for a guest: no results, a prompt to log in or join (docs/decisions/009). */
export function GuestClientsPrompt({ data }: { data: GuestPromptData }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <h1>{t("search.guest_clients.headline")}</h1>
      <p data-testid="guest-clients-prompt">{t("search.guest_clients.text")}</p>
      <p className={ui.row}>
        <Link className={ui.button} to={`${to("login")}?r=${encodeURIComponent(data.returnTo)}`}>
          {t("search.guest_clients.login")}
        </Link>
        <Link className={ui.buttonSecondary} to={withReturnPath(to("join/user"), data.returnTo)}>
          {t("search.guest_clients.join")}
        </Link>
      </p>
      <p>
        <Link to={data.escortsPath}>{t("search.guest_clients.escorts")}</Link>
      </p>
    </main>
  );
}

/** A listing route's page: the search, or the guest prompt of /clients. */
export function SearchRouteView({ data }: { data: SearchPageData | GuestPromptData }) {
  return data.kind === "search" ? <SearchPage data={data} /> : <GuestClientsPrompt data={data} />;
}

import { useTranslation } from "react-i18next";
import { ageBandOf, clampRadius, priceBandOf, type Range } from "#server/contract/search-bands";
import type { SearchPageData } from "./search-page.server";
import { useNumbers } from "~/utils/numbers";
import * as css from "~/styles/search.css";

/** "50–60", "ab 160", "bis 60": a range as people read it. */
function useRangeText() {
  const { t } = useTranslation();
  return (range: Range, unit = "") => {
    const [min, max] = range;
    const suffix = unit ? ` ${unit}` : "";
    if (min !== "*" && max !== "*") return `${min}–${max}${suffix}`;
    if (min !== "*") return t("search.summary.from", { value: `${min}${suffix}` });
    return t("search.summary.to", { value: `${max}${suffix}` });
  };
}

/**
 * The filters in effect as short labels (place, radius, sort, and every
 * filter the form sets). The place and radius describe where; the rest count
 * as active filters on the "Filter" disclosure.
 */
export function useActiveFilters(data: SearchPageData): { place: string[]; filters: string[] } {
  const { t } = useTranslation();
  const rangeText = useRangeText();
  const { state } = data;
  const place: string[] = [];
  const hasPosition = state.lat !== undefined && state.lon !== undefined;
  if (hasPosition) place.push(t("search.near_position"));
  else if (data.cityName && !data.cityNotFound) place.push(data.cityName);
  else if (state.country.length > 0)
    place.push(
      data.countries
        .filter((c) => state.country.includes(c.code))
        .map((c) => c.name)
        .join(", "),
    );
  if (place.length > 0 && state.country.length === 0) place.push(t("search.radius_km", { km: clampRadius(state.radius, data.wideRadius) }));

  const filters: string[] = [];
  if (state.sort && !data.sortForced) filters.push(t(`search.sorts.${state.sort}`));
  for (const g of state.gender) if (g !== 0) filters.push(t(`search.genders.${g}`));
  if (state.age) filters.push(`${t("search.age")} ${ageBandOf(state.age) ?? rangeText(state.age)}`);
  if (state.price) filters.push(`${priceBandOf(state.price) ?? rangeText(state.price)} €`);
  if (state.weight) filters.push(rangeText(state.weight, "kg"));
  if (state.height) filters.push(rangeText(state.height, "cm"));
  const appearance = Object.keys(state.appearance ?? {}).length;
  if (appearance > 0) filters.push(t("search.summary.appearance", { n: appearance }));
  for (const type of state.onlyShowType) filters.push(t(`search.only_show_types.${type}`));
  return { place, filters };
}

/** One line above the results: how many were found and what the search is limited to. */
export function SearchSummary({ data, place, filters }: { data: SearchPageData; place: string[]; filters: string[] }) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  return (
    <ul className={css.summary} aria-label={t("search.summary.label")} data-testid="search-summary">
      {data.searched ? (
        <li className={css.summaryTotal} role="status" data-testid="search-total">
          {t("search.total_compact", { count: data.total, n: count(data.total) })}
        </li>
      ) : null}
      {[...place, ...filters].map((label) => (
        <li key={label} className={css.chip}>
          {label}
        </li>
      ))}
    </ul>
  );
}

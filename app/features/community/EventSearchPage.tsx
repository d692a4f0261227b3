/** events/{activeCategory?} (issue 29 item 1): upcoming events, the filters as a plain GET form, tiles or a list. */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EVENT_CATEGORIES, EVENT_PRICE_BANDS, EVENT_SORTS } from "#server/contract/events";
import { SELECTABLE_USER_TYPES } from "#server/contract/users";
import type { loadEventSearch } from "./community.server";
import { countryName, formatEuros } from "./format";
import { CategoryLinks, CommunitySearchFrame, FilterBox, NearField, SelectField } from "./SearchParts";
import { EventTiles } from "./Tiles";

export function EventSearchPage() {
  const { lang, root, base, search, category, near, result, heading } = useLoaderData<typeof loadEventSearch>();
  const { t } = useTranslation("community");
  const params = new URLSearchParams(search);
  const counts = (facet: Array<{ value: string; count: number }>) => new Map(facet.map((f) => [f.value, f.count]));
  const withCount = (label: string, count: number | undefined) => `${label} (${count ?? 0})`;
  const typeCounts = counts(result.facets.organizersUserType);
  const priceCounts = counts(result.facets.priceRange);
  const bandLabel = (band: (typeof EVENT_PRICE_BANDS)[number]) =>
    band.to === null
      ? t("community.events.price_from", { from: formatEuros(band.from, lang) })
      : t("community.events.price_band", { from: formatEuros(band.from, lang), to: formatEuros(band.to, lang) });
  return (
    <CommunitySearchFrame
      heading={heading}
      intro={t("community.events.intro")}
      categories={
        <CategoryLinks
          root={root}
          search={search}
          categories={EVENT_CATEGORIES}
          active={category}
          labelOf={(c) => t(`community.event_categories.${c}`)}
          counts={counts(result.facets.category)}
        />
      }
      filters={
        <FilterBox base={base} search={search} testId="event-filters">
          <SelectField
            name="organizers_user_type"
            label={t("community.events.organizers_user_type")}
            value={params.get("organizers_user_type") ?? ""}
            options={[
              { value: "", label: t("community.any") },
              ...SELECTABLE_USER_TYPES.map((type) => ({
                value: String(type),
                label: withCount(t(`community.user_types.${type}`), typeCounts.get(String(type))),
              })),
            ]}
          />
          <SelectField
            name="price"
            label={t("community.events.price")}
            value={params.get("price") ?? ""}
            options={[
              { value: "", label: t("community.any") },
              ...EVENT_PRICE_BANDS.map((band) => ({ value: band.key, label: withCount(bandLabel(band), priceCounts.get(band.key)) })),
            ]}
          />
          <SelectField
            name="country"
            label={t("community.events.country")}
            value={params.get("country") ?? ""}
            options={[
              { value: "", label: t("community.any") },
              ...result.facets.country.map((c) => ({ value: c.value, label: withCount(countryName(c.value, lang), c.count) })),
            ]}
          />
          <SelectField
            name="sort"
            label={t("community.sort")}
            value={result.sort}
            options={EVENT_SORTS.map((sort) => ({ value: sort, label: t(`community.events.sorts.${sort}`) }))}
          />
          <NearField label={t("community.events.near")} value={near || result.origin?.name || ""} hint={t("community.events.near_hint")} />
        </FilterBox>
      }
      sortedBy={
        result.origin && result.sort === "distance"
          ? t("community.events.distance_from", { place: result.origin.name })
          : t(`community.events.sorted_by.${result.sort}`)
      }
      empty={{ text: t("community.events.empty"), allLink: t("community.events.all_link"), root, testId: "events-empty" }}
      results={result.items.length > 0 ? <EventTiles events={result.items} lang={lang} view={result.view} /> : null}
      page={{ base, search, page: result.page, hasMore: result.hasMore, view: result.view }}
    />
  );
}

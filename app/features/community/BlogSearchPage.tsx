/** blogs/{activeCategory?} (issue 29 item 3): public posts, the filters as a plain GET form, tiles or a list. */
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_CATEGORIES, BLOG_DEFAULT_RADIUS_KM, BLOG_SORTS } from "#server/contract/blogs";
import { BLOG_ONLY_SHOW, BLOG_PUBLISHED_WITHIN, BLOG_RADII_KM } from "#server/contract/community";
import { SELECTABLE_USER_TYPES } from "#server/contract/users";
import * as ui from "~/styles/ui.css";
import type { loadBlogSearch } from "./community.server";
import { formatCount } from "./format";
import { CategoryLinks, CommunitySearchFrame, FilterBox, NearField, SelectField } from "./SearchParts";
import { BlogTiles } from "./Tiles";

export function BlogSearchPage() {
  const { lang, root, base, search, category, near, result, heading } = useLoaderData<typeof loadBlogSearch>();
  const { t } = useTranslation("community");
  const params = new URLSearchParams(search);
  const nearbyWithoutPlace = params.get("only_show") === "nearby" && result.origin === null;
  return (
    <CommunitySearchFrame
      heading={heading}
      intro={t("community.blogs.intro")}
      categories={
        <CategoryLinks
          root={root}
          search={search}
          categories={BLOG_CATEGORIES}
          active={category}
          labelOf={(c) => t(`community.blog_categories.${c}`)}
        />
      }
      filters={
        <FilterBox base={base} search={search} testId="blog-filters">
          <SelectField
            name="user_type"
            label={t("community.blogs.user_type")}
            value={params.get("user_type") ?? ""}
            options={[
              { value: "", label: t("community.any") },
              ...SELECTABLE_USER_TYPES.map((type) => ({ value: String(type), label: t(`community.user_types.${type}`) })),
            ]}
          />
          <SelectField
            name="only_show"
            label={t("community.blogs.only_show")}
            value={params.get("only_show") ?? ""}
            options={[
              { value: "", label: t("community.blogs.only_show_all") },
              ...BLOG_ONLY_SHOW.map((value) => ({ value, label: t(`community.blogs.only_show_options.${value}`) })),
            ]}
          />
          <SelectField
            name="radius"
            label={t("community.blogs.radius")}
            value={String(result.radiusKm)}
            options={BLOG_RADII_KM.map((km) => ({
              value: String(km),
              label: t(km === BLOG_DEFAULT_RADIUS_KM ? "community.blogs.radius_default" : "community.blogs.radius_km", {
                km: formatCount(km, lang),
              }),
            }))}
          />
          <NearField label={t("community.blogs.near")} value={near || result.origin?.name || ""} />
          <SelectField
            name="published"
            label={t("community.blogs.published")}
            value={params.get("published") ?? ""}
            options={[
              { value: "", label: t("community.any") },
              ...Object.keys(BLOG_PUBLISHED_WITHIN).map((value) => ({ value, label: t(`community.blogs.published_within.${value}`) })),
            ]}
          />
          <SelectField
            name="sort"
            label={t("community.sort")}
            value={result.sort}
            options={BLOG_SORTS.map((sort) => ({ value: sort, label: t(`community.blogs.sorts.${sort}`) }))}
          />
        </FilterBox>
      }
      notice={
        nearbyWithoutPlace ? (
          <p className={ui.notice} role="status">
            {t("community.blogs.nearby_needs_place")}
          </p>
        ) : null
      }
      sortedBy={t(`community.blogs.sorted_by.${result.sort}`)}
      empty={{ text: t("community.blogs.empty"), allLink: t("community.blogs.all_link"), root, testId: "blogs-empty" }}
      results={result.items.length > 0 ? <BlogTiles posts={result.items} lang={lang} view={result.view} /> : null}
      page={{ base, search, page: result.page, hasMore: result.hasMore, view: result.view }}
    />
  );
}

import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MIN_RECOMMENDED_RESULTS, RADIUS_OPTIONS, SEARCH_PAGE_SIZE, clampRadius } from "#server/contract/search-url";
import { hrefOf } from "~/components/search/links";
import { Pager } from "~/components/search/Pager";
import { ResultTiles } from "~/components/search/ResultTiles";
import { PromotedSlot } from "~/components/tiles/PromotedSlot";
import type { FacetCounts } from "./search-page.server";
import type { SearchResultsData } from "./results-data";
import { useNumbers } from "~/utils/numbers";
import * as ui from "~/styles/ui.css";

/**
 * What a search found (its total stands in the summary line above): the
 * tiles, the offer to widen the radius below the recommended minimum of
 * results, the page links and the trait counts among the results. Markup and links only: the search page keeps the
 * server's HTML of it when it hydrates and loads this code only to draw new results (a server island, ADR 162).
 */
export default function SearchResults({ data }: { data: SearchResultsData }) {
  const { t } = useTranslation();
  const { state, facets } = data;
  const radius = clampRadius(state.radius, data.wideRadius);
  const pages = Math.max(1, Math.ceil(data.total / SEARCH_PAGE_SIZE));
  const widerRadius = RADIUS_OPTIONS.find((r) => r > radius);
  const widenHref = widerRadius ? hrefOf({ ...state, radius: widerRadius, page: 1 }) : null;
  return (
    <>
      {/* An unknown city is said at the city field (the filters stay open); nothing else was searched. */}
      {!data.searched && !data.cityNotFound ? (
        <p role="status" data-testid="search-not-searched">
          {t("search.location_needed")}
        </p>
      ) : null}
      <PromotedSlot profiles={data.promoted} />
      <ResultTiles tiles={data.tiles} />
      {data.searched && data.total < MIN_RECOMMENDED_RESULTS && widenHref ? (
        <p>
          <Link to={widenHref} data-testid="widen-radius">
            {t("search.widen_radius", { km: widerRadius })}
          </Link>
        </p>
      ) : null}
      <Pager query={data.query} page={state.page} pages={pages} />
      <TraitFacets facets={facets} />
    </>
  );
}

/** Counts of figure, type and cup groups among the results (not URL filters: spec section 2 has no such keys). */
function TraitFacets({ facets }: { facets: FacetCounts }) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  const groups = (["figure_type", "race_type", "cup_size"] as const).filter((group) =>
    Object.values(facets[group] ?? {}).some((n) => n > 0),
  );
  if (groups.length === 0) return null;
  return (
    <details data-testid="trait-facets">
      <summary>{t("search.in_results")}</summary>
      <dl>
        {groups.map((group) => (
          <div key={group}>
            <dt className={ui.label}>{t(`traits.${group}._title`)}</dt>
            <dd>
              {Object.entries(facets[group] ?? {})
                .filter(([, n]) => n > 0)
                .map(
                  ([key, n]) =>
                    `${t(group === "cup_size" ? `traits.cup_size._categories.${key}` : `traits.${group}.${key}`)} (${count(n)})`,
                )
                .join(" · ")}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

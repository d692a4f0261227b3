/**
 * Popular filters ("popFilters", spec section 2): one-click presets of the
 * search that the routes carry as a path segment (/escorts/{popFilters},
 * /clients/{popFilters}, /homepage*\/{popFilters}) or, on /nearby-pop, as the
 * `popFilters` query parameter. The spec names the parameter but not the
 * presets; ours are below (docs/decisions/010-popular-filters-home-saved-search.md).
 *
 * A preset only adds "only show" flags of the filterquery (and, for two of
 * them, a sort), so it can never widen what a searcher may see: the search
 * contract still drops flags a target does not allow. Slugs are stable ASCII
 * and German-first (they are URLs; the labels are translated under
 * search.pop_filters.<key>). Pure: no I/O, nothing throws.
 */
import {
  SORTS_FOR_TARGET,
  defaultSortFor,
  type OnlyShowType,
  type SearchSort,
  type SearchTarget,
  type SearchUrlState,
  type Searcher,
} from "./search";

export interface PopFilter {
  /** The URL segment: lower-case ASCII, digits and hyphens. */
  slug: string;
  /** Translation key under search.pop_filters. */
  key: string;
  /** Search targets the preset is offered for (is_new, is_hot and on_tour exist only for escorts). */
  targets: readonly SearchTarget[];
  onlyShowType: readonly OnlyShowType[];
  /** A sort the preset implies, unless the URL chose another one. */
  sort?: SearchSort;
}

export const POP_FILTERS: readonly PopFilter[] = [
  { slug: "neu", key: "new", targets: ["escort"], onlyShowType: ["is_new"] },
  { slug: "verifiziert", key: "verified", targets: ["escort", "client"], onlyShowType: ["is_verified"] },
  { slug: "jetzt-verfuegbar", key: "available_now", targets: ["escort", "client"], onlyShowType: ["is_visible"] },
  { slug: "mit-bewertungen", key: "reviewed", targets: ["escort", "client"], onlyShowType: ["has_review"] },
  { slug: "top-bewertet", key: "top_rated", targets: ["escort"], onlyShowType: ["has_review"], sort: "rating" },
  { slug: "auf-tour", key: "on_tour", targets: ["escort"], onlyShowType: ["on_tour"] },
  { slug: "hot", key: "hot", targets: ["escort"], onlyShowType: ["is_hot"] },
  { slug: "mit-foto", key: "with_photo", targets: ["escort", "client"], onlyShowType: ["has_avatar"] },
  { slug: "safer-sex", key: "safer_sex", targets: ["escort"], onlyShowType: ["safe_sex_status"] },
  { slug: "naechste-zuerst", key: "nearest_first", targets: ["escort", "client"], onlyShowType: [], sort: "distance" },
];

export const POP_FILTER_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const BY_SLUG = new Map(POP_FILTERS.map((filter) => [filter.slug, filter]));

/** The preset of a slug for a target, or null when the slug is unknown or not offered there. */
export function findPopFilter(slug: string | null | undefined, target: SearchTarget): PopFilter | null {
  if (typeof slug !== "string" || slug.length > 60) return null;
  const filter = BY_SLUG.get(slug);
  return filter && filter.targets.includes(target) ? filter : null;
}

/** The presets a search for this target offers (the chips), in table order. */
export function popFiltersFor(target: SearchTarget): PopFilter[] {
  return POP_FILTERS.filter((filter) => filter.targets.includes(target));
}

/**
 * The URL state with a preset applied, for the search request (the URL keeps
 * its own state). Flags are added (sorted, unique); the preset's sort wins
 * over no sort or the searcher's default, never over a sort the URL chose.
 */
export function applyPopFilter(state: SearchUrlState, filter: PopFilter, searcher: Searcher, target: SearchTarget): SearchUrlState {
  const onlyShowType = [...new Set([...state.onlyShowType, ...filter.onlyShowType])].sort();
  const next: SearchUrlState = { ...state, gender: [...state.gender], country: [...state.country], onlyShowType };
  if (filter.sort && SORTS_FOR_TARGET[target].includes(filter.sort) && (!state.sort || state.sort === defaultSortFor(searcher).sort))
    next.sort = filter.sort;
  return next;
}

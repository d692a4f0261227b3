import { findPopFilter } from "#server/contract/pop-filters";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LANGUAGE_TAGS, isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import {
  BUSINESS_CATEGORY_SLUGS,
  DEFAULT_RADIUS,
  ONLY_SHOW_TYPES,
  PRICE_DURATIONS,
  SORTS_FOR_TARGET,
  allowedAppearanceParams,
  allowedFilters,
  applyFilterAction,
  businessCategoryPath,
  businessKindOfCategory,
  defaultSortFor,
  listingPathFor,
  searchTargetFor,
  wideRadiusFor,
  type SearchMode,
  type SearchTarget,
  type SearchUrlState,
} from "#server/contract/search";
import type { BusinessKind } from "#server/contract/signup-types";
import { appearanceFields } from "#server/contract/search-appearance";
import { SEARCH_INPUT_BOUNDS, searchInputErrors, type SearchInputError, type SearchInputField } from "#server/contract/search-input";
import { USER_TYPE } from "#server/contract/users";
// The countries our geo tables carry: the only ones a country-mode search can find anyone in.
import { GEO_COUNTRIES } from "#server/contract/geo";
import { createApiClient } from "~/api/client.server";
import { loadAdZone } from "~/features/ads/ads.server";
import { i18nServer } from "~/i18n/i18next.server";
import { loadSearchInit } from "~/features/search/search.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { hrefOf, withQuery } from "~/components/search/links";
import { localePath } from "~/i18n/lang";
import type { PromotedCard } from "~/components/tiles/PromotedSlot";
import { tileFieldsOf } from "~/components/search/ResultTiles";

/** Facet counts by facet name (snake_case, as requested) and bucket key. */
export type FacetCounts = Partial<Record<"gender" | "age" | "price" | "figure_type" | "race_type" | "cup_size", Record<string, number>>>;

/** The API's camelized meta → counts by the facet names the form knows. */
function facetCounts(meta: unknown): FacetCounts {
  const raw = (meta as { facets?: Record<string, Array<{ key: string; count: number }>> } | null)?.facets ?? {};
  const names = {
    gender: "gender",
    age: "age",
    price: "price",
    figureType: "figure_type",
    raceType: "race_type",
    cupSize: "cup_size",
  } as const;
  const out: FacetCounts = {};
  for (const [camel, name] of Object.entries(names)) {
    const buckets = raw[camel];
    if (Array.isArray(buckets)) out[name] = Object.fromEntries(buckets.map((b) => [String(b.key), Number(b.count) || 0]));
  }
  return out;
}

/** The promoted slot of the API's camelized meta (ADR 090; first page only), or none. */
function promotedOf(meta: unknown): PromotedCard[] {
  const promoted = (meta as { promoted?: unknown } | null)?.promoted;
  return Array.isArray(promoted) ? (promoted as PromotedCard[]) : [];
}

/** Raw min/max texts of the fields with a hint, so the form shows what was typed. */
function rawInputs(params: URLSearchParams, errors: Partial<Record<SearchInputField, SearchInputError>>) {
  const out: Partial<Record<SearchInputField, { min: string; max: string }>> = {};
  for (const field of Object.keys(errors) as SearchInputField[]) {
    out[field] = { min: (params.get(`${field}_min`) ?? "").slice(0, 12), max: (params.get(`${field}_max`) ?? "").slice(0, 12) };
  }
  return out;
}

/** The country filter's choices with their names in the page's language: the same list for every request. */
const countriesByLanguage = new Map<Language, Array<{ code: string; name: string }>>();
function countryChoices(lang: Language) {
  let choices = countriesByLanguage.get(lang);
  if (!choices) {
    const regionNames = new Intl.DisplayNames([LANGUAGE_TAGS[lang]], { type: "region" });
    choices = GEO_COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code }));
    countriesByLanguage.set(lang, choices);
  }
  return choices;
}

/** Section 4's resets the page offers, in its order. */
const RESET_ACTIONS = ["reset_radius_and_position", "reset_sort", "reset_weight", "reset_height", "reset_appearance"] as const;
export type ResetAction = (typeof RESET_ACTIONS)[number];

/**
 * The page's links, built here with the search's URL mapping: each filter action of section 4 (shown only when it
 * would change something), "reset all", the switch of the search mode, the custom price switch and the business
 * categories (each keeping the place and filters, page 1). The browser draws them from this data and loads the
 * mapping only when a city pick or the location button needs it (ADR 168).
 */
function searchLinks(
  lang: Language,
  state: SearchUrlState,
  page: {
    mode: SearchMode;
    target: SearchTarget;
    businessKind: BusinessKind | null;
    sortForced: boolean;
    inputErrors: Partial<Record<SearchInputField, SearchInputError>>;
  },
) {
  const hasPosition = state.lat !== undefined && state.lon !== undefined;
  const shown: Record<ResetAction, boolean> = {
    // The form always sends the radius: its default alone is nothing to reset.
    reset_radius_and_position: (state.radius !== undefined && state.radius !== DEFAULT_RADIUS) || hasPosition || Boolean(state.city),
    reset_sort: Boolean(state.sort) && !page.sortForced,
    reset_weight: Boolean(state.weight) || Boolean(page.inputErrors.weight),
    reset_height: Boolean(state.height) || Boolean(page.inputErrors.height),
    reset_appearance: Boolean(state.appearance),
  };
  const otherMode: SearchMode = page.mode === "business" ? "user" : "business";
  const listing = page.mode === "business" ? businessCategoryPath(page.businessKind) : listingPathFor(page.mode, page.target);
  const categoryQuery = hrefOf({ ...state, page: 1 }).replace(/^\?$/, "");
  const kinds: Array<BusinessKind | null> = [null, ...(Object.keys(BUSINESS_CATEGORY_SLUGS) as BusinessKind[])];
  return {
    switchMode:
      `${localePath(lang, listingPathFor(otherMode, page.target))}${hrefOf(applyFilterAction(state, { type: "update_search_mode", mode: otherMode }))}`.replace(
        /\?$/,
        "",
      ),
    // Reset all also leaves a popular-filter path (/escorts/neu → /escorts).
    resetAll: `${localePath(lang, listing)}${hrefOf(applyFilterAction(state, "reset_all"))}`.replace(/\?$/, ""),
    resets: RESET_ACTIONS.filter((action) => shown[action]).map((action) => ({ action, href: hrefOf(applyFilterAction(state, action)) })),
    switchCustomizedPrice: hrefOf(applyFilterAction(state, "switch_customized_price")),
    businessCategories: kinds.map((kind) => ({ kind, href: `${localePath(lang, businessCategoryPath(kind))}${categoryQuery}` })),
  };
}

/**
 * Loader of a listing path: the path implies whom the search is for. Guests
 * on /clients get a sign-up prompt instead (docs/decisions/009).
 */
export async function loadSearchPage({ request, context, params }: LoaderFunctionArgs, target: SearchTarget) {
  const url = new URL(request.url);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18nServer.getFixedT(request);
  const guestPrompt = () => ({
    kind: "guest_prompt" as const,
    target,
    escortsPath: localePath(lang, listingPathFor("user", "escort")),
    title: t("search.guest_clients.meta_title"),
    description: t("search.guest_clients.text"),
    returnTo: url.pathname,
  });
  // No token: a guest for sure; skip the search a guest could not see — but an unknown preset is a 404 for
  // everyone (no duplicate pages under made-up paths).
  if (target === "client" && !createApiClient({ request, context }).session.token) {
    if (params.popFilters && !findPopFilter(params.popFilters, target)) throw await notFoundResponse(request);
    return guestPrompt();
  }

  // The business search's category (spec section 2 {activeCategory?}, ADR 069): a business kind, or a 404 page.
  const businessKind = target === "business" && params.activeCategory ? businessKindOfCategory(params.activeCategory) : null;
  if (target === "business" && params.activeCategory && !businessKind) throw await notFoundResponse(request);

  const mode = target === "business" ? "business" : "user";
  // Popular filters (docs/decisions/010): a preset path segment; an unknown one is a 404 page.
  const init = await loadSearchInit(request, context, {
    impliedUserType: target,
    mode,
    ...(mode === "user" ? { pathPopFilters: params.popFilters ?? null } : {}),
    businessKind,
  });
  if (init.unknownPopFilter) throw await notFoundResponse(request);
  if (init.popFiltersToPath) throw redirect(withQuery(`${url.pathname.replace(/\/$/, "")}/${init.popFiltersToPath}`, init.canonicalQuery));
  const effectiveTarget = searchTargetFor(init.searcher, init.state.userType ?? target, mode);
  // An invalid token reads as a guest, and guests never see clients (spec section 6).
  if (target === "client" && init.searcher.userType === USER_TYPE.guest) return guestPrompt();

  const inputErrors = searchInputErrors(url.searchParams);
  // With a hint to show, stay on the typed URL (the canonical one would lose what was typed).
  if (init.needsRedirect && Object.keys(inputErrors).length === 0) {
    const query = init.canonicalQuery;
    throw redirect(withQuery(url.pathname, query));
  }
  const allowed = allowedFilters(init.searcher, effectiveTarget);
  const sortDefault = defaultSortFor(init.searcher);
  const meta = (init.meta ?? { total: 0 }) as { total?: number };
  const cityName = init.city?.name ?? init.state.city ?? "";
  return {
    kind: "search" as const,
    /** The page's ad zone (ADR 131): targeted by the searched city; null when none shows. */
    ad: await loadAdZone(createApiClient({ request, context }), "search", undefined, cityName),
    target: effectiveTarget,
    mode,
    title: t(businessKind ? `search.business_categories.${businessKind}.meta_title` : `search.targets.${target}.meta_title`),
    description: t(
      businessKind ? `search.business_categories.${businessKind}.meta_description` : `search.targets.${target}.meta_description`,
    ),
    /** The business search's category (null: all businesses, or not the business search). */
    businessKind,
    state: init.state,
    query: init.canonicalQuery,
    cityName,
    /** A typed city the API could not resolve: the page says so instead of searching elsewhere unnoticed. */
    cityNotFound: Boolean(init.state.city && !init.city && init.state.lat === undefined),
    searched: init.request !== null,
    tiles: init.hits.map(tileFieldsOf),
    promoted: promotedOf(init.meta),
    total: Number(meta.total ?? 0),
    facets: facetCounts(init.meta),
    /** The member radii 150–500 (the viewer's benefit search_radius, as the API answered it). */
    wideRadius: wideRadiusFor(init.searcher),
    sorts: [...SORTS_FOR_TARGET[effectiveTarget]],
    defaultSort: SORTS_FOR_TARGET[effectiveTarget].includes(sortDefault.sort) ? sortDefault.sort : SORTS_FOR_TARGET[effectiveTarget][0],
    sortForced: sortDefault.forcedInUrl && SORTS_FOR_TARGET[effectiveTarget].includes(sortDefault.sort),
    allowed: [...allowed].sort(),
    onlyShowTypes: ONLY_SHOW_TYPES.filter(
      (type) =>
        !(
          (type === "is_new" || type === "is_hot" || type === "on_tour" || type === "exclusive_content" || type === "fsk18_photos") &&
          !allowed.has(type)
        ),
    ),
    priceDurations: allowed.has("price_durations") ? [...PRICE_DURATIONS] : [],
    /** The appearance section's fields this searcher may use (none in escorts' searches). */
    appearance: appearanceFields(allowedAppearanceParams(init.searcher, effectiveTarget)),
    countries: countryChoices(lang),
    inputErrors,
    links: searchLinks(lang, init.state, {
      mode,
      target: effectiveTarget,
      businessKind,
      sortForced: sortDefault.forcedInUrl && SORTS_FOR_TARGET[effectiveTarget].includes(sortDefault.sort),
      inputErrors,
    }),
    inputBounds: SEARCH_INPUT_BOUNDS,
    rawInputs: rawInputs(url.searchParams, inputErrors),
  };
}

export type SearchPageData = Extract<Awaited<ReturnType<typeof loadSearchPage>>, { kind: "search" }>;
export type GuestPromptData = Extract<Awaited<ReturnType<typeof loadSearchPage>>, { kind: "guest_prompt" }>;

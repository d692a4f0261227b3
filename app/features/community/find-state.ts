/**
 * The searches' URL state (ADR 104): `events/{activeCategory?}?…` and `blogs/{activeCategory?}?…`. The category is a
 * path segment (one crawlable address per category); the other filters are the query of a plain GET form. A value
 * the contract does not list is dropped and the page redirects to the clean address, so every result has one URL.
 */
import { BLOG_CATEGORIES, BLOG_SORTS, DEFAULT_BLOG_SORT } from "#server/contract/blogs";
import {
  BLOG_ONLY_SHOW,
  BLOG_PUBLISHED_WITHIN,
  BLOG_RADII_KM,
  FIND_VIEWS,
  type BlogSearchQuery,
  type EventSearchQuery,
} from "#server/contract/community";
import { DEFAULT_EVENT_SORT, EVENT_CATEGORIES, EVENT_PRICE_BANDS, EVENT_SORTS } from "#server/contract/events";
import { SELECTABLE_USER_TYPES } from "#server/contract/users";

type Raw = Record<string, string>;
const PAGE = /^[1-9]\d{0,3}$/;

const oneOf = (list: readonly string[], value: string | null) => (value !== null && list.includes(value) ? value : undefined);
const userTypes = SELECTABLE_USER_TYPES.map(String);

/** What a search page reads from its address: the category (path), the API's query, and the clean query string. */
export interface FindState<Query> {
  category: string | undefined;
  /** The API's query, without the category when the path has none. */
  query: Query;
  /** The clean query string (no category, no defaults), "" when empty. */
  search: string;
  /** The address differs from the clean one (a dropped value, a category in the query): redirect. */
  redirect: boolean;
}

function cleaned(url: URL, keys: Record<string, (value: string) => string | undefined>, defaults: Raw): { kept: Raw; dropped: boolean } {
  const kept: Raw = {};
  let dropped = false;
  for (const [key, value] of url.searchParams) {
    const check = keys[key];
    const ok = check ? check(value) : undefined;
    if (ok === undefined || ok === "" || defaults[key] === ok) dropped = true;
    else kept[key] = ok;
  }
  return { kept, dropped };
}

function searchOf(kept: Raw): string {
  const params = new URLSearchParams(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
  const text = params.toString();
  return text ? `?${text}` : "";
}

const COMMON = {
  view: (v: string) => oneOf(FIND_VIEWS, v),
  page: (v: string) => (PAGE.test(v) ? v : undefined),
  near: (v: string) => (v.trim() && v.trim().length <= 100 ? v.trim() : undefined),
};

/** Parses events/{activeCategory?}; null when the path's category is unknown (404). */
export function eventFindState(url: URL, pathCategory: string | undefined): FindState<EventSearchQuery> | null {
  if (pathCategory !== undefined && !oneOf(EVENT_CATEGORIES, pathCategory)) return null;
  const { kept, dropped } = cleaned(
    url,
    {
      ...COMMON,
      category: (v) => oneOf(EVENT_CATEGORIES, v),
      organizers_user_type: (v) => oneOf(userTypes, v),
      price: (v) =>
        oneOf(
          EVENT_PRICE_BANDS.map((b) => b.key),
          v,
        ),
      country: (v) => (/^[A-Z]{2}$/.test(v) ? v : undefined),
      sort: (v) => oneOf(EVENT_SORTS, v),
    },
    { sort: DEFAULT_EVENT_SORT, view: FIND_VIEWS[0], page: "1" },
  );
  // The form sends the category as a field: it moves into the path.
  const category = kept.category ?? pathCategory;
  const movedCategory = kept.category !== undefined;
  delete kept.category;
  // A place to measure from only matters to the distance sort.
  if (kept.near !== undefined && kept.sort !== "distance") delete kept.near;
  return {
    category,
    query: {
      category: category as EventSearchQuery["category"],
      organizers_user_type: kept.organizers_user_type === undefined ? undefined : Number(kept.organizers_user_type),
      price: kept.price as EventSearchQuery["price"],
      country: kept.country,
      sort: kept.sort as EventSearchQuery["sort"],
      near: kept.near,
      view: kept.view as EventSearchQuery["view"],
      page: Number(kept.page ?? 1),
    },
    search: searchOf(kept),
    redirect: dropped || movedCategory || searchOf(kept) !== (url.search === "?" ? "" : url.search),
  };
}

/** Parses blogs/{activeCategory?}; null when the path's category is unknown (404). */
export function blogFindState(url: URL, pathCategory: string | undefined): FindState<BlogSearchQuery> | null {
  if (pathCategory !== undefined && !oneOf(BLOG_CATEGORIES, pathCategory)) return null;
  const { kept, dropped } = cleaned(
    url,
    {
      ...COMMON,
      category: (v) => oneOf(BLOG_CATEGORIES, v),
      user_type: (v) => oneOf(userTypes, v),
      only_show: (v) => oneOf(BLOG_ONLY_SHOW, v),
      published: (v) => oneOf(Object.keys(BLOG_PUBLISHED_WITHIN), v),
      radius: (v) => oneOf(BLOG_RADII_KM.map(String), v),
      sort: (v) => oneOf(BLOG_SORTS, v),
    },
    { sort: DEFAULT_BLOG_SORT, view: FIND_VIEWS[0], page: "1", radius: "500" },
  );
  const category = kept.category ?? pathCategory;
  const movedCategory = kept.category !== undefined;
  delete kept.category;
  // Radius and place only matter to "nearby".
  if (kept.only_show !== "nearby") {
    delete kept.radius;
    delete kept.near;
  }
  return {
    category,
    query: {
      category: category as BlogSearchQuery["category"],
      user_type: kept.user_type === undefined ? undefined : Number(kept.user_type),
      only_show: kept.only_show as BlogSearchQuery["only_show"],
      published: kept.published as BlogSearchQuery["published"],
      radius: kept.radius === undefined ? undefined : Number(kept.radius),
      near: kept.near,
      sort: kept.sort as BlogSearchQuery["sort"],
      view: kept.view as BlogSearchQuery["view"],
      page: Number(kept.page ?? 1),
    },
    search: searchOf(kept),
    redirect: dropped || movedCategory || searchOf(kept) !== (url.search === "?" ? "" : url.search),
  };
}

/** The same address with some query values changed (undefined removes one); the page number resets unless given. */
export function withQuery(base: string, search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const sorted = new URLSearchParams([...params].sort(([a], [b]) => a.localeCompare(b)));
  const text = sorted.toString();
  return text ? `${base}?${text}` : base;
}

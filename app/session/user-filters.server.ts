/**
 * The saved search (spec sections 2 and 4: "a saved user_filters entry"; "the
 * search home link is rebuilt from the user's saved filters"). Clients and
 * escorts (savesFilters) keep their last search of a listing path in the
 * user_filters cookie as the path after the language: `escorts/neu?city=…`.
 *
 * The cookie is read like any other input: the listing word and preset must
 * be known, the query goes through the one mapping (parseSearchParams,
 * normalizeUrlState, serializeSearchParams), so a forged or stale cookie
 * yields a canonical link or nothing, never an error. Guests never get it.
 */
import { findPopFilter } from "#server/contract/pop-filters";
import {
  LISTING_PATHS,
  normalizeUrlState,
  parseSearchParams,
  savesFilters,
  searchTargetFor,
  serializeSearchParams,
  type SearchTarget,
  type Searcher,
} from "#server/contract/search";
import { APPEARANCE_CATALOG } from "#server/contract/search-appearance";
import { COOKIE, parseCookies, serializeCookie } from "./session.server";

export const USER_FILTERS_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Longer values are neither saved nor read (a canonical search is far shorter). */
export const USER_FILTERS_MAX_LENGTH = 1024;

/** Listing words of the paths whose searches are saved, per target. */
export const SAVED_LISTINGS: Partial<Record<SearchTarget, string>> = { escort: LISTING_PATHS.escort, client: LISTING_PATHS.client };
const TARGET_OF_LISTING = new Map(Object.entries(SAVED_LISTINGS).map(([target, word]) => [word, target as SearchTarget]));

/** Member home paths whose preset searches count as searches of the viewer's own target. */
const HOME_WORDS = new Set(["homepage", "homepage-pop"]);

/**
 * The canonical saved value for a listing word, preset slug and query, or
 * null when any part is not acceptable for this searcher.
 */
export function savedSearchValue(
  listing: string,
  popFilters: string | null | undefined,
  query: URLSearchParams,
  searcher: Searcher,
): string | null {
  if (!savesFilters(searcher.userType)) return null;
  const target = TARGET_OF_LISTING.get(listing);
  if (!target || searchTargetFor(searcher, target) !== target) return null;
  if (popFilters && !findPopFilter(popFilters, target)) return null;
  const state = normalizeUrlState(parseSearchParams(query), searcher, { impliedUserType: target, appearance: APPEARANCE_CATALOG });
  // The listing word carries the target, the path the preset; a saved search starts at page 1.
  const canonical = serializeSearchParams({ ...state, page: 1, userType: undefined, popFilters: undefined }).toString();
  const value = `${listing}${popFilters ? `/${popFilters}` : ""}${canonical ? `?${canonical}` : ""}`;
  return value.length <= USER_FILTERS_MAX_LENGTH ? value : null;
}

/** Reads a saved value (cookie content) back; anything malformed gives null. */
export function parseSavedSearch(raw: string | null | undefined, searcher: Searcher): string | null {
  if (typeof raw !== "string" || raw === "" || raw.length > USER_FILTERS_MAX_LENGTH) return null;
  const queryAt = raw.indexOf("?");
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const match = /^([a-z]+)(?:\/([a-z0-9-]{1,60}))?$/.exec(path);
  if (!match?.[1]) return null;
  return savedSearchValue(match[1], match[2], new URLSearchParams(queryAt === -1 ? "" : raw.slice(queryAt + 1)), searcher);
}

/**
 * What a request's own URL saves: a listing path (/{lang}/escorts[/{preset}]),
 * or a member home with a preset (counted as the viewer's own target). Null
 * for any other page.
 */
export function savedSearchFromUrl(url: URL, searcher: Searcher): string | null {
  const [, , word, slug, extra] = url.pathname.split("/");
  if (!word || extra !== undefined) return null;
  if (TARGET_OF_LISTING.has(word)) return savedSearchValue(word, slug || null, url.searchParams, searcher);
  if (HOME_WORDS.has(word) && slug) {
    const listing = SAVED_LISTINGS[searchTargetFor(searcher, undefined)];
    return listing ? savedSearchValue(listing, slug, url.searchParams, searcher) : null;
  }
  return null;
}

/** The saved search in the request's cookie, validated for this searcher. */
export function readSavedSearch(request: Request, searcher: Searcher): string | null {
  return parseSavedSearch(parseCookies(request.headers.get("cookie")).get(COOKIE.userFilters), searcher);
}

/**
 * Set-Cookie for a request whose URL is a saved search, or null (guest,
 * other page, or the cookie already holds it).
 */
export function userFiltersSetCookie(request: Request, searcher: Searcher): string | null {
  const saved = savedOf(request, searcher);
  const value = saved.fromUrl();
  if (!value || saved.fromCookie() === value) return null;
  return serializeCookie(COOKIE.userFilters, value, { httpOnly: true, maxAge: USER_FILTERS_MAX_AGE_S });
}

/** The header's search link (path after the language): the saved search, else the listing of the viewer's own target. */
export function searchHomePath(request: Request, searcher: Searcher): string | null {
  if (!savesFilters(searcher.userType)) return null;
  const saved = savedOf(request, searcher);
  return saved.fromUrl() ?? saved.fromCookie() ?? SAVED_LISTINGS[searchTargetFor(searcher, undefined)] ?? null;
}

/** A request's saved-search values, each worked out on first use. */
interface SavedOfRequest {
  searcher: string;
  fromUrl: () => string | null;
  fromCookie: () => string | null;
}
const savedByRequest = new WeakMap<Request, SavedOfRequest>();

/**
 * The URL's and the cookie's saved values of one request, worked out once: the search loader's Set-Cookie and the
 * layout's search link both ask, and each answer parses and normalises a whole search state (ADR 177). Another
 * searcher for the same Request (none in practice) gets its own.
 */
function savedOf(request: Request, searcher: Searcher): SavedOfRequest {
  const key = JSON.stringify(searcher);
  const known = savedByRequest.get(request);
  if (known?.searcher === key) return known;
  const once = (work: () => string | null) => {
    let value: string | null | undefined;
    return () => (value === undefined ? (value = work()) : value);
  };
  const saved: SavedOfRequest = {
    searcher: key,
    fromUrl: once(() => savedSearchFromUrl(new URL(request.url), searcher)),
    fromCookie: once(() => readSavedSearch(request, searcher)),
  };
  savedByRequest.set(request, saved);
  return saved;
}

/**
 * Finding events and posts in the web tier (issue 29, ADR 104): the searches events/{activeCategory?} and
 * blogs/{activeCategory?}, the profile tabs p/{username}/events and /blogs, the /node/event/* and /node/blog/*
 * first-screen data, and the directory city page's upcoming events. Every rule is the API's; this reads the address.
 */
import { data, json, redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { BlogSearchQuery, EventSearchQuery } from "#server/contract/community";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  fetchBlogDetail,
  fetchCityEvents,
  fetchEventDetail,
  fetchUserBlogs,
  fetchUserEvents,
  searchBlogs,
  searchEvents,
  type BlogSearchData,
  type EventSearchData,
  type EventTileData,
} from "~/api/community.server";
import { createApiClient, type ApiClient, type ApiResult } from "~/api/client.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { noStore, privateAnswer } from "~/utils/cache-headers";
import { notFoundResponse } from "~/utils/not-found.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { blogFindState, eventFindState, type FindState } from "./find-state";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

function unavailable(): never {
  throw new Response(null, { status: 503, headers: noStore() });
}

const PAGE = /^[1-9]\d{0,3}$/;

// --- events/{activeCategory?} and blogs/{activeCategory?} ------------------------------------------------------

/** What differs between the two searches: the path, how the address is read, the API call, the texts' section. */
interface CommunitySearch<Query, Result> {
  path: "events" | "blogs";
  findState: (url: URL, activeCategory: string | undefined) => FindState<Query> | null;
  search: (api: ApiClient, query: Query) => Promise<ApiResult<Result>>;
  categoryTexts: "event_categories" | "blog_categories";
}

const EVENT_SEARCH: CommunitySearch<EventSearchQuery, EventSearchData> = {
  path: "events",
  findState: eventFindState,
  search: searchEvents,
  categoryTexts: "event_categories",
};
const BLOG_SEARCH: CommunitySearch<BlogSearchQuery, BlogSearchData> = {
  path: "blogs",
  findState: blogFindState,
  search: searchBlogs,
  categoryTexts: "blog_categories",
};

/** The first-screen data of a search: what the page renders and /node/{event,blog}/search-init answers. */
async function searchInit<Query, Result>(
  kind: CommunitySearch<Query, Result>,
  request: Request,
  context: AppLoadContext,
  activeCategory: string | undefined,
) {
  const state = kind.findState(new URL(request.url), activeCategory);
  if (!state) return null;
  const result = await kind.search(createApiClient({ request, context }), state.query);
  if (!result.ok) unavailable();
  return { state, result: result.data };
}

async function loadSearchPage<Query extends { near?: string }, Result extends { page: number }>(
  kind: CommunitySearch<Query, Result>,
  { request, context, params }: LoaderFunctionArgs,
) {
  const lang = langOf(params);
  const state = kind.findState(new URL(request.url), params.activeCategory);
  if (!state) throw await notFoundResponse(request);
  const base = localePath(lang, state.category ? `${kind.path}/${state.category}` : kind.path);
  if (state.redirect) throw redirect(`${base}${state.search}`);
  const init = (await searchInit(kind, request, context ?? {}, params.activeCategory))!;
  const t = await i18nServer.getFixedT(request);
  const categoryName = state.category ? t(`community.${kind.categoryTexts}.${state.category}`) : null;
  const heading = categoryName
    ? t(`community.${kind.path}.heading_category`, { category: categoryName })
    : t(`community.${kind.path}.heading`);
  return data(
    {
      lang,
      root: localePath(lang, kind.path),
      base,
      search: state.search,
      category: state.category ?? null,
      near: state.query.near ?? "",
      result: init.result,
      heading,
      title: `${heading}${init.result.page > 1 ? t("community.page_suffix", { page: init.result.page }) : ""} | ${brand.name}`,
      description: t(`community.${kind.path}.meta_description`, {
        brand: brand.name,
        category: categoryName ?? t(`community.${kind.path}.all`),
      }),
    },
    { headers: publicPageHeaders(request) },
  );
}

export const loadEventSearch = (args: LoaderFunctionArgs) => loadSearchPage(EVENT_SEARCH, args);
export const loadBlogSearch = (args: LoaderFunctionArgs) => loadSearchPage(BLOG_SEARCH, args);

// --- profile tabs ------------------------------------------------------------------------------------------------

/** p/{username}/events: the member's events (the profile layout answers 404 for a member not shown). */
export async function loadProfileEvents({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchUserEvents(createApiClient({ request, context }), params.username ?? "");
  if (!result.ok && result.status !== 404) unavailable();
  const empty = { upcoming: [] as EventTileData[], past: [] as EventTileData[], attending: null };
  return data({ lang: langOf(params), events: result.ok ? result.data : empty }, { headers: PRIVATE_HEADERS });
}

/** p/{username}/blogs?page=n: the member's public posts. */
export async function loadProfileBlogs({ request, context, params }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw !== null && PAGE.test(raw) ? Number(raw) : 1;
  const result = await fetchUserBlogs(createApiClient({ request, context }), params.username ?? "", page);
  if (!result.ok && result.status !== 404) unavailable();
  const posts = result.ok ? result.data : { items: [], page, pageSize: 10, hasMore: false };
  return data({ lang: langOf(params), posts }, { headers: PRIVATE_HEADERS });
}

// --- the directory's city page -----------------------------------------------------------------------------------

/** A city's next events for its directory page; none when the API cannot say (the page renders without them). */
export async function cityUpcomingEvents(request: Request, context: AppLoadContext | undefined, country: string, city: string) {
  const result = await fetchCityEvents(createApiClient({ request, context }), country, city);
  return result.ok ? result.data.items : [];
}

// --- /node/* first-screen data -----------------------------------------------------------------------------------

/** The answer of a /node path: `{ code, data }` like the API's, per viewer (never shared-cached). */
function nodeAnswer(body: unknown) {
  return json({ code: 200, data: body }, { headers: privateAnswer() });
}

function nodeFailure(status: number) {
  const code = status === 404 ? 404 : 503;
  const title = code === 404 ? "exception.common.not_found" : "exception.common.service_unavailable";
  return json({ code, errors: [{ code, title }] }, { status: code, headers: privateAnswer() });
}

/** GET /node/event/search-init/{activeCategory?}?{query}. */
export async function nodeEventSearchInit({ request, context, params }: LoaderFunctionArgs) {
  const init = await searchInit(EVENT_SEARCH, request, context ?? {}, params.activeCategory);
  return init ? nodeAnswer({ category: init.state.category ?? null, query: init.state.search, ...init.result }) : nodeFailure(404);
}

/** GET /node/blog/search-init/{activeCategory?}?{query}. */
export async function nodeBlogSearchInit({ request, context, params }: LoaderFunctionArgs) {
  const init = await searchInit(BLOG_SEARCH, request, context ?? {}, params.activeCategory);
  return init ? nodeAnswer({ category: init.state.category ?? null, query: init.state.search, ...init.result }) : nodeFailure(404);
}

/** GET /node/event/detail-init/{slug}. */
export async function nodeEventDetail({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchEventDetail(createApiClient({ request, context }), params.slug ?? "");
  return result.ok ? nodeAnswer(result.data) : nodeFailure(result.status);
}

/** GET /node/event/user-list/{username}. */
export async function nodeEventUserList({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchUserEvents(createApiClient({ request, context }), params.username ?? "");
  return result.ok ? nodeAnswer(result.data) : nodeFailure(result.status);
}

/** GET /node/blog/detail/{slug}. */
export async function nodeBlogDetail({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchBlogDetail(createApiClient({ request, context }), params.slug ?? "");
  return result.ok ? nodeAnswer(result.data) : nodeFailure(result.status);
}

/** GET /node/blog/{username}/list-init (page 1) and /node/blog/{username}/list?page=n. */
export async function nodeBlogUserList({ request, context, params }: LoaderFunctionArgs, first: boolean) {
  const raw = new URL(request.url).searchParams.get("page");
  if (!first && raw !== null && !PAGE.test(raw)) return nodeFailure(404);
  const page = first || raw === null ? 1 : Number(raw);
  const result = await fetchUserBlogs(createApiClient({ request, context }), params.username ?? "", page);
  return result.ok ? nodeAnswer(result.data) : nodeFailure(result.status);
}

/**
 * The pages favorite, visitor and favorite_visitor (spec section 2 "Personal", issue 11): the URL says the
 * list's type, page and filters; the API decides what the member may see (a locked list carries the count).
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { USER_LIST_PAGE_MAX, USER_LIST_PAGE_SIZE, userListQuerySchema, type UserListFilters } from "#server/contract/favorites";
import { createApiClient, type Params } from "~/api/client.server";
import { fetchUserList, type UserListData, type UserListGroup } from "~/api/favorites.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The filter parameters of the page's URL (the same names as the API's query). */
const FILTER_KEYS = ["only_show_type", "gender", "user_type", "age", "race_type", "figure_type", "meeting_option", "city"] as const;

export interface UserListUrl {
  type: 1 | 2;
  page: number;
  filters: UserListFilters;
  /** The filters as they go back into links (pager, tabs keep none). */
  query: string;
}

/**
 * Reads the page's URL. A value the API would refuse (an old bookmark, a hand-edited link) is dropped, not
 * answered with an error page: the list shows without that filter.
 */
export function parseUserListUrl(url: URL): UserListUrl {
  const typeRaw = url.searchParams.get("type");
  const type = typeRaw === "2" ? 2 : 1;
  const pageRaw = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= USER_LIST_PAGE_MAX ? pageRaw : 1;
  const filters: Record<string, unknown> = {};
  const query = new URLSearchParams();
  query.set("type", String(type));
  for (const key of FILTER_KEYS) {
    const values = url.searchParams.getAll(key).filter((value) => value !== "");
    if (values.length === 0) continue;
    const raw = key === "city" ? values[0]! : values;
    const parsed = v.safeParse(userListQuerySchema, { type: "1", [key]: raw });
    if (!parsed.success) continue;
    filters[key] = parsed.output[key];
    for (const value of key === "city" ? [values[0]!] : values) query.append(key, value);
  }
  return { type, page, filters: filters as UserListFilters, query: query.toString() };
}

export function apiParams(type: number, page: number, pageSize: number, filters: UserListFilters): Params {
  return { type, page_no: page, page_size: pageSize, ...(filters as Record<string, number | string | Array<string | number>>) };
}

/** Whether any filter is set (the empty state then offers to reset them). */
export function hasFilters(filters: UserListFilters): boolean {
  return Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
}

export interface UserListPageData {
  group: UserListGroup;
  title: string;
  url: UserListUrl;
  list: UserListData;
}

/**
 * Past the last page (an old link, a list that shrank): where to go instead, or null to stay. A locked list
 * has no items on any page but a total, so it goes to its first page (never to a later one: that loops).
 */
export function pastLastPageRedirect(pathname: string, url: UserListUrl, list: Pick<UserListData, "items" | "total" | "locked">) {
  if (list.items.length > 0 || list.total === 0 || url.page === 1) return null;
  const last = list.locked ? 1 : Math.ceil(list.total / USER_LIST_PAGE_SIZE);
  if (last >= url.page) return null;
  return `${pathname}?${url.query}${last > 1 ? `&page=${last}` : ""}`;
}

export async function loadUserListPage({ request, context }: LoaderFunctionArgs, group: UserListGroup) {
  await requireViewer(request, context);
  const url = parseUserListUrl(new URL(request.url));
  const api = createApiClient({ request, context });
  const result = await fetchUserList(api, group, apiParams(url.type, url.page, USER_LIST_PAGE_SIZE, url.filters));
  if (!result.ok)
    throw new Response(null, { status: result.status >= 500 || result.status === 0 ? 503 : result.status, headers: PRIVATE_HEADERS });
  const target = pastLastPageRedirect(new URL(request.url).pathname, url, result.data);
  if (target) throw redirect(target, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const title = t(group === "favorites" ? "favorites.title" : "favorites.visitors_title");
  const page: UserListPageData = { group, title, url, list: result.data };
  return data(page, { headers: PRIVATE_HEADERS });
}

/** favorite_visitor: the first tiles of all four lists, each with its count and a link to the whole list. */
export const OVERVIEW_TILES = 4;

export async function loadOverviewPage({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const sections = [
    { group: "favorites", type: 1 },
    { group: "favorites", type: 2 },
    { group: "visitors", type: 1 },
    { group: "visitors", type: 2 },
  ] as const;
  const results = await Promise.all(sections.map((s) => fetchUserList(api, s.group, apiParams(s.type, 1, OVERVIEW_TILES, {}))));
  const lists = results.map((result, i) => {
    if (!result.ok)
      throw new Response(null, { status: result.status >= 500 || result.status === 0 ? 503 : result.status, headers: PRIVATE_HEADERS });
    return { ...sections[i]!, list: result.data };
  });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("favorites.overview_title"), lists }, { headers: PRIVATE_HEADERS });
}

import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { SearchTarget } from "#server/contract/search";
import { i18nServer } from "~/i18n/i18next.server";
import { loadSearchInit } from "~/search/search.server";
import type { Tile } from "./ResultTiles";


/** Loader of a listing path: the path implies whom the search is for. */
export async function loadSearchPage({ request, context }: LoaderFunctionArgs, target: SearchTarget) {
  const url = new URL(request.url);
  const init = await loadSearchInit(request, context, { impliedUserType: target, mode: target === "business" ? "business" : "user" });
  if (init.needsRedirect) {
    const query = init.canonicalQuery;
    throw redirect(`${url.pathname}${query ? `?${query}` : ""}`);
  }
  const t = await i18nServer.getFixedT(request);
  const meta = (init.meta ?? { total: 0 }) as { total: number };
  return {
    target,
    title: t(`search.targets.${target}.meta_title`),
    description: t(`search.targets.${target}.meta_description`),
    state: init.state,
    query: init.canonicalQuery,
    cityName: init.city?.name ?? init.state.city ?? "",
    searched: init.request !== null,
    tiles: init.hits as Tile[],
    total: meta.total,
    isMember: Boolean((init.filters as { radius_options?: number[] } | null)?.radius_options?.some((r) => r > 100)),
  };
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;

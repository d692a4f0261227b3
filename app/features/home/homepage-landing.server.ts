/**
 * /{lang}/homepage-landing/{popFilters?} (G): the guest landing (campaigns): hero, join prompt and escorts
 * with the preset (else the top-ranked ones). noindex: it repeats the home page or /escorts/{slug}
 * (docs/decisions/010). Signed-in users belong on their own home.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { DEFAULT_LOCATION } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { brand } from "~/brand/brand";
import { withQuery } from "~/components/search/links";
import { i18nServer } from "~/i18n/i18next.server";
import { listPageOf, loadHomeTiles, popFilterChips, popFilterQueryTarget, type ListPage } from "~/features/home/home-search.server";
import { loadSearchInit } from "~/features/search/search.server";
import { privateAnswer } from "~/utils/cache-headers";
import { notFoundResponse } from "~/utils/not-found.server";

export async function loadHomepageLanding({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const slug = params.popFilters ?? null;
  if (api.session.token) throw redirect(`/${lang}/homepage${slug ? `/${slug}` : ""}`, { headers: privateAnswer() });
  const moved = slug ? null : popFilterQueryTarget(url, "escort");
  if (moved) throw redirect(moved);
  let list: ListPage;
  if (slug) {
    const init = await loadSearchInit(request, context, { impliedUserType: "escort", pathPopFilters: slug });
    if (init.unknownPopFilter) throw await notFoundResponse(request);
    if (init.needsRedirect) throw redirect(withQuery(url.pathname, init.canonicalQuery));
    list = listPageOf(init);
  } else {
    const top = await loadHomeTiles(api, DEFAULT_LOCATION, brand.id);
    list = { tiles: top.tiles, total: top.total, page: 1, pages: 1, query: "" };
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("home_landing.meta_title", { brand: brand.name }),
      description: t("home_landing.meta_description", { brand: brand.name }),
      chips: popFilterChips("escort", slug, (s) => `homepage-landing/${s}`),
      clearPath: slug ? "homepage-landing" : null,
      ...list,
    },
    { headers: publicPageHeaders(request) },
  );
}

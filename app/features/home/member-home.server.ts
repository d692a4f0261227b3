import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { searchTargetFor } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { i18nServer } from "~/i18n/i18next.server";
import { listPageOf, loadPersonalized, popFilterChips, popFilterQueryTarget } from "~/features/home/home-search.server";
import { loadSearchInit, searcherOf } from "~/features/search/search.server";
import { loadViewer } from "~/api/viewer.server";
import { userFiltersSetCookie } from "~/session/user-filters.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { withQuery } from "~/components/search/links";

export type MemberHomeVariant = "homepage" | "homepage-pop";

/**
 * homepage/{popFilters?} and homepage-pop/{popFilters?} (login needed): the
 * personalized search; with a preset, the viewer's own search around their
 * city with that preset (saved as their search, docs/decisions/010). The -pop
 * variant shows the popular-filter panel.
 */
export async function loadMemberHome({ request, context, params }: LoaderFunctionArgs, variant: MemberHomeVariant) {
  const url = new URL(request.url);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const viewer = await loadViewer(request, context);
  if (!viewer) throw redirect(`/${lang}/login?r=${encodeURIComponent(url.pathname + url.search)}`, { headers: PRIVATE_HEADERS });
  const searcher = searcherOf(viewer);
  const target = searchTargetFor(searcher, undefined);
  const slug = params.popFilters ?? null;
  const headers = new Headers(PRIVATE_HEADERS);

  const moved = slug ? null : popFilterQueryTarget(url, target);
  if (moved) throw redirect(moved, { headers: PRIVATE_HEADERS });

  let list;
  let filterKey: string | null = null;
  if (slug) {
    const init = await loadSearchInit(request, context, {
      impliedUserType: target,
      pathPopFilters: slug,
      fallbackCity: viewer.profile.cityName,
    });
    if (init.unknownPopFilter) throw await notFoundResponse(request);
    if (init.needsRedirect) throw redirect(withQuery(url.pathname, init.canonicalQuery), { headers: PRIVATE_HEADERS });
    list = listPageOf(init);
    filterKey = init.popFilter?.key ?? null;
    const cookie = userFiltersSetCookie(request, searcher);
    if (cookie) headers.append("Set-Cookie", cookie);
  } else {
    list = await loadPersonalized(createApiClient({ request, context }), url);
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      variant,
      title: t("home_member.meta_title"),
      name: viewer.profile.displayName,
      filterKey,
      chips: variant === "homepage-pop" ? popFilterChips(target, slug, (s) => `${variant}/${s}`) : [],
      clearPath: slug ? variant : null,
      ...list,
    },
    { headers },
  );
}

import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { clampRadius, serializeSearchParams, wideRadiusFor } from "#server/contract/search";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { i18nServer } from "~/i18n/i18next.server";
import { listPageOf, popFilterChips } from "~/features/home/home-search.server";
import { loadViewer } from "~/api/viewer.server";
import { loadSearchInit } from "~/features/search/search.server";
import { withQuery } from "~/components/search/links";

export type NearbyVariant = "nearby" | "nearby-pop";

/**
 * nearby and nearby-pop (G): profiles of the searcher's own target nearest
 * first (sort distance, fixed, never in the URL). The place: lat/lon from the
 * query, else the city, else the signed-in user's own city, else Berlin.
 * nearby-pop adds the popular filters as the popFilters query parameter.
 */
export async function loadNearby({ request, context }: LoaderFunctionArgs, variant: NearbyVariant) {
  const url = new URL(request.url);
  const viewer = await loadViewer(request, context);
  const init = await loadSearchInit(request, context, { fixedSort: "distance", fallbackCity: viewer?.profile.cityName ?? null });
  if (init.needsRedirect) throw redirect(withQuery(url.pathname, init.canonicalQuery));
  const t = await i18nServer.getFixedT(request);
  const active = init.popFilter?.slug ?? null;
  // A chip keeps the place and radius; choosing one starts again at page 1.
  const chipQuery = (slug: string | null) => {
    const params = serializeSearchParams({
      ...init.state,
      page: 1,
      ...(slug ? { popFilters: slug } : { popFilters: undefined }),
    }).toString();
    return withQuery(variant, params);
  };
  return data(
    {
      variant,
      title: t(variant === "nearby-pop" ? "nearby.pop_meta_title" : "nearby.meta_title"),
      description: t("nearby.meta_description"),
      placeName: init.state.lat !== undefined ? null : (init.city?.name ?? null),
      // Searching around a position: the form carries it on (hidden fields) and the intro says so.
      position: init.state.lat !== undefined && init.state.lon !== undefined ? { lat: init.state.lat, lon: init.state.lon } : null,
      cityInput: init.state.city ?? "",
      radius: clampRadius(init.state.radius, wideRadiusFor(init.searcher)),
      popFilters: active,
      chips: variant === "nearby-pop" ? popFilterChips(init.target, active, (slug) => chipQuery(slug)) : [],
      clearPath: variant === "nearby-pop" && active ? chipQuery(null) : null,
      searched: init.request !== null,
      ...listPageOf(init),
    },
    { headers: publicPageHeaders(request) },
  );
}

/**
 * SEO directory (G): /{lang}/{category}/{country}/{region}/{city}/{spot?}. The route also receives every
 * other unknown two-segment path, so anything that is not a directory page answers the real 404. A spot
 * (a district or venue of the city, ADR 136) lists the profiles near it; an unknown spot is a 404.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { directoryBreadcrumbs, directoryPath, isSeoCategory, parseDirectoryPage, SEO_PAGE_SIZE } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { cityUpcomingEvents } from "~/features/community/community.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchDirectory } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { noStore } from "~/utils/cache-headers";
import { notFoundResponse } from "~/utils/not-found.server";
import { publicOrigin } from "~/utils/seo";

export async function loadDirectory({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const category = params.category;
  if (!isSeoCategory(category)) throw await notFoundResponse(request);
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page");
  const page = parseDirectoryPage(rawPage);
  if (page === null) throw await notFoundResponse(request);
  const address = { category, country: params.country, region: params.region, city: params.city, spot: params.spot };
  // One URL per page: ?page=1 (or other parameters) is the bare address.
  if (rawPage === "1" || [...url.searchParams.keys()].some((key) => key !== "page"))
    throw redirect(localePath(lang, directoryPath(address, page)), 301);

  const api = createApiClient({ request, context });
  const result = await fetchDirectory(api, { ...address, page });
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) throw await notFoundResponse(request);
    throw new Response(null, { status: 502, headers: noStore() });
  }
  const dir = result.data;
  // A city page links the city's next events (issue 29 item 6).
  const cityEvents = dir.city && dir.country ? await cityUpcomingEvents(request, context, dir.country.code, dir.city.slug) : [];
  const t = await i18nServer.getFixedT(request);
  const categoryName = t(`seo.categories.${category}.name`);
  const place =
    (dir.spot && dir.city ? `${dir.spot.name}, ${dir.city.name}` : null) ??
    dir.city?.name ??
    dir.region?.name ??
    (dir.country ? t(`seo.countries.${dir.country.code}`) : null);
  const heading = place ? t("seo.heading_place", { category: categoryName, place }) : t("seo.heading_all", { category: categoryName });
  const pageSuffix = page > 1 ? t("seo.page_suffix", { page }) : "";
  const where = place ?? t("seo.everywhere");
  const crumbs = directoryBreadcrumbs(address, {
    countryCode: dir.country?.code,
    regionName: dir.region?.name,
    cityName: dir.city?.name,
    spotName: dir.spot?.name,
  }).map((c) => ({
    href: localePath(lang, c.path),
    label: c.translate ? t(c.label, { brand: brand.name }) : c.label,
  }));
  const origin = publicOrigin();
  const selfPath = localePath(lang, directoryPath(address, page));
  const jsonLd = [
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: `${origin}${c.href}` })),
    },
    {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: heading,
      numberOfItems: dir.profiles.length,
      itemListElement: dir.profiles.map((p, i) => ({
        "@type": "ListItem",
        position: (page - 1) * SEO_PAGE_SIZE + i + 1,
        url: `${origin}${localePath(lang, `p/${p.username}`)}`,
        name: p.displayName,
      })),
    },
  ];
  return data(
    {
      lang,
      dir,
      cityEvents,
      heading,
      title: `${heading}${pageSuffix} | ${brand.name}`,
      description: t(`seo.categories.${category}.description`, { place: where, count: dir.total, brand: brand.name }) + pageSuffix,
      // A city has no smaller places to list: its one line is the profile count (no "(0)" places line).
      intro: [
        t(`seo.categories.${category}.intro`, { place: where, count: dir.total }),
        ...(dir.spot
          ? [t("seo.intro.spot", { radius: dir.spot.radiusKm, place: dir.spot.name })]
          : dir.level === "city"
            ? []
            : [t(`seo.intro.${dir.level}`, { count: dir.places.length, place: where })]),
      ],
      crumbs,
      selfPath,
      jsonLd,
    },
    { headers: publicPageHeaders(request) },
  );
}

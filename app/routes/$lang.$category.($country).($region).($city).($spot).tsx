import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { directoryBreadcrumbs, directoryPath, isSeoCategory, parseDirectoryPage, SEO_PAGE_SIZE } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/api/profiles.server";
import { fetchDirectory } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import * as css from "~/components/directory/directory.css";
import { ProfileTiles } from "~/components/directory/ProfileTiles";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { JsonLd } from "~/components/JsonLd";
import { profileHeaders } from "~/components/profile/meta";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { errorMeta } from "~/utils/error-meta";
import { rootOrigin } from "~/utils/meta";
import { notFoundResponse } from "~/utils/not-found.server";
import { pageMeta, publicOrigin } from "~/utils/seo";
import { noStore } from "~/utils/cache-headers";

/**
 * SEO directory (G): /{lang}/{category}/{country}/{region}/{city}/{spot?}.
 * This route also receives every other unknown two-segment path, so anything
 * that is not a directory page answers the real 404. Spots (districts) have
 * no data yet: a spot URL is a 404, never a thin copy of the city page.
 */
export const handle = { i18n: ["directory"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const category = params.category;
  if (!isSeoCategory(category) || params.spot) throw await notFoundResponse(request);
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page");
  const page = parseDirectoryPage(rawPage);
  if (page === null) throw await notFoundResponse(request);
  const address = { category, country: params.country, region: params.region, city: params.city };
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
  const t = await i18nServer.getFixedT(request);
  const categoryName = t(`seo.categories.${category}.name`);
  const place = dir.city?.name ?? dir.region?.name ?? (dir.country ? t(`seo.countries.${dir.country.code}`) : null);
  const heading = place ? t("seo.heading_place", { category: categoryName, place }) : t("seo.heading_all", { category: categoryName });
  const pageSuffix = page > 1 ? t("seo.page_suffix", { page }) : "";
  const where = place ?? t("seo.everywhere");
  const crumbs = directoryBreadcrumbs(address, {
    countryCode: dir.country?.code,
    regionName: dir.region?.name,
    cityName: dir.city?.name,
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
      heading,
      title: `${heading}${pageSuffix} | ${brand.name}`,
      description: t(`seo.categories.${category}.description`, { place: where, count: dir.total, brand: brand.name }) + pageSuffix,
      // A city has no smaller places to list: its one line is the profile count (no "(0)" places line).
      intro: [
        t(`seo.categories.${category}.intro`, { place: where, count: dir.total }),
        ...(dir.level === "city" ? [] : [t(`seo.intro.${dir.level}`, { count: dir.places.length, place: where })]),
      ],
      crumbs,
      selfPath,
      jsonLd,
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers = profileHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  error || !data
    ? errorMeta(error)
    : pageMeta({ title: data.title, description: data.description, origin: rootOrigin(matches), pathname: data.selfPath });

export default function DirectoryPage() {
  const { lang, dir, heading, intro, crumbs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const address = { category: dir.category, country: dir.country?.slug, region: dir.region?.slug, city: dir.city?.slug };
  return (
    <main className={ui.page}>
      <JsonLd data={useLoaderData<typeof loader>().jsonLd} />
      <nav aria-label={t("seo.breadcrumb.label")}>
        <ol className={css.crumbs}>
          {crumbs.map((c, i) => (
            <li key={c.href} className={css.crumb}>
              {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <Link to={c.href}>{c.label}</Link>}
            </li>
          ))}
        </ol>
      </nav>
      <h1>{heading}</h1>
      {intro.map((line) => (
        <p key={line}>{line}</p>
      ))}

      {dir.places.length > 0 ? (
        <section aria-labelledby="places-heading">
          <h2 id="places-heading">{t(`seo.places.${dir.level}`)}</h2>
          <ul className={css.places}>
            {dir.places.map((p) => (
              <li key={p.path}>
                <Link to={localePath(lang, p.path)}>{p.nameKey ? t(p.nameKey) : p.name}</Link>{" "}
                <span className={ui.muted}>({t("seo.profile_count", { count: p.profiles })})</span>
                {p.teaser.length > 0 ? (
                  <p className={ui.muted} style={{ margin: 0 }}>
                    {p.teaser.map((x, i) => (
                      <span key={x.username}>
                        {i > 0 ? ", " : null}
                        <Link to={localePath(lang, `p/${x.username}`)}>{x.displayName}</Link>
                      </span>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">{t("seo.profiles_heading", { count: dir.total })}</h2>
        <ProfileTiles profiles={dir.profiles} />
      </section>

      {dir.pages > 1 ? (
        <nav aria-label={t("seo.pagination")}>
          <ul className={css.pager}>
            {Array.from({ length: dir.pages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                {n === dir.page ? (
                  <span className={css.pageLink} aria-current="page">
                    {n}
                  </span>
                ) : (
                  <Link
                    className={css.pageLink}
                    to={localePath(lang, directoryPath(address, n))}
                    rel={n === dir.page + 1 ? "next" : n === dir.page - 1 ? "prev" : undefined}
                  >
                    {n}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to={localePath(lang, "seo_guide")}>{t("seo.guide_link")}</Link> ·{" "}
        <Link to={localePath(lang, "location_guide")}>{t("seo.location_guide_link")}</Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

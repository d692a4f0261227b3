/** The SEO directory page: breadcrumbs, intro, the places one level down, the profiles and the pager. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { directoryPath } from "#server/contract/seo";
import { ProfileTiles } from "~/components/directory/ProfileTiles";
import { JsonLd } from "~/components/JsonLd";
import { CityEvents } from "~/features/community/CityEvents";
import { PromotedSlot } from "~/components/tiles/PromotedSlot";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./directory.css";
import type { loadDirectory } from "./directory.server";

export function DirectoryPage() {
  const { lang, dir, heading, intro, crumbs, cityEvents } = useLoaderData<typeof loadDirectory>();
  const { t } = useTranslation();
  const address = {
    category: dir.category,
    country: dir.country?.slug,
    region: dir.region?.slug,
    city: dir.city?.slug,
    spot: dir.spot?.slug,
  };
  return (
    <main className={ui.page}>
      <JsonLd data={useLoaderData<typeof loadDirectory>().jsonLd} />
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

      {dir.spots.length > 0 ? (
        <section aria-labelledby="spots-heading">
          <h2 id="spots-heading">{t("seo.places.city")}</h2>
          <ul className={css.spots}>
            {dir.spots.map((spot) => (
              <li key={spot.path}>
                <Link className={css.spotLink} to={localePath(lang, spot.path)}>
                  {spot.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">{t("seo.profiles_heading", { count: dir.total })}</h2>
        <PromotedSlot profiles={dir.promoted} />
        {dir.spot && dir.total === 0 ? <p>{t("seo.spot_empty", { radius: dir.spot.radiusKm, spot: dir.spot.name })}</p> : null}
        <ProfileTiles profiles={dir.profiles} />
        {dir.spot && dir.city ? (
          <p>
            <Link to={localePath(lang, directoryPath({ ...address, spot: undefined }))}>
              {t("seo.spot_city_link", { city: dir.city.name })}
            </Link>
          </p>
        ) : null}
      </section>

      {dir.city ? <CityEvents events={cityEvents} city={dir.city.name} lang={lang} /> : null}

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

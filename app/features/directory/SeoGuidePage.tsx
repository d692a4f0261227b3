/**
 * seo_guide: how the directory is organised — its levels with today's page counts and an example chain from the
 * directory's own data (ADR 138), and a link to every category that has profiles.
 */
import { Fragment } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SEO_MAX_CITY_DISPLAY, SEO_MAX_PAGE, SEO_PAGE_SIZE } from "#server/contract/seo";
import { brand } from "~/brand/brand";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./directory.css";
import type { loadSeoGuide } from "./seo-guide.server";

export function SeoGuidePage() {
  const { lang, categories, levels } = useLoaderData<typeof loadSeoGuide>();
  const { t } = useTranslation();
  const n = new Intl.NumberFormat(lang);
  return (
    <main className={ui.page}>
      <h1>{t("seo.guide.heading")}</h1>
      <p>{t("seo.guide.intro", { brand: brand.name })}</p>
      <h2>{t("seo.guide.how_title")}</h2>
      <p>
        {t("seo.guide.how_text", {
          cities: n.format(SEO_MAX_CITY_DISPLAY),
          per_page: n.format(SEO_PAGE_SIZE),
          pages: n.format(SEO_MAX_PAGE),
        })}
      </p>
      <h2>{t("seo.guide.levels_title")}</h2>
      <ol className={css.levels} data-testid="seo-guide-levels">
        {levels.map(({ level, pages, example }) => (
          <li key={level} data-level={level}>
            <strong>{t(`seo.guide.levels.${level}.name`)}</strong>{" "}
            <span className={ui.muted}>({t("seo.guide.level_pages", { count: pages, formatted: n.format(pages) })})</span>
            <p className={css.levelText}>{t(`seo.guide.levels.${level}.text`)}</p>
            {example ? (
              <p className={css.levelText}>
                {t("seo.guide.example")}{" "}
                <Link className={css.exampleLink} to={localePath(lang, example)}>
                  {/* A long address wraps after a slash on a phone, never inside a place name. */}
                  {`/${lang}/${example}`.split("/").map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 ? (
                        <>
                          /<wbr />
                        </>
                      ) : null}
                      {part}
                    </Fragment>
                  ))}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <h2>{t("seo.guide.categories_title")}</h2>
      <dl className={css.explain}>
        {categories.map(({ word, live }) => (
          <div key={word}>
            <dt>
              {live ? (
                <Link className={css.placeLink} to={localePath(lang, word)}>
                  {t(`seo.categories.${word}.name`)}
                </Link>
              ) : (
                t(`seo.categories.${word}.name`)
              )}
            </dt>
            <dd>{t(`seo.categories.${word}.summary`)}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("seo.guide.safety_title")}</h2>
      <p>{t("seo.guide.safety_text")}</p>
      <p className={ui.row}>
        <Link className={ui.blockLink} to={localePath(lang, "location_guide")}>
          {t("seo.location_guide_link")}
        </Link>
        <Link className={ui.blockLink} to={localePath(lang, "about/rules")}>
          {t("seo.guide.rules_link")}
        </Link>
      </p>
    </main>
  );
}

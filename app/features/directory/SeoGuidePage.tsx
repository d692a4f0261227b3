/** seo_guide: how the directory is organised, with a link to every category that has profiles. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { brand } from "~/brand/brand";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadSeoGuide } from "./seo-guide.server";

export function SeoGuidePage() {
  const { lang, categories } = useLoaderData<typeof loadSeoGuide>();
  const { t } = useTranslation();
  return (
    <main className={ui.page}>
      <h1>{t("seo.guide.heading")}</h1>
      <p>{t("seo.guide.intro", { brand: brand.name })}</p>
      <h2>{t("seo.guide.how_title")}</h2>
      <p>{t("seo.guide.how_text")}</p>
      <h2>{t("seo.guide.categories_title")}</h2>
      <dl>
        {categories.map(({ word, live }) => (
          <div key={word}>
            <dt>{live ? <Link to={localePath(lang, word)}>{t(`seo.categories.${word}.name`)}</Link> : t(`seo.categories.${word}.name`)}</dt>
            <dd>{t(`seo.categories.${word}.summary`)}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("seo.guide.safety_title")}</h2>
      <p>{t("seo.guide.safety_text")}</p>
      <p>
        <Link to={localePath(lang, "location_guide")}>{t("seo.location_guide_link")}</Link> ·{" "}
        <Link to={localePath(lang, "about/rules")}>{t("seo.guide.rules_link")}</Link>
      </p>
    </main>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { SEO_CATEGORY_WORDS } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/api/profiles.server";
import { fetchDirectorySitemap } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/components/profile/meta";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";

/** seo_guide (G): how the directory is organised, with a link to every category that has profiles. */
export const handle = { i18n: ["directory"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const result = await fetchDirectorySitemap(api);
  const live = new Set(result.ok ? result.data.map((e) => e.path) : []);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      // Only categories with profiles are linked: a link to an empty category would be a 404.
      categories: SEO_CATEGORY_WORDS.map((word) => ({ word, live: live.has(word) })),
      title: t("seo.guide.meta_title", { brand: brand.name }),
      description: t("seo.guide.meta_description", { brand: brand.name }),
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default function SeoGuide() {
  const { lang, categories } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

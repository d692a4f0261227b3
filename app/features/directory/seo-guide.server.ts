/** seo_guide (G): the directory's categories, each marked live when it has profiles. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { SEO_CATEGORY_WORDS } from "#server/contract/seo";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchDirectorySitemap } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";

export async function loadSeoGuide({ request, context, params }: LoaderFunctionArgs) {
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

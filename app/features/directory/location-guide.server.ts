/** The location guide (G): every country, region and city with providers. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchLocations } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { noStore } from "~/utils/cache-headers";

export async function loadLocationGuide({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const api = createApiClient({ request, context });
  const result = await fetchLocations(api);
  if (!result.ok) throw new Response(null, { status: 502, headers: noStore() });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      countries: result.data,
      title: t("seo.location_guide.meta_title", { brand: brand.name }),
      description: t("seo.location_guide.meta_description", { brand: brand.name }),
    },
    { headers: publicPageHeaders(request) },
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchSitemapIndex } from "~/api/seo.server";
import { publicOrigin } from "~/utils/seo";
import { SITEMAP_HEADERS, sitemapFileNames, sitemapIndexXml } from "~/utils/sitemap";
import { noStore } from "~/utils/cache-headers";

/** The sitemap index: per language the info pages and every sitemap the features contribute (GET /seo/sitemaps, ADR 064). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const index = await fetchSitemapIndex(createApiClient({ request, context }));
  if (!index.ok) return new Response("", { status: 503, headers: { ...noStore(), "Retry-After": "60" } });
  const origin = publicOrigin();
  const files = SUPPORTED_LANGUAGES.flatMap((lang) => [
    { loc: `${origin}/sitemaps/${lang}/pages.xml`, lastModified: null },
    ...index.data.files.flatMap((file) =>
      sitemapFileNames(file).map((name, i) => ({
        loc: `${origin}/sitemaps/${lang}/${name}`,
        lastModified: i === 0 ? file.lastModified : null,
      })),
    ),
  ]);
  return new Response(sitemapIndexXml(files), { headers: SITEMAP_HEADERS });
}

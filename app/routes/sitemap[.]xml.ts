import type { LoaderFunctionArgs } from "@remix-run/node";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchDirectorySitemap, fetchProfileSitemap, type SitemapEntry } from "~/api/seo.server";
import { publicOrigin } from "~/utils/seo";
import { SITEMAP_HEADERS, sitemapIndexXml } from "~/utils/sitemap";
import { noStore } from "~/utils/cache-headers";

/** The sitemap index: per language the info pages, the directory and the profiles (in parts of 10,000). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const [directory, profiles] = await Promise.all([fetchDirectorySitemap(api), fetchProfileSitemap(api, 1)]);
  if (!directory.ok || !profiles.ok) return new Response("", { status: 503, headers: { ...noStore(), "Retry-After": "60" } });
  const parts = Number((profiles.meta as { parts?: number } | undefined)?.parts ?? 1);
  const newest = (entries: SitemapEntry[]) =>
    entries.reduce<number | null>((max, e) => (max === null || e.lastModified > max ? e.lastModified : max), null);
  const origin = publicOrigin();
  const files = SUPPORTED_LANGUAGES.flatMap((lang) => [
    { loc: `${origin}/sitemaps/${lang}/pages.xml`, lastModified: null },
    { loc: `${origin}/sitemaps/${lang}/directory.xml`, lastModified: newest(directory.data) },
    ...Array.from({ length: parts }, (_, i) => ({
      loc: `${origin}/sitemaps/${lang}/profiles-${i + 1}.xml`,
      lastModified: i === 0 ? newest(profiles.data) : null,
    })),
  ]);
  return new Response(sitemapIndexXml(files), { headers: SITEMAP_HEADERS });
}

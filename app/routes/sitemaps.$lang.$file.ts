import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchDirectorySitemap, fetchProfileSitemap } from "~/api/seo.server";
import { publicOrigin } from "~/utils/seo";
import { infoSitemapPaths, SITEMAP_HEADERS, urlsetXml } from "~/utils/sitemap";
import { noStore } from "~/utils/cache-headers";

/** /sitemaps/{lang}/pages.xml, directory.xml and profiles-{n}.xml (guest-visible profiles only). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = params.lang;
  const file = params.file ?? "";
  if (!isLanguage(lang)) return new Response("", { status: 404 });
  const origin = publicOrigin();
  if (file === "pages.xml") {
    return new Response(
      urlsetXml(
        origin,
        lang,
        infoSitemapPaths().map((path) => ({ path, lastModified: null })),
      ),
      { headers: SITEMAP_HEADERS },
    );
  }
  const api = createApiClient({ request, context });
  const profilesPart = /^profiles-([1-9]\d{0,4})\.xml$/.exec(file);
  if (file !== "directory.xml" && !profilesPart) return new Response("", { status: 404 });
  const result = profilesPart ? await fetchProfileSitemap(api, Number(profilesPart[1])) : await fetchDirectorySitemap(api);
  if (!result.ok) return new Response("", { status: result.status === 404 ? 404 : 503, headers: noStore() });
  return new Response(
    urlsetXml(
      origin,
      lang,
      result.data.map((e) => ({ path: e.path, lastModified: e.lastModified })),
    ),
    { headers: SITEMAP_HEADERS },
  );
}

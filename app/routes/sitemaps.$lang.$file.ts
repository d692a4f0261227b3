import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchSitemapEntries } from "~/api/seo.server";
import { publicOrigin } from "~/utils/seo";
import { infoSitemapPaths, parseSitemapFileName, SITEMAP_HEADERS, urlsetXml } from "~/utils/sitemap";
import { noStore } from "~/utils/cache-headers";

/** /sitemaps/{lang}/pages.xml (the info pages), and {name}.xml or {name}-{n}.xml of each sitemap a feature contributes. */
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
  const wanted = parseSitemapFileName(file);
  if (!wanted) return new Response("", { status: 404 });
  const result = await fetchSitemapEntries(createApiClient({ request, context }), wanted.name, wanted.part ?? 1);
  if (!result.ok) return new Response("", { status: result.status === 404 ? 404 : 503, headers: noStore() });
  // Each part has one address: numbered files only for a numbered sitemap.
  if ((result.meta as { paged?: boolean } | undefined)?.paged !== (wanted.part !== null)) return new Response("", { status: 404 });
  return new Response(
    urlsetXml(
      origin,
      lang,
      result.data.map((e) => ({ path: e.path, lastModified: e.lastModified })),
    ),
    { headers: SITEMAP_HEADERS },
  );
}

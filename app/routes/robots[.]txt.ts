import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/utils/seo";
import { robotsTxt } from "~/utils/sitemap";

/** robots.txt: sensitive and personal routes stay out of crawlers; the sitemap index is announced. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

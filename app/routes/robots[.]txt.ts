import { publicOrigin } from "~/utils/seo";
import { robotsTxt } from "~/utils/sitemap";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

/** robots.txt: sensitive and personal routes stay out of crawlers; the sitemap index is announced. */
export function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...guestPage(GUEST_MAX_AGE.static) },
  });
}

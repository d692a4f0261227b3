/** The event page's meta: title, description, canonical and hreflang when everyone may see it; noindex otherwise. */
import type { MetaFunction } from "@remix-run/node";
import { rootOrigin } from "~/utils/meta";
import { pageMeta } from "~/utils/seo";

export const eventMeta: MetaFunction = ({ data, matches, location }) => {
  const page = (data ?? {}) as { title?: string; description?: string; indexable?: boolean };
  return pageMeta({
    title: page.title ?? "",
    description: page.description,
    origin: rootOrigin(matches),
    pathname: location.pathname,
    noindex: page.indexable !== true,
  });
};

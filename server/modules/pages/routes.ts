import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { isPageSection } from "../../contract/pages";
import { pagesOps } from "../../contract/operations/pages";
import type { ModuleContext } from "../../api/module-context";
import { loadPage } from "./service";

/** Pages change only on deploy; five minutes keeps edits visible soon after one. */
export const PAGE_CACHE_CONTROL = "public, max-age=300";

export function registerPages({ v2 }: ModuleContext): void {
  v2.add(
    pagesOps.page,
    {
      summary:
        "An info page (section about|legal|misc|partners; partners and the about index use key 'index') in the accept-language, rendered from Markdown. " +
        "version=previous serves the previous version, or the current one (version 'current') when there is none. Unknown key: 404.",
      tag: "pages",
      auth: "optional",
      statuses: [404],
    },
    async (c, { query }) => {
      const section = c.req.param("section");
      if (!isPageSection(section)) throw fail.notFound();
      const page = await loadPage(c.get("deps").config.contentDir, c.get("lang"), section, c.req.param("key") ?? "", query.version);
      if (!page) throw fail.notFound();
      c.header("Cache-Control", PAGE_CACHE_CONTROL);
      c.header("Vary", "Accept-Language");
      return ok(c, page);
    },
  );
}

import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { isPageSection } from "../../contract/pages";
import { pagesOps } from "../../contract/operations/pages";
import type { ModuleContext } from "../../api/module-context";
import { loadPublishedPage } from "./versions";

/** Five minutes in shared caches: a version published in the back office (ADR 120) shows everywhere soon after. */
export const PAGE_CACHE_CONTROL = "public, max-age=300";

export function registerPages({ v2 }: ModuleContext): void {
  v2.add(
    pagesOps.page,
    {
      summary:
        "An info page (section about|legal|misc|partners; partners and the about index use key 'index') in the accept-language, rendered from Markdown: the newest version published in the back office, else the file. " +
        "version=previous serves the previous version, or the current one (version 'current') when there is none. Unknown key: 404.",
      tag: "pages",
      auth: "optional",
      statuses: [404],
    },
    async (c, { query }) => {
      const section = c.req.param("section");
      if (!isPageSection(section)) throw fail.notFound();
      const deps = c.get("deps");
      const page = await loadPublishedPage(
        deps.db,
        deps.config.contentDir,
        c.get("lang"),
        section,
        c.req.param("key") ?? "",
        query.version,
      );
      if (!page) throw fail.notFound();
      c.header("Cache-Control", PAGE_CACHE_CONTROL);
      c.header("Vary", "Accept-Language");
      return ok(c, page);
    },
  );
}

import * as v from "valibot";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { isPageSection, PAGE_VERSIONS } from "../../contract/pages";
import type { ModuleContext } from "../../api/module-context";
import { loadPage } from "./service";

/** Pages change only on deploy; five minutes keeps edits visible soon after one. */
export const PAGE_CACHE_CONTROL = "public, max-age=300";

const pageQuerySchema = v.object({
  version: v.optional(v.picklist(PAGE_VERSIONS, "validation.invalid"), "current"),
});

export function registerPages({ v2 }: ModuleContext): void {
  v2.add(
    {
      method: "get",
      path: "/pages/:section/:key",
      response: "PageDocument",
      summary:
        "An info page (section about|legal|misc|partners; partners and the about index use key 'index') in the accept-language, rendered from Markdown. " +
        "version=previous serves the previous version, or the current one (version 'current') when there is none. Unknown key: 404.",
      tag: "pages",
      auth: "optional",
      query: pageQuerySchema,
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

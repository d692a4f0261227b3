/**
 * The sitemaps the features contribute (their manifests' `sitemaps`, ADR 064), served the same way for all: the web
 * tier's sitemap index lists what GET /seo/sitemaps answers and /sitemaps/{lang}/{file}.xml reads one part, so a
 * feature with pages worth indexing declares them in its manifest and touches neither this module nor the web tier.
 * The directory's and the profiles' sitemaps are this module's own (the manifest in index.ts).
 */
import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import type { ApiDeps, SitemapSource } from "../../api/types";
import { seoOps } from "../../contract/operations/seo";
import type { SitemapFile, SitemapIndex } from "../../contract/seo";
import { directorySitemap, profileSitemapPart } from "./service";

/** The directory's pages with guest-visible profiles: one file (the directory has far fewer pages than a file holds). */
export const directorySitemapSource: SitemapSource = {
  read: async (deps, part) => (part === 1 ? { parts: 1, entries: await directorySitemap(deps) } : null),
};

/** Guest-visible profiles, in numbered files. */
export const profilesSitemapSource: SitemapSource = { paged: true, read: profileSitemapPart };

/** Every declared sitemap with its number of parts and the newest change of its first part. */
export async function sitemapIndex(deps: ApiDeps): Promise<SitemapIndex> {
  const files = await Promise.all(
    [...deps.features.sitemaps].map(async ([name, source]): Promise<SitemapFile> => {
      const first = await source.read(deps, 1);
      const newest = (first?.entries ?? []).reduce<number | null>(
        (max, e) => (max === null || e.last_modified > max ? e.last_modified : max),
        null,
      );
      return { name, paged: source.paged === true, parts: first?.parts ?? 0, last_modified: newest };
    }),
  );
  return { files };
}

export function registerSitemaps({ v2 }: ModuleContext): void {
  v2.add(
    seoOps.sitemaps,
    {
      tag: "seo",
      auth: "optional",
      summary:
        "Every sitemap the features contribute: its name, whether its files are numbered ({name}-{n}.xml) or one ({name}.xml), its number of parts and the newest change of its first part.",
    },
    async (c) => {
      c.header("Cache-Control", "public, max-age=600");
      return ok(c, await sitemapIndex(c.get("deps")));
    },
  );

  v2.add(
    seoOps.sitemap,
    {
      tag: "seo",
      auth: "optional",
      statuses: [404],
      summary:
        "One part of a sitemap: guest-visible paths after the language with their last modification (epoch ms); meta.parts and meta.paged. 404 for an unknown name or a part past the last.",
    },
    async (c, { query }) => {
      const deps = c.get("deps");
      const source = deps.features.sitemaps.get(c.req.param("name") ?? "");
      const found = source ? await source.read(deps, query.part) : null;
      if (!source || !found) throw fail.notFound();
      c.header("Cache-Control", "public, max-age=600");
      return ok(c, found.entries, { meta: { parts: found.parts, paged: source.paged === true } });
    },
  );
}

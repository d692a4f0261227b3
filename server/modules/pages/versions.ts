/**
 * Pages edited in the back office (ADR 120): a page's published versions in the database win over its file. The
 * highest published version is in force and the one before it is "previous"; the files on disk stay the seed and
 * the fallback for every page and language nobody edited. A language is looked up in the database, then in its file,
 * then German the same way, so an edited German page never hides an English file.
 */
import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, type Language } from "../../contract/locales";
import { isPageKey, type PageDocument, type PageSection, type PageVersion } from "../../contract/pages";
import type { Database } from "../../db/schema";
import { renderMarkdown } from "./markdown";
import { loadPage } from "./service";

/** The calendar day (UTC) a version was published, as the files' `updated` field gives it. */
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

async function fromDatabase(
  db: Kysely<Database>,
  language: Language,
  section: PageSection,
  key: string,
  version: PageVersion,
): Promise<PageDocument | null> {
  const rows = await db
    .selectFrom("page_versions")
    .select(["title", "description", "markdown", "published_at"])
    .where("section", "=", section)
    .where("page_key", "=", key)
    .where("language", "=", language)
    .where("published_at", "is not", null)
    .orderBy("version", "desc")
    .limit(2)
    .execute();
  const [current, previous] = rows;
  if (!current) return null;
  const served = version === "previous" && previous ? previous : current;
  return {
    section,
    key,
    version: served === previous ? "previous" : "current",
    language,
    title: served.title,
    description: served.description,
    updated_at: dayOf(Number(served.published_at)),
    html: renderMarkdown(served.markdown),
    has_previous: previous !== undefined,
  };
}

/** One page as the public reads it: edited versions first, the files second; null for an unknown key. */
export async function loadPublishedPage(
  db: Kysely<Database>,
  contentDir: string,
  language: Language,
  section: PageSection,
  key: string,
  version: PageVersion = "current",
): Promise<PageDocument | null> {
  if (!isPageKey(section, key)) return null;
  for (const candidate of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
    const edited = await fromDatabase(db, candidate, section, key, version);
    if (edited) return edited;
    const file = await loadPage(contentDir, candidate, section, key, version);
    // loadPage falls back to German on its own; German's edited versions must be asked first.
    if (file && file.language === candidate) return file;
  }
  return null;
}

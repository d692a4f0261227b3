/**
 * Info pages from per-language Markdown files that operators edit:
 *   {contentDir}/{lang}/{about,legal,misc}/{key}.md, {contentDir}/{lang}/partners.md,
 *   and optionally {key}.previous.md beside a page for its previous version.
 * Each file starts with a front matter block (title, description, updated).
 *
 * Decision for /previous when a page has no previous file: the current version
 * is served with version "current" (the web tier adds a note). Links to
 * "the previous version" in mails and notices thus never break, and a reader
 * always sees a text, the one in force.
 *
 * Files change only on deploy, so rendered pages are cached per process.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, type Language } from "../../contract/locales";
import { isPageKey, type PageDocument, type PageSection, type PageVersion } from "../../contract/pages";
import { renderMarkdown } from "./markdown";

const frontMatterSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  description: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  updated: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
});
type FrontMatter = v.InferOutput<typeof frontMatterSchema>;

/** A content file an operator broke; the message names the file and the problem. */
export class ContentFileError extends Error {
  override name = "ContentFileError";
}

/**
 * Splits "---\nkey: value\n---\nbody". Only flat `key: value` lines are
 * allowed (values may be quoted), which is all the pages need and keeps a
 * YAML parser out of the request path.
 */
export function parseContentFile(text: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new ContentFileError(`${file}: missing front matter (--- title/description/updated ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const pair = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!pair) throw new ContentFileError(`${file}: front matter line is not "key: value": ${line}`);
    fields[pair[1]!] = unquote(pair[2]!.trim());
  }
  const result = v.safeParse(frontMatterSchema, fields);
  if (!result.success) {
    const fieldNames = result.issues.map((issue) => v.getDotPath(issue) ?? "?").join(", ");
    throw new ContentFileError(`${file}: front matter needs title, description and updated (YYYY-MM-DD); check ${fieldNames}`);
  }
  return { meta: result.output, body: match[2]! };
}

function unquote(value: string): string {
  if (value.length >= 2 && ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))) {
    return value.slice(1, -1);
  }
  return value;
}

export function contentFilePath(contentDir: string, language: Language, section: PageSection, key: string, version: PageVersion): string {
  const suffix = version === "previous" ? ".previous.md" : ".md";
  if (section === "partners") return join(contentDir, language, `partners${suffix}`);
  return join(contentDir, language, section, `${key}${suffix}`);
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function buildPage(
  contentDir: string,
  language: Language,
  section: PageSection,
  key: string,
  version: PageVersion,
): Promise<PageDocument | null> {
  // A page missing in one translation falls back to German, the binding text.
  for (const candidate of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
    const currentPath = contentFilePath(contentDir, candidate, section, key, "current");
    const current = await readIfExists(currentPath);
    if (current === null) continue;
    const previousPath = contentFilePath(contentDir, candidate, section, key, "previous");
    const previous = await readIfExists(previousPath);
    const servePrevious = version === "previous" && previous !== null;
    const { meta, body } = servePrevious ? parseContentFile(previous, previousPath) : parseContentFile(current, currentPath);
    return {
      section,
      key,
      version: servePrevious ? "previous" : "current",
      language: candidate,
      title: meta.title,
      description: meta.description,
      updated_at: meta.updated,
      html: renderMarkdown(body),
      has_previous: previous !== null,
    };
  }
  return null;
}

/**
 * The front matter and Markdown of one page's file in exactly one language (no fallback), or null: the editor's
 * starting text before anybody edited the page, and the seed of its version history (ADR 120).
 */
export async function readPageSource(
  contentDir: string,
  language: Language,
  section: PageSection,
  key: string,
): Promise<{ title: string; description: string; updated: string; markdown: string } | null> {
  if (!isPageKey(section, key)) return null;
  const path = contentFilePath(contentDir, language, section, key, "current");
  const text = await readIfExists(path);
  if (text === null) return null;
  const { meta, body } = parseContentFile(text, path);
  return { ...meta, markdown: body };
}

const cache = new Map<string, Promise<PageDocument | null>>();

/** One page, or null when the section has no such key or no file for it. */
export function loadPage(
  contentDir: string,
  language: Language,
  section: PageSection,
  key: string,
  version: PageVersion = "current",
): Promise<PageDocument | null> {
  // Keys come only from the catalog, so no request can name another file.
  if (!isPageKey(section, key)) return Promise.resolve(null);
  const cacheKey = [contentDir, language, section, key, version].join("\u0000");
  let page = cache.get(cacheKey);
  if (!page) {
    page = buildPage(contentDir, language, section, key, version);
    cache.set(cacheKey, page);
    // A failed read is not remembered: the next request tries again.
    page.catch(() => cache.delete(cacheKey));
  }
  return page;
}

/** For tests that write content files during a run. */
export function clearPageCache(): void {
  cache.clear();
}

/**
 * The info and legal pages' editor (issue 30 item 5, ADR 120): staff with content.edit publish a page's Markdown per
 * language as a numbered version; the version before the new one becomes what /previous serves. The first edit of a
 * page in a language stores the file's text as version 1, so the history and the "previous" address start with the
 * text that was in force. Restoring publishes an old version's text again as the newest.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { PAGE_HISTORY_MAX, type PageEditorIndex, type PageEditorPage, type PageVersionInput } from "../../contract/editors";
import { SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/locales";
import { isPageKey, isPageSection, PAGE_CATALOG, PAGE_SECTIONS, type PageSection } from "../../contract/pages";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { readPageSource } from "../pages/index";
import { lineDiff } from "./diff";

/** The reason stored with version 1 when the file's text is taken into the history. */
export const SEED_REASON = "file";

export interface PageAddress {
  section: string;
  key: string;
  language: string;
}

function checked(address: PageAddress): { section: PageSection; key: string; language: Language } {
  const { section, key, language } = address;
  if (!isPageSection(section) || !isPageKey(section, key) || !isLanguage(language)) throw fail.notFound();
  return { section, key, language };
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
};

/** GET /backoffice/pages: every page of the catalog and the version in force per language (null: the file). */
export async function pageEditorIndex(deps: ApiDeps, staffId: number): Promise<PageEditorIndex> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const rows = await deps.db
    .selectFrom("page_versions")
    .select(["section", "page_key", "language", (eb) => eb.fn.max("version").as("version")])
    .where("published_at", "is not", null)
    .groupBy(["section", "page_key", "language"])
    .execute();
  const inForce = new Map(rows.map((row) => [`${row.section}/${row.page_key}/${row.language}`, Number(row.version)]));
  return {
    items: PAGE_SECTIONS.flatMap((section) =>
      PAGE_CATALOG[section].keys.map((key) => ({
        section,
        key,
        versions: Object.fromEntries(
          SUPPORTED_LANGUAGES.map((language) => [language, inForce.get(`${section}/${key}/${language}`) ?? null]),
        ) as Record<Language, number | null>,
      })),
    ),
  };
}

/** GET /backoffice/pages/{section}/{key}/{language}: the text of a version (default: in force), its diff and the history. */
export async function pageEditor(deps: ApiDeps, staffId: number, address: PageAddress, version?: number): Promise<PageEditorPage> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const { section, key, language } = checked(address);
  const rows = await deps.db
    .selectFrom("page_versions")
    .leftJoin("users", "users.id", "page_versions.author_id")
    .select([
      "page_versions.version",
      "page_versions.title",
      "page_versions.description",
      "page_versions.markdown",
      "page_versions.reason",
      "page_versions.created_at",
      "page_versions.published_at",
      "users.username as author_name",
    ])
    .where("page_versions.section", "=", section)
    .where("page_versions.page_key", "=", key)
    .where("page_versions.language", "=", language)
    .orderBy("page_versions.version", "desc")
    .limit(PAGE_HISTORY_MAX)
    .execute();
  if (rows.length === 0) {
    if (version !== undefined) throw fail.notFound();
    // Nobody edited it yet: the file's text in this language, or the German one to translate from.
    const source =
      (await readPageSource(deps.config.contentDir, language, section, key)) ??
      (await readPageSource(deps.config.contentDir, DEFAULT_LANGUAGE, section, key));
    return {
      section,
      key,
      language,
      source: "file",
      shown: { version: null, title: source?.title ?? "", description: source?.description ?? "", markdown: source?.markdown ?? "" },
      diff: [],
      versions: [],
    };
  }
  const published = rows.filter((row) => row.published_at !== null);
  const currentVersion = published[0]?.version ?? null;
  const previousVersion = published[1]?.version ?? null;
  const shownIndex =
    version === undefined ? rows.findIndex((row) => row.version === currentVersion) : rows.findIndex((row) => row.version === version);
  if (shownIndex < 0) throw fail.notFound();
  const shown = rows[shownIndex]!;
  const before = rows[shownIndex + 1];
  return {
    section,
    key,
    language,
    source: "database",
    shown: { version: shown.version, title: shown.title, description: shown.description, markdown: shown.markdown },
    diff: before ? lineDiff(before.markdown, shown.markdown) : [],
    versions: rows.map((row) => ({
      version: row.version,
      reason: row.reason,
      author_name: row.author_name ?? null,
      created_at: Number(row.created_at),
      published_at: row.published_at === null ? null : Number(row.published_at),
      current: row.version === currentVersion,
      previous: row.version === previousVersion,
    })),
  };
}

async function publish(
  deps: ApiDeps,
  trx: Transaction<Database>,
  staffId: number,
  page: { section: PageSection; key: string; language: Language },
  text: { title: string; description: string; markdown: string; reason: string },
  action: string,
  now: number,
): Promise<void> {
  const newest = await trx
    .selectFrom("page_versions")
    .select(["version", "title", "reason"])
    .where("section", "=", page.section)
    .where("page_key", "=", page.key)
    .where("language", "=", page.language)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  let last = newest?.version ?? 0;
  let before: unknown = newest ? { version: newest.version, title: newest.title, reason: newest.reason } : null;
  if (!newest) {
    // The file's text becomes version 1: it is what was in force, and what /previous serves after this edit.
    const source = await readPageSource(deps.config.contentDir, page.language, page.section, page.key);
    if (source) {
      last = 1;
      await trx
        .insertInto("page_versions")
        .values({
          section: page.section,
          page_key: page.key,
          language: page.language,
          version: 1,
          title: source.title,
          description: source.description,
          markdown: source.markdown,
          reason: SEED_REASON,
          author_id: null,
          created_at: now,
          published_at: Date.parse(`${source.updated}T00:00:00Z`),
        })
        .execute();
      before = { version: 1, title: source.title, reason: SEED_REASON };
    }
  }
  await trx
    .insertInto("page_versions")
    .values({
      section: page.section,
      page_key: page.key,
      language: page.language,
      version: last + 1,
      title: text.title,
      description: text.description,
      markdown: text.markdown,
      reason: text.reason,
      author_id: staffId,
      created_at: now,
      published_at: now,
    })
    .execute();
  await recordAudit(
    trx,
    {
      actorId: staffId,
      action,
      subjectType: "page",
      subjectId: `${page.section}/${page.key}/${page.language}`,
      reason: text.reason,
      before,
      after: { version: last + 1, title: text.title, reason: text.reason },
    },
    now,
  );
}

async function inTransaction(deps: ApiDeps, work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  try {
    await deps.db.transaction().execute(work);
  } catch (error) {
    // Two editors published the same page at once: the second is told to look again, nothing is lost silently.
    if (isUniqueViolation(error)) throw fail.conflict("exception.editors.page_changed");
    throw error;
  }
}

/** POST /backoffice/pages/{section}/{key}/{language}: a new version, in force at once. */
export async function publishPageVersion(
  deps: ApiDeps,
  staffId: number,
  address: PageAddress,
  input: PageVersionInput,
): Promise<PageEditorPage> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const page = checked(address);
  await inTransaction(deps, (trx) => publish(deps, trx, staffId, page, input, "page.publish", deps.clock.now()));
  return pageEditor(deps, staffId, address);
}

/** POST …/restore: an old version's text published again as the newest version. 404 for an unknown version. */
export async function restorePageVersion(
  deps: ApiDeps,
  staffId: number,
  address: PageAddress,
  input: { version: number; reason: string },
): Promise<PageEditorPage> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const page = checked(address);
  await inTransaction(deps, async (trx) => {
    const old = await trx
      .selectFrom("page_versions")
      .select(["title", "description", "markdown"])
      .where("section", "=", page.section)
      .where("page_key", "=", page.key)
      .where("language", "=", page.language)
      .where("version", "=", input.version)
      .executeTakeFirst();
    if (!old) throw fail.notFound();
    await publish(deps, trx, staffId, page, { ...old, reason: input.reason }, "page.restore", deps.clock.now());
  });
  return pageEditor(deps, staffId, address);
}

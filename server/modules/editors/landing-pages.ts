/**
 * The SEO landing pages' editor (issue 30 item 5, ADR 120): lp/{shortUrl} pages created, edited and taken off line
 * by staff with content.edit. The page's filters stay the spec's url_detail list (user_type, city, gender); the
 * texts per language live in landing_page_texts. The public page reads the row on every request; only the web
 * tier's guest micro-cache (5 seconds, server/micro-cache.ts) may show the old text a moment longer.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type {
  LandingPageEditInput,
  LandingPageEditorItem,
  LandingPageEditorList,
  LandingPageText,
  LandingUserType,
} from "../../contract/editors";
import { SUPPORTED_LANGUAGES, type Language } from "../../contract/locales";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { parseUrlDetail } from "../seo/index";

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
};

function urlDetailOf(input: LandingPageEditInput): string {
  const items: Array<{ name: string; value: string; active: boolean }> = [{ name: "user_type", value: input.user_type, active: true }];
  if (input.city) items.push({ name: "city", value: input.city, active: true });
  if (input.gender) items.push({ name: "gender", value: input.gender, active: true });
  return JSON.stringify(items);
}

async function itemOf(db: Transaction<Database> | ApiDeps["db"], id: number): Promise<LandingPageEditorItem | null> {
  const row = await db.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const texts = await db.selectFrom("landing_page_texts").selectAll().where("landing_page_id", "=", id).execute();
  return toItem(row, texts);
}

function toItem(
  row: { id: number; short_url: string; url_detail: string; active: number; updated_at: number },
  texts: Array<{ language: string; title: string; description: string; intro: string }>,
): LandingPageEditorItem {
  const detail = parseUrlDetail(row.url_detail);
  const value = (name: string) => detail.find((item) => item.active && item.name === name)?.value ?? "";
  return {
    id: row.id,
    short_url: row.short_url,
    user_type: (value("user_type") === "client" ? "client" : "escort") as LandingUserType,
    city: value("city"),
    gender: value("gender"),
    active: Number(row.active) === 1,
    updated_at: Number(row.updated_at),
    texts: Object.fromEntries(
      texts.map((t) => [t.language, { title: t.title, description: t.description, intro: t.intro } satisfies LandingPageText]),
    ) as Partial<Record<Language, LandingPageText>>,
  };
}

async function writeTexts(trx: Transaction<Database>, id: number, input: LandingPageEditInput): Promise<void> {
  await trx.deleteFrom("landing_page_texts").where("landing_page_id", "=", id).execute();
  // A language gets its own row only when it has a title; otherwise the German texts are shown.
  const rows = SUPPORTED_LANGUAGES.filter((lang) => input[`title_${lang}`] !== "").map((lang) => ({
    landing_page_id: id,
    language: lang,
    title: input[`title_${lang}`],
    description: input[`description_${lang}`] || input.description_de,
    intro: input[`intro_${lang}`],
  }));
  if (rows.length > 0) await trx.insertInto("landing_page_texts").values(rows).execute();
}

async function inTransaction<T>(deps: ApiDeps, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.badRequest("validation.editors.short_url_taken", "short_url");
    throw error;
  }
}

/** GET /backoffice/landing-pages: every page, short URL order. */
export async function landingPagesForEditor(deps: ApiDeps, staffId: number): Promise<LandingPageEditorList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const rows = await deps.db.selectFrom("landing_pages").selectAll().orderBy("short_url").limit(500).execute();
  const texts =
    rows.length === 0
      ? []
      : await deps.db
          .selectFrom("landing_page_texts")
          .selectAll()
          .where(
            "landing_page_id",
            "in",
            rows.map((row) => row.id),
          )
          .execute();
  return {
    items: rows.map((row) =>
      toItem(
        row,
        texts.filter((t) => t.landing_page_id === row.id),
      ),
    ),
  };
}

/** GET /backoffice/landing-pages/{id}. */
export async function landingPageForEditor(deps: ApiDeps, staffId: number, id: number): Promise<LandingPageEditorItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const item = await itemOf(deps.db, id);
  if (!item) throw fail.notFound();
  return item;
}

/** POST /backoffice/landing-pages: a new page, published at once. 400 at short_url when the address is taken. */
export async function createLandingPage(deps: ApiDeps, staffId: number, input: LandingPageEditInput): Promise<LandingPageEditorItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  return inTransaction(deps, async (trx) => {
    const row = await trx
      .insertInto("landing_pages")
      .values({ short_url: input.short_url, url_detail: urlDetailOf(input), active: 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeTexts(trx, row.id, input);
    const after = (await itemOf(trx, row.id))!;
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "landing_page.create",
        subjectType: "landing_page",
        subjectId: String(row.id),
        reason: null,
        before: null,
        after,
      },
      now,
    );
    return after;
  });
}

/** POST /backoffice/landing-pages/{id}: address, filters and texts replaced. */
export async function updateLandingPage(
  deps: ApiDeps,
  staffId: number,
  id: number,
  input: LandingPageEditInput,
): Promise<LandingPageEditorItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  return inTransaction(deps, async (trx) => {
    const before = await itemOf(trx, id);
    if (!before) throw fail.notFound();
    await trx
      .updateTable("landing_pages")
      .set({ short_url: input.short_url, url_detail: urlDetailOf(input), updated_at: now })
      .where("id", "=", id)
      .execute();
    await writeTexts(trx, id, input);
    const after = (await itemOf(trx, id))!;
    await recordAudit(
      trx,
      { actorId: staffId, action: "landing_page.update", subjectType: "landing_page", subjectId: String(id), reason: null, before, after },
      now,
    );
    return after;
  });
}

/** POST /backoffice/landing-pages/{id}/active: published again or taken off line (lp/{shortUrl} then goes home). */
export async function setLandingPageActive(deps: ApiDeps, staffId: number, id: number, active: boolean): Promise<LandingPageEditorItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  return inTransaction(deps, async (trx) => {
    const before = await itemOf(trx, id);
    if (!before) throw fail.notFound();
    await trx
      .updateTable("landing_pages")
      .set({ active: active ? 1 : 0, updated_at: now })
      .where("id", "=", id)
      .execute();
    const after = (await itemOf(trx, id))!;
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: active ? "landing_page.publish" : "landing_page.unpublish",
        subjectType: "landing_page",
        subjectId: String(id),
        reason: null,
        before: { active: before.active },
        after: { active: after.active },
      },
      now,
    );
    return after;
  });
}

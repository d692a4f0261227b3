/**
 * Missing translation keys (issue 32 item 7, ADR 136): the browser reports keys i18next could not find; each
 * language + namespace + key is one row whose count and last_seen_at grow with every report. Reports are limited per
 * visitor (IP address) and for everyone together; past either limit a report answers 429 and stores nothing. Keys that
 * read as text (with whitespace) are natural-language fallbacks shown as they are, not missing keys: never stored. The
 * number of open keys is capped, so a flood of invented keys under the limits cannot grow the table without bound.
 */
import { sql } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  MISSING_KEY_LIMITS,
  MISSING_KEYS_PER_PAGE,
  readsAsText,
  type MissingKeyItem,
  type MissingKeyList,
  type MissingKeyReceipt,
  type MissingKeyReport,
  type MissingKeyState,
} from "../../contract/translations";
import type { MissingTranslationKeysTable } from "./schema";
import { recordHit } from "../../lib/rate-limit";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";

/** Open keys kept at most; new keys beyond it are dropped (known ones still count). */
export const MAX_OPEN_KEYS = 5_000;

const TOO_MANY = "exception.translations.too_many_reports";
const NOT_FOUND = "exception.translations.key_not_found";

export async function reportMissingKeys(deps: ApiDeps, report: MissingKeyReport, clientIp: string): Promise<MissingKeyReceipt> {
  const { db, clock } = deps;
  const now = clock.now();
  const visitor = { bucket: `translations-missing:${clientIp}`, ...MISSING_KEY_LIMITS.perVisitor };
  if ((await recordHit(db, now, visitor)) > visitor.limit) throw fail.tooMany(TOO_MANY);
  const everyone = { bucket: "translations-missing:*", ...MISSING_KEY_LIMITS.global };
  if ((await recordHit(db, now, everyone)) > everyone.limit) throw fail.tooMany(TOO_MANY);

  const unique = new Map(report.keys.filter((k) => !readsAsText(k.key)).map((k) => [`${k.lng}\n${k.ns}\n${k.key}`, k]));
  if (unique.size === 0) return { counted: 0 };
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("missing_translation_keys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("fixed_at", "is", null)
      .where("dismissed_at", "is", null)
      .executeTakeFirstOrThrow();
    let room = MAX_OPEN_KEYS - Number(open.n);
    let counted = 0;
    for (const { lng, ns, key } of unique.values()) {
      const bumped = await trx
        .updateTable("missing_translation_keys")
        .set({ count: sql`count + 1`, last_seen_at: now, fixed_at: null, fixed_by: null })
        .where("language", "=", lng)
        .where("namespace", "=", ns)
        .where("key", "=", key)
        .executeTakeFirst();
      if (Number(bumped.numUpdatedRows) > 0) {
        counted++;
        continue;
      }
      if (room <= 0) continue;
      // A parallel report of the same new key counts it once more instead of failing on the unique constraint.
      await trx
        .insertInto("missing_translation_keys")
        .values({ language: lng, namespace: ns, key, count: 1, first_seen_at: now, last_seen_at: now, fixed_at: null, fixed_by: null })
        .onConflict((oc) =>
          oc.columns(["language", "namespace", "key"]).doUpdateSet({ count: sql`missing_translation_keys.count + 1`, last_seen_at: now }),
        )
        .execute();
      room--;
      counted++;
    }
    return { counted };
  });
}

type Row = Omit<MissingTranslationKeysTable, "id"> & { id: number };

/** Dismissed wins over fixed: a dismissed key stays closed whatever a later report does to fixed_at. */
const stateOf = (row: Pick<Row, "fixed_at" | "dismissed_at">): MissingKeyState =>
  row.dismissed_at !== null ? "dismissed" : row.fixed_at !== null ? "fixed" : "open";

// The row's columns are the item's; PostgreSQL may answer its integers as strings.
const itemOf = (row: Row): MissingKeyItem => ({
  id: Number(row.id),
  language: row.language,
  namespace: row.namespace,
  key: row.key,
  count: Number(row.count),
  first_seen_at: Number(row.first_seen_at),
  last_seen_at: Number(row.last_seen_at),
  fixed_at: row.fixed_at === null ? null : Number(row.fixed_at),
  dismissed_at: row.dismissed_at === null ? null : Number(row.dismissed_at),
  state: stateOf(row),
});

/**
 * GET /backoffice/translations/missing: the reported keys matching the filter, most reported first, a page at a
 * time, and the open keys per language and namespace (all of them, for the filter's overview).
 */
export async function missingKeyList(
  deps: ApiDeps,
  staffId: number,
  filter: { lng?: string | undefined; ns?: string | undefined; state: MissingKeyState | "all"; page: number },
): Promise<MissingKeyList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  let query = deps.db.selectFrom("missing_translation_keys");
  if (filter.lng) query = query.where("language", "=", filter.lng);
  if (filter.ns) query = query.where("namespace", "=", filter.ns);
  if (filter.state === "open") query = query.where("fixed_at", "is", null).where("dismissed_at", "is", null);
  if (filter.state === "fixed") query = query.where("fixed_at", "is not", null).where("dismissed_at", "is", null);
  if (filter.state === "dismissed") query = query.where("dismissed_at", "is not", null);
  const [rows, total, groups] = await Promise.all([
    query
      .selectAll()
      .orderBy("count", "desc")
      .orderBy("last_seen_at", "desc")
      .orderBy("id")
      .limit(MISSING_KEYS_PER_PAGE)
      .offset((filter.page - 1) * MISSING_KEYS_PER_PAGE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("missing_translation_keys")
      .select(["language", "namespace", (eb) => eb.fn.countAll<number>().as("open")])
      .where("fixed_at", "is", null)
      .where("dismissed_at", "is", null)
      .groupBy(["language", "namespace"])
      .orderBy("language")
      .orderBy("namespace")
      .execute(),
  ]);
  return {
    items: rows.map(itemOf),
    total: Number(total.n),
    page: filter.page,
    per_page: MISSING_KEYS_PER_PAGE,
    groups: groups.map((g) => ({ language: g.language, namespace: g.namespace, open: Number(g.open) })),
  };
}

/** POST /backoffice/translations/missing/{id}/fixed: marks a key fixed (one audit row); a later report opens it again. */
export function markKeyFixed(deps: ApiDeps, staffId: number, id: number, reason: string | undefined): Promise<MissingKeyItem> {
  return closeKey(deps, staffId, id, reason, "fixed");
}

/** POST /backoffice/translations/missing/{id}/dismissed: no key of ours (one audit row); it stays closed when reported again. */
export function dismissKey(deps: ApiDeps, staffId: number, id: number, reason: string | undefined): Promise<MissingKeyItem> {
  return closeKey(deps, staffId, id, reason, "dismissed");
}

/** Fixed and dismissed exclude each other: the later decision replaces the earlier one. */
async function closeKey(
  deps: ApiDeps,
  staffId: number,
  id: number,
  reason: string | undefined,
  as: "fixed" | "dismissed",
): Promise<MissingKeyItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  const change =
    as === "fixed"
      ? { fixed_at: now, fixed_by: staffId, dismissed_at: null, dismissed_by: null }
      : { fixed_at: null, fixed_by: null, dismissed_at: now, dismissed_by: staffId };
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("missing_translation_keys").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound(NOT_FOUND);
    await trx.updateTable("missing_translation_keys").set(change).where("id", "=", id).execute();
    const after = { ...before, ...change };
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: as === "fixed" ? "translation_key.fix" : "translation_key.dismiss",
        subjectType: "missing_translation_key",
        subjectId: String(id),
        reason: reason ? reason : null,
        before,
        after,
      },
      now,
    );
    return itemOf(after);
  });
}

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
  readsAsText,
  type MissingKeyItem,
  type MissingKeyList,
  type MissingKeyReceipt,
  type MissingKeyReport,
} from "../../contract/translations";
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

// The row's columns are the item's; PostgreSQL may answer its integers as strings.
const itemOf = (row: MissingKeyItem): MissingKeyItem => ({
  id: Number(row.id),
  language: row.language,
  namespace: row.namespace,
  key: row.key,
  count: Number(row.count),
  first_seen_at: Number(row.first_seen_at),
  last_seen_at: Number(row.last_seen_at),
  fixed_at: row.fixed_at === null ? null : Number(row.fixed_at),
});

/** GET /backoffice/translations/missing: the reported keys, most reported first, and open counts per language and namespace. */
export async function missingKeyList(
  deps: ApiDeps,
  staffId: number,
  filter: { lng?: string | undefined; ns?: string | undefined; state: "open" | "fixed" | "all" },
): Promise<MissingKeyList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  let query = deps.db.selectFrom("missing_translation_keys").selectAll();
  if (filter.lng) query = query.where("language", "=", filter.lng);
  if (filter.ns) query = query.where("namespace", "=", filter.ns);
  if (filter.state === "open") query = query.where("fixed_at", "is", null);
  if (filter.state === "fixed") query = query.where("fixed_at", "is not", null);
  const [rows, groups] = await Promise.all([
    query.orderBy("count", "desc").orderBy("last_seen_at", "desc").orderBy("id").limit(500).execute(),
    deps.db
      .selectFrom("missing_translation_keys")
      .select(["language", "namespace", (eb) => eb.fn.countAll<number>().as("open")])
      .where("fixed_at", "is", null)
      .groupBy(["language", "namespace"])
      .orderBy("language")
      .orderBy("namespace")
      .execute(),
  ]);
  return { items: rows.map(itemOf), groups: groups.map((g) => ({ language: g.language, namespace: g.namespace, open: Number(g.open) })) };
}

/** POST /backoffice/translations/missing/{id}/fixed: marks a key fixed (one audit row); a later report opens it again. */
export async function markKeyFixed(deps: ApiDeps, staffId: number, id: number, reason: string | undefined): Promise<MissingKeyItem> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("missing_translation_keys").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound(NOT_FOUND);
    await trx.updateTable("missing_translation_keys").set({ fixed_at: now, fixed_by: staffId }).where("id", "=", id).execute();
    const after = { ...before, fixed_at: now, fixed_by: staffId };
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "translation_key.fix",
        subjectType: "missing_translation_key",
        subjectId: String(id),
        reason: reason ?? null,
        before,
        after,
      },
      now,
    );
    return itemOf(after);
  });
}

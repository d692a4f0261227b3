/**
 * Profile texts under moderation (ADR 030). The `profiles` columns hold the last accepted text, which the
 * public, search and the directory read; a changed text waits in `profile_text_changes` until a team
 * member accepts it. The owner reads their own proposal at once (the forms and their own profile page
 * overlay it).
 */
import { sql, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import {
  MODERATED_TEXT_FIELD_KEYS,
  MODERATED_TEXT_FIELDS,
  TEXT_REVIEW_STATUS,
  type ModeratedTextField,
  type MyModeration,
  type RejectionReason,
} from "../../contract/moderation";
import type { Database } from "../../db/schema";

type Trx = Transaction<Database>;
type Db = ApiDeps["db"] | Trx;

/** A refusal stays on the owner's form this long after the decision (until they change the text again). */
export const REJECTION_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Records the texts a member saved: an empty text is removed at once (removing publishes nothing); the
 * published text again withdraws a waiting proposal; anything else becomes (or replaces) the one waiting
 * proposal of that field. Runs inside the form's transaction, after the profile row exists.
 */
export async function proposeTexts(
  trx: Trx,
  userId: number,
  values: Partial<Record<ModeratedTextField, string | null | undefined>>,
  now: number,
) {
  const fields = MODERATED_TEXT_FIELD_KEYS.filter((field) => field in values);
  if (fields.length === 0) return;
  const accepted = await trx
    .selectFrom("profiles")
    .select(fields.map((field) => MODERATED_TEXT_FIELDS[field]))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  for (const field of fields) {
    const value = values[field]?.trim() || null;
    const column = MODERATED_TEXT_FIELDS[field];
    const published = (accepted as Record<string, string | null> | undefined)?.[column] ?? null;
    const withdraw = () =>
      trx
        .deleteFrom("profile_text_changes")
        .where("user_id", "=", userId)
        .where("field", "=", field)
        .where("status", "=", TEXT_REVIEW_STATUS.pending)
        .execute();
    if (value === null) {
      await trx
        .updateTable("profiles")
        .set({ [column]: null, updated_at: now })
        .where("user_id", "=", userId)
        .execute();
      await withdraw();
    } else if (value === published) {
      await withdraw();
    } else {
      // One waiting proposal per field (partial unique index): a second save replaces the first.
      await trx
        .insertInto("profile_text_changes")
        .values({ user_id: userId, field, value, status: TEXT_REVIEW_STATUS.pending, created_at: now })
        .onConflict((oc) =>
          oc
            .columns(["user_id", "field"])
            // A literal, not a parameter: SQLite matches the partial index's predicate only by its text.
            .where("status", "=", sql.lit(TEXT_REVIEW_STATUS.pending))
            .doUpdateSet({ value, created_at: now }),
        )
        .execute();
    }
  }
}

/** The owner's waiting texts by field: what their own forms and profile page show instead of the published ones. */
export async function ownPendingTexts(db: Db, userId: number): Promise<Partial<Record<ModeratedTextField, string>>> {
  const rows = await db
    .selectFrom("profile_text_changes")
    .select(["field", "value"])
    .where("user_id", "=", userId)
    .where("status", "=", TEXT_REVIEW_STATUS.pending)
    .execute();
  const out: Partial<Record<ModeratedTextField, string>> = {};
  for (const row of rows) if ((MODERATED_TEXT_FIELD_KEYS as string[]).includes(row.field)) out[row.field as ModeratedTextField] = row.value;
  return out;
}

/**
 * Per field, the owner's latest word from moderation: waiting, or refused (with the reason) within
 * REJECTION_SHOWN_MS and not replaced by a newer proposal. Accepted texts need no notice.
 */
export async function ownTextReviews(deps: ApiDeps, userId: number): Promise<MyModeration["texts"]> {
  const rows = await deps.db
    .selectFrom("profile_text_changes")
    .select(["id", "field", "status", "reason", "created_at", "decided_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
  const now = deps.clock.now();
  const seen = new Set<string>();
  const out: MyModeration["texts"] = [];
  for (const row of rows) {
    if (seen.has(row.field) || !(MODERATED_TEXT_FIELD_KEYS as string[]).includes(row.field)) continue;
    seen.add(row.field);
    const refusedLately =
      row.status === TEXT_REVIEW_STATUS.rejected && row.decided_at !== null && now - row.decided_at < REJECTION_SHOWN_MS;
    if (row.status !== TEXT_REVIEW_STATUS.pending && !refusedLately) continue;
    out.push({
      field: row.field as ModeratedTextField,
      status: row.status,
      reason: (row.reason as RejectionReason | null) ?? null,
      created_at: Number(row.created_at),
      decided_at: row.decided_at === null ? null : Number(row.decided_at),
    });
  }
  return out.sort((a, b) => MODERATED_TEXT_FIELD_KEYS.indexOf(a.field) - MODERATED_TEXT_FIELD_KEYS.indexOf(b.field));
}

/**
 * Profile texts under moderation (ADR 030). The `profiles` columns hold the last accepted text, which the
 * public, search and the directory read; a changed text waits in `profile_text_changes` until a team
 * member accepts it. The owner reads their own proposal at once (the forms and their own profile page
 * overlay it).
 */
import { sql, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { INTERVIEW_QUESTION_KEYS, type InterviewQuestionKey } from "../../contract/interviews";
import {
  interviewKeyOfField,
  interviewTextField,
  isReviewedTextField,
  MODERATED_TEXT_FIELD_KEYS,
  MODERATED_TEXT_FIELDS,
  TEXT_REVIEW_STATUS,
  type ModeratedTextField,
  type MyModeration,
  type RejectionReason,
  type ReviewedTextField,
} from "../../contract/moderation";
import type { Database } from "../../db/schema";
import { precompiled, type Slots } from "../../db/precompiled";

type Trx = Transaction<Database>;
type Db = ApiDeps["db"] | Trx;

/** A refusal stays on the owner's form this long after the decision (until they change the text again). */
export const REJECTION_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The one rule for a saved text (profile texts and interview answers alike): an empty text is removed at once
 * (`remove`: removing publishes nothing); the published text again withdraws a waiting proposal; anything else
 * becomes (or replaces) the one waiting proposal of that field.
 */
async function recordProposal(
  trx: Trx,
  userId: number,
  field: ReviewedTextField,
  value: string | null,
  published: string | null,
  remove: () => Promise<unknown>,
  now: number,
): Promise<void> {
  const withdraw = () =>
    trx
      .deleteFrom("profile_text_changes")
      .where("user_id", "=", userId)
      .where("field", "=", field)
      .where("status", "=", TEXT_REVIEW_STATUS.pending)
      .execute();
  if (value === null) {
    await remove();
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

/**
 * Records the texts a member saved (the rule of recordProposal). Runs inside the form's transaction, after the
 * profile row exists.
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
    const column = MODERATED_TEXT_FIELDS[field];
    const published = (accepted as Record<string, string | null> | undefined)?.[column] ?? null;
    const remove = () =>
      trx
        .updateTable("profiles")
        .set({ [column]: null, updated_at: now })
        .where("user_id", "=", userId)
        .execute();
    await recordProposal(trx, userId, field, values[field]?.trim() || null, published, remove, now);
  }
}

/**
 * Records the interview answers a member saved (ADR 039's follow-up): they wait like the profile texts, while
 * `profile_interviews` keeps the accepted answers the public reads. Same rule, same transaction as the save.
 */
export async function proposeInterviewAnswers(
  trx: Trx,
  userId: number,
  answers: Partial<Record<InterviewQuestionKey, string | null>>,
  now: number,
): Promise<void> {
  const keys = Object.keys(answers) as InterviewQuestionKey[];
  if (keys.length === 0) return;
  const rows = await trx
    .selectFrom("profile_interviews")
    .select(["question_key", "answer"])
    .where("user_id", "=", userId)
    .where("question_key", "in", keys)
    .execute();
  const accepted = new Map(rows.map((row) => [row.question_key, row.answer]));
  for (const key of keys) {
    const remove = () => trx.deleteFrom("profile_interviews").where("user_id", "=", userId).where("question_key", "=", key).execute();
    await recordProposal(trx, userId, interviewTextField(key), answers[key]?.trim() || null, accepted.get(key) ?? null, remove, now);
  }
}

/** The owner's waiting interview answers by question: what their own form and profile page show. */
export async function ownPendingInterviewAnswers(
  db: Db,
  userId: number,
): Promise<Map<InterviewQuestionKey, { answer: string; created_at: number }>> {
  const rows = await db
    .selectFrom("profile_text_changes")
    .select(["field", "value", "created_at"])
    .where("user_id", "=", userId)
    .where("status", "=", TEXT_REVIEW_STATUS.pending)
    .where("field", "like", "interview:%")
    .execute();
  const out = new Map<InterviewQuestionKey, { answer: string; created_at: number }>();
  for (const row of rows) {
    const key = interviewKeyOfField(row.field);
    if (key) out.set(key, { answer: row.value, created_at: Number(row.created_at) });
  }
  return out;
}

// The owner's own text rows, each statement built once (ADR 148): the dashboard reads both on every view (ADR 173).
const pendingTextsOf = precompiled((db, slot: Slots<{ userId: number }>) =>
  db
    .selectFrom("profile_text_changes")
    .select(["field", "value"])
    .where("user_id", "=", slot("userId"))
    // In the text, not bound: SQLite then plans once with the partial index on pending rows, instead of preparing the
    // statement again on every run to check that the bound value still matches the index (ADR 173).
    .where("status", "=", sql.lit(TEXT_REVIEW_STATUS.pending)),
);
const textChangesOf = precompiled((db, slot: Slots<{ userId: number }>) =>
  db
    .selectFrom("profile_text_changes")
    .select(["id", "field", "status", "reason", "created_at", "decided_at"])
    .where("user_id", "=", slot("userId"))
    .orderBy("id", "desc"),
);

/** The owner's waiting texts by field: what their own forms and profile page show instead of the published ones. */
export async function ownPendingTexts(db: Db, userId: number): Promise<Partial<Record<ModeratedTextField, string>>> {
  const rows = await pendingTextsOf(db, { userId });
  const out: Partial<Record<ModeratedTextField, string>> = {};
  for (const row of rows) if ((MODERATED_TEXT_FIELD_KEYS as string[]).includes(row.field)) out[row.field as ModeratedTextField] = row.value;
  return out;
}

/**
 * Per field, the owner's latest word from moderation: waiting, or refused (with the reason) within
 * REJECTION_SHOWN_MS and not replaced by a newer proposal. Accepted texts need no notice.
 */
export async function ownTextReviews(deps: ApiDeps, userId: number): Promise<MyModeration["texts"]> {
  const rows = await textChangesOf(deps.db, { userId });
  const now = deps.clock.now();
  const seen = new Set<string>();
  const out: MyModeration["texts"] = [];
  for (const row of rows) {
    if (seen.has(row.field) || !isReviewedTextField(row.field)) continue;
    seen.add(row.field);
    const refusedLately =
      row.status === TEXT_REVIEW_STATUS.rejected && row.decided_at !== null && now - row.decided_at < REJECTION_SHOWN_MS;
    if (row.status !== TEXT_REVIEW_STATUS.pending && !refusedLately) continue;
    out.push({
      field: row.field,
      status: row.status,
      reason: (row.reason as RejectionReason | null) ?? null,
      created_at: Number(row.created_at),
      decided_at: row.decided_at === null ? null : Number(row.decided_at),
    });
  }
  // Profile texts in the forms' order, then interview answers in the catalogue's.
  const order = (field: ReviewedTextField) => {
    const key = interviewKeyOfField(field);
    return key === null ? MODERATED_TEXT_FIELD_KEYS.indexOf(field as ModeratedTextField) : 100 + INTERVIEW_QUESTION_KEYS.indexOf(key);
  };
  return out.sort((a, b) => order(a.field) - order(b.field));
}

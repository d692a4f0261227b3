/**
 * The member's side of the checks (issue 30 item 2, ADR 107): the overview, the webcam check's code, and the
 * submissions. A kind has at most one pending check at a time (a partial unique index, so two submissions at once
 * cannot both pass) and at most VERIFICATION_MAX_ATTEMPTS submissions until the team resets it. A submission is due
 * for the team's decision VERIFICATION_PENDING_MINUTES later; a job marks it overdue if it still waits then.
 */
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  mayRequestCheck,
  VERIFICATION_ERRORS,
  VERIFICATION_KINDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_PENDING_MINUTES,
  VERIFICATION_STATUS,
  verificationStatusName,
  WEBCAM_CODE_ALPHABET,
  WEBCAM_CODE_LENGTH,
  WEBCAM_CODE_TTL_MINUTES,
  type DocumentSide,
  type OwnVerificationCheck,
  type VerificationKind,
  type VerificationKindState,
  type VerificationOverview,
  type VerificationRejectionReason,
} from "../../contract/verification";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import type { ReceivedFile } from "../media/index";
import { deleteCheckFiles, newFilePrefix, storeCheckFiles } from "./files";
import type { VerificationChecksTable } from "./schema";

const MINUTE = 60_000;
export type CheckRow = Omit<VerificationChecksTable, "id" | "has_back" | "overdue"> & { id: number; has_back: number; overdue: number };

/** The statuses that used one of the kind's attempts. */
const SUBMITTED = [VERIFICATION_STATUS.pending, VERIFICATION_STATUS.verified, VERIFICATION_STATUS.rejected];

export function ownCheckOf(row: CheckRow, now: number): OwnVerificationCheck {
  const codeShown = row.status === VERIFICATION_STATUS.init && row.code_expires_at !== null && row.code_expires_at > now;
  return {
    id: row.id,
    kind: row.kind as VerificationKind,
    status: row.status as OwnVerificationCheck["status"],
    status_name: verificationStatusName(row.status),
    code: codeShown ? row.code : null,
    code_expires_at: codeShown ? row.code_expires_at : null,
    submitted_at: row.submitted_at === null ? null : Number(row.submitted_at),
    due_at: row.due_at === null ? null : Number(row.due_at),
    overdue: row.overdue === 1,
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
    reason: (row.reason as VerificationRejectionReason | null) ?? null,
  };
}

async function memberOf(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom("users")
    .select(["id", "user_type", "status", "forced_fake_check"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.notFound(VERIFICATION_ERRORS.notFound);
  return row;
}

/** The checks of a member that still count (not reset by the team), newest first. */
function liveChecks(db: Kysely<Database>, userId: number) {
  return db.selectFrom("verification_checks").selectAll().where("user_id", "=", userId).where("reset_at", "is", null);
}

export async function verificationOverview(deps: ApiDeps, userId: number): Promise<VerificationOverview> {
  const member = await memberOf(deps.db, userId);
  const rows = (await liveChecks(deps.db, userId).orderBy("id", "desc").execute()) as CheckRow[];
  const now = deps.clock.now();
  const kinds: VerificationKindState[] = VERIFICATION_KINDS.map((kind) => {
    const ofKind = rows.filter((row) => row.kind === kind);
    return {
      kind,
      allowed: mayRequestCheck(kind, member.user_type),
      verified: ofKind.some((row) => row.status === VERIFICATION_STATUS.verified),
      latest: ofKind[0] ? ownCheckOf(ofKind[0], now) : null,
      attempts_used: ofKind.filter((row) => (SUBMITTED as number[]).includes(row.status)).length,
      attempts_max: VERIFICATION_MAX_ATTEMPTS[kind],
    };
  });
  return { kinds, forced_fake_check: member.forced_fake_check === 1 };
}

/** Refuses a new attempt of `kind`: not allowed, verified already, one pending, or the attempts used up. */
async function assertMayAttempt(db: Kysely<Database>, userId: number, kind: VerificationKind): Promise<void> {
  const member = await memberOf(db, userId);
  if (member.status !== "active" || !mayRequestCheck(kind, member.user_type)) throw fail.forbidden(VERIFICATION_ERRORS.notAllowed);
  const rows = await liveChecks(db, userId).where("kind", "=", kind).where("status", "in", SUBMITTED).execute();
  if (rows.some((row) => row.status === VERIFICATION_STATUS.pending)) throw fail.conflict(VERIFICATION_ERRORS.alreadyPending);
  if (rows.some((row) => row.status === VERIFICATION_STATUS.verified)) throw fail.conflict(VERIFICATION_ERRORS.alreadyVerified);
  if (rows.length >= VERIFICATION_MAX_ATTEMPTS[kind])
    throw new ApiError(409, [errorItem(409, VERIFICATION_ERRORS.attemptsExhausted, undefined, { max: VERIFICATION_MAX_ATTEMPTS[kind] })]);
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < WEBCAM_CODE_LENGTH; i++) code += WEBCAM_CODE_ALPHABET[randomInt(WEBCAM_CODE_ALPHABET.length)];
  return code;
}

/**
 * POST /verification/webcam/start: the code for one webcam attempt, good for WEBCAM_CODE_TTL_MINUTES. While a code
 * is still good the same one answers (a reload keeps what the member may already have written down).
 */
export async function startWebcamCheck(deps: ApiDeps, userId: number): Promise<OwnVerificationCheck> {
  await assertMayAttempt(deps.db, userId, "webcam");
  const now = deps.clock.now();
  const open = (await deps.db
    .selectFrom("verification_checks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", "webcam")
    .where("status", "=", VERIFICATION_STATUS.init)
    .where("code_expires_at", ">", now)
    .orderBy("id", "desc")
    .executeTakeFirst()) as CheckRow | undefined;
  if (open) return ownCheckOf(open, now);
  const row = (await deps.db
    .insertInto("verification_checks")
    .values({
      user_id: userId,
      kind: "webcam",
      status: VERIFICATION_STATUS.init,
      code: newCode(),
      code_expires_at: now + WEBCAM_CODE_TTL_MINUTES * MINUTE,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as CheckRow;
  return ownCheckOf(row, now);
}

/** The one pending check of a kind is unique (migration 0095's partial index): a second one at once fails there. */
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message ?? ""));

/**
 * Stores the photos, then records the submission in one transaction with its attempt check; a refusal (or a
 * submission that lost the race for the kind's one pending place) removes the stored photos again.
 */
async function submit(
  deps: ApiDeps,
  userId: number,
  kind: VerificationKind,
  files: ReadonlyArray<{ side: DocumentSide | "photo"; file: ReceivedFile }>,
  record: (trx: Kysely<Database>, prefix: string, now: number) => Promise<number>,
): Promise<OwnVerificationCheck> {
  const prefix = newFilePrefix();
  await storeCheckFiles(deps, prefix, files);
  try {
    const now = deps.clock.now();
    const id = await deps.db.transaction().execute(async (trx) => {
      await assertMayAttempt(trx, userId, kind);
      const checkId = await record(trx, prefix, now);
      const dueAt = now + VERIFICATION_PENDING_MINUTES * MINUTE;
      await enqueueJob(
        trx,
        deps.clock,
        "verification_check.overdue",
        { check_id: checkId },
        { runAt: dueAt, key: `verification-overdue:${checkId}` },
      );
      return checkId;
    });
    const row = (await deps.db.selectFrom("verification_checks").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as CheckRow;
    return ownCheckOf(row, deps.clock.now());
  } catch (err) {
    await deleteCheckFiles(deps, prefix);
    if (isUniqueViolation(err)) throw fail.conflict(VERIFICATION_ERRORS.alreadyPending);
    throw err;
  }
}

const pendingValues = (prefix: string, now: number) => ({
  status: VERIFICATION_STATUS.pending,
  file_prefix: prefix,
  submitted_at: now,
  due_at: now + VERIFICATION_PENDING_MINUTES * MINUTE,
});

/** POST /verification/webcam: the photo with the code of the member's open attempt (409 without a good code). */
export async function submitWebcamCheck(deps: ApiDeps, userId: number, photo: ReceivedFile | undefined): Promise<OwnVerificationCheck> {
  if (!photo) throw fail.badRequest(VERIFICATION_ERRORS.photoRequired, "photo");
  return submit(deps, userId, "webcam", [{ side: "photo", file: photo }], async (trx, prefix, now) => {
    const open = await trx
      .selectFrom("verification_checks")
      .select("id")
      .where("user_id", "=", userId)
      .where("kind", "=", "webcam")
      .where("status", "=", VERIFICATION_STATUS.init)
      .where("code_expires_at", ">", now)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (!open) throw fail.conflict(VERIFICATION_ERRORS.codeExpired, "photo");
    const updated = await trx
      .updateTable("verification_checks")
      .set(pendingValues(prefix, now))
      .where("id", "=", open.id)
      .where("status", "=", VERIFICATION_STATUS.init)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(VERIFICATION_ERRORS.codeExpired, "photo");
    return open.id;
  });
}

/** POST /verification/{id|prostschg}: a document's front (required) and back (optional). */
export async function submitDocumentCheck(
  deps: ApiDeps,
  userId: number,
  kind: "id" | "prostschg",
  front: ReceivedFile | undefined,
  back: ReceivedFile | undefined,
): Promise<OwnVerificationCheck> {
  if (!front) throw fail.badRequest(VERIFICATION_ERRORS.frontRequired, "front");
  const files = [{ side: "front" as const, file: front }, ...(back ? [{ side: "back" as const, file: back }] : [])];
  return submit(deps, userId, kind, files, async (trx, prefix, now) => {
    const row = await trx
      .insertInto("verification_checks")
      .values({ user_id: userId, kind, created_at: now, has_back: back ? 1 : 0, ...pendingValues(prefix, now) })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** The job at a check's due time: still pending → overdue (the queue and the member's page say so). */
export async function markOverdue(deps: ApiDeps, checkId: number): Promise<void> {
  await deps.db
    .updateTable("verification_checks")
    .set({ overdue: 1 })
    .where("id", "=", checkId)
    .where("status", "=", VERIFICATION_STATUS.pending)
    .execute();
}

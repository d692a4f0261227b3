/**
 * The back office's side of the checks (issue 30 items 2 and 5, ADR 107): the verification queue (oldest submission
 * first, each check beside the member's profile photos), the decision (the status guard makes the update the lock:
 * of two staff deciding one check one wins, the other gets 409), the forced fake check, and the photos, which only
 * staff open. Every staff action writes the audit trail in its own transaction; the member is told in the bell.
 */
import type { Transaction } from "kysely";
import { requireStaffPermission } from "../access/index";
import type { Database } from "../../db/schema";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { isStaffUserType } from "../../contract/users";
import {
  VERIFICATION_ERRORS,
  VERIFICATION_FILE_RETENTION_DAYS,
  VERIFICATION_QUEUE_PAGE_SIZE,
  VERIFICATION_STATUS,
  verificationFilePath,
  type ForcedFakeCheckAnswer,
  type VerificationDecision,
  type VerificationFileSide,
  type VerificationKind,
  type VerificationProfilePhoto,
  type VerificationQueue,
  type VerificationRejectionReason,
} from "../../contract/verification";
import { enqueueJob } from "../../jobs/queue";
import { recordAudit } from "../audit/index";
import { recordStatement } from "../statements/index";
import { MEDIA_IMAGE_COLUMNS, mediaImageOf, storageOf } from "../media/index";
import { notify, publishNotificationHints } from "../notifications/index";
import { deleteCheckFiles, fileKey } from "./files";
import { trustLevelFor } from "./trust";

const DAY = 24 * 60 * 60 * 1000;
const PROFILE_PHOTOS_SHOWN = 6;
/** The terms' clause on real photos a forced fake check rests on (its statement's ground). */
const FAKE_CHECK_TERMS_REFERENCE = "AGB § 7";
/** Members whose checks no longer matter: nobody sees anything of theirs anyway. */
const GONE_STATUSES = ["banned", "deleted"] as const;

/** The staff member, read from the database on every call (a token's user type could be stale). */
async function assertStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "verification.decide");
}

async function profilePhotosOf(deps: ApiDeps, userId: number): Promise<VerificationProfilePhoto[]> {
  const rows = await deps.db
    .selectFrom("media")
    .select(["media.id", ...MEDIA_IMAGE_COLUMNS])
    .where("media.user_id", "=", userId)
    .where("media.kind", "=", MEDIA_KIND.photo)
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .orderBy("media.is_avatar", "desc")
    .orderBy("media.position")
    .orderBy("media.id")
    .limit(PROFILE_PHOTOS_SHOWN)
    .execute();
  return rows.map((row) => ({ id: row.id, image: mediaImageOf(row) }));
}

/** GET /backoffice/verifications: pending checks, oldest submission first (the overdue ones lead by themselves). */
export async function verificationQueue(deps: ApiDeps, staffId: number, page: number): Promise<VerificationQueue> {
  await assertStaff(deps, staffId);
  const base = deps.db
    .selectFrom("verification_checks")
    .innerJoin("users", "users.id", "verification_checks.user_id")
    .where("verification_checks.status", "=", VERIFICATION_STATUS.pending)
    .where("users.status", "not in", [...GONE_STATUSES]);
  const [rows, counts] = await Promise.all([
    base
      .select([
        "verification_checks.id",
        "verification_checks.kind",
        "verification_checks.code",
        "verification_checks.has_back",
        "verification_checks.submitted_at",
        "verification_checks.due_at",
        "verification_checks.overdue",
        "users.id as user_id",
        "users.username",
        "users.user_type",
        "users.language",
        "users.created_at",
      ])
      .orderBy("verification_checks.submitted_at")
      .orderBy("verification_checks.id")
      .limit(VERIFICATION_QUEUE_PAGE_SIZE)
      .offset((page - 1) * VERIFICATION_QUEUE_PAGE_SIZE)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.sum<number | string | null>("verification_checks.overdue").as("overdue"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const items = [];
  for (const row of rows) {
    const kind = row.kind as VerificationKind;
    const sides: VerificationFileSide[] = kind === "webcam" ? ["photo"] : row.has_back === 1 ? ["front", "back"] : ["front"];
    items.push({
      id: row.id,
      kind,
      submitted_at: Number(row.submitted_at),
      due_at: Number(row.due_at),
      overdue: row.overdue === 1,
      code: kind === "webcam" ? row.code : null,
      member: {
        user_id: row.user_id,
        username: row.username,
        user_type: row.user_type,
        language: row.language,
        created_at: Number(row.created_at),
      },
      files: sides.map((side) => ({ side, path: verificationFilePath(row.id, side) })),
      profile_photos: await profilePhotosOf(deps, row.user_id),
      trust_level: await trustLevelFor(deps, row.user_id),
    });
  }
  return {
    items,
    page,
    page_size: VERIFICATION_QUEUE_PAGE_SIZE,
    total: Number(counts.n),
    overdue: Number(counts.overdue ?? 0),
  };
}

/**
 * POST /backoffice/verifications/{id}/accept|reject (reason null: accepted). A verified webcam check marks the
 * profile's photos real (profiles.verified_at, which search shows and ranks), decides their open fake checks and ends
 * a forced fake check (the profile is listed again). The photos are deleted VERIFICATION_FILE_RETENTION_DAYS later.
 */
export async function decideCheck(
  deps: ApiDeps,
  staffId: number,
  id: number,
  reason: VerificationRejectionReason | null,
): Promise<VerificationDecision> {
  await assertStaff(deps, staffId);
  const status = reason === null ? VERIFICATION_STATUS.verified : VERIFICATION_STATUS.rejected;
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("verification_checks").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || row.status === VERIFICATION_STATUS.init) throw fail.notFound(VERIFICATION_ERRORS.notFound);
    const updated = await trx
      .updateTable("verification_checks")
      .set({ status, reason, decided_at: now, decided_by: staffId })
      .where("id", "=", id)
      .where("status", "=", VERIFICATION_STATUS.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(VERIFICATION_ERRORS.alreadyDecided);
    if (row.kind === "webcam") {
      await trx
        .updateTable("media")
        .set({ fake_check: reason === null ? "accepted" : "rejected" })
        .where("user_id", "=", row.user_id)
        .where("fake_check", "=", "pending")
        .execute();
      if (reason === null) {
        await trx.updateTable("profiles").set({ verified_at: now }).where("user_id", "=", row.user_id).execute();
        // A forced fake check ends with a verified webcam check: the profile is listed again.
        const forced = await trx
          .updateTable("users")
          .set({ forced_fake_check: 0 })
          .where("id", "=", row.user_id)
          .where("forced_fake_check", "=", 1)
          .executeTakeFirst();
        if (Number(forced.numUpdatedRows) === 1)
          await trx.updateTable("profiles").set({ is_visible: 1 }).where("user_id", "=", row.user_id).execute();
      }
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: reason === null ? "verification_check.accept" : "verification_check.reject",
        subjectType: "verification_check",
        subjectId: String(id),
        reason,
        before: { status: row.status, kind: row.kind, user_id: row.user_id },
        after: { status },
      },
      now,
    );
    await enqueueJob(
      trx,
      deps.clock,
      "verification_check.delete_files",
      { check_id: id },
      { runAt: now + VERIFICATION_FILE_RETENTION_DAYS * DAY, key: `verification-files:${id}` },
    );
    return notify(deps, trx, {
      userId: row.user_id,
      event: reason === null ? "moderation_accepted" : "moderation_rejected",
      subject: { type: "verification_check", id },
      params: { item: `verification_${row.kind}`, ...(reason === null ? {} : { reason }) },
      url: "user/verification",
    });
  });
  await publishNotificationHints(deps, hints);
  return { id, status, reason };
}

/**
 * POST /backoffice/members/{id}/force-fake-check (spec "forcedFakeCheck"): the member must pass a new webcam check
 * before the profile is listed again. Their photos are no longer marked real; profiles.is_visible (written by nothing
 * else since the seed) takes the profile out of every list and page until a webcam check is verified.
 */
export async function forceFakeCheck(
  deps: ApiDeps,
  staffId: number,
  userId: number,
  reason: string | null,
): Promise<ForcedFakeCheckAnswer> {
  await assertStaff(deps, staffId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom("users")
      .select(["id", "user_type", "forced_fake_check", "language"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!member || isStaffUserType(member.user_type)) throw fail.notFound(VERIFICATION_ERRORS.notFound);
    if (member.forced_fake_check === 1) return;
    await trx.updateTable("users").set({ forced_fake_check: 1, updated_at: now }).where("id", "=", userId).execute();
    // The profile leaves every list until a new webcam check: a restriction, so a statement of reasons (DSA Art. 17).
    await recordStatement(
      trx,
      {
        kind: "fake_check",
        userId,
        subjectKind: "profile",
        subjectId: userId,
        restriction: "content_disabled",
        ground: "terms",
        groundReference: FAKE_CHECK_TERMS_REFERENCE,
        // The back office's form always sends one; the API still accepts none (ADR 107).
        facts: reason ?? "Neue Webcam-Prüfung der Profilfotos verlangt.",
        source: "own_initiative",
        language: member.language,
        decidedBy: staffId,
      },
      now,
    );
    await trx.updateTable("profiles").set({ verified_at: null, is_visible: 0 }).where("user_id", "=", userId).execute();
    // The verified webcam checks count no more: a new one is needed (and its attempts start again).
    await trx
      .updateTable("verification_checks")
      .set({ reset_at: now })
      .where("user_id", "=", userId)
      .where("kind", "=", "webcam")
      .where("status", "!=", VERIFICATION_STATUS.pending)
      .where("reset_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.force_fake_check",
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { forced_fake_check: false },
        after: { forced_fake_check: true },
      },
      now,
    );
  });
  return { user_id: userId, forced_fake_check: true };
}

/**
 * An appeal reversed a forced fake check (ADR 113): the demand ends, the webcam checks it had set aside count again
 * (those reset at the decision's time, `decidedAt`), the "photos real" mark comes back from the newest verified one,
 * and the profile is listed again. Answers whether the demand was still open.
 */
export async function undoForcedFakeCheck(trx: Transaction<Database>, userId: number, decidedAt: number, now: number): Promise<boolean> {
  const lifted = await trx
    .updateTable("users")
    .set({ forced_fake_check: 0, updated_at: now })
    .where("id", "=", userId)
    .where("forced_fake_check", "=", 1)
    .executeTakeFirst();
  await trx
    .updateTable("verification_checks")
    .set({ reset_at: null })
    .where("user_id", "=", userId)
    .where("kind", "=", "webcam")
    .where("reset_at", "=", decidedAt)
    .execute();
  const verified = await trx
    .selectFrom("verification_checks")
    .select("decided_at")
    .where("user_id", "=", userId)
    .where("kind", "=", "webcam")
    .where("status", "=", VERIFICATION_STATUS.verified)
    .where("reset_at", "is", null)
    .orderBy("decided_at", "desc")
    .executeTakeFirst();
  await trx
    .updateTable("profiles")
    .set({ is_visible: 1, ...(verified?.decided_at != null ? { verified_at: Number(verified.decided_at) } : {}) })
    .where("user_id", "=", userId)
    .execute();
  return Number(lifted.numUpdatedRows) === 1;
}

/**
 * GET /verification/files/{id}/{side}: a check's photo, for staff only — the member who sent it and everyone else
 * get the same 404 as for a check that does not exist (documents are never shown again, not even to their owner).
 */
export async function readCheckFile(deps: ApiDeps, viewerId: number, id: number, side: VerificationFileSide): Promise<Buffer> {
  const viewer = await deps.db.selectFrom("users").select(["user_type", "status"]).where("id", "=", viewerId).executeTakeFirst();
  if (!viewer || viewer.status !== "active" || !isStaffUserType(viewer.user_type)) throw fail.notFound(VERIFICATION_ERRORS.notFound);
  const row = await deps.db
    .selectFrom("verification_checks")
    .select(["file_prefix", "files_deleted_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.file_prefix || row.files_deleted_at !== null) throw fail.notFound(VERIFICATION_ERRORS.notFound);
  const bytes = await storageOf(deps).read(fileKey(row.file_prefix, side));
  if (!bytes) throw fail.notFound(VERIFICATION_ERRORS.notFound);
  return bytes;
}

/** The job VERIFICATION_FILE_RETENTION_DAYS after a decision: the photos go, the decision stays. */
export async function deleteDecidedFiles(deps: ApiDeps, checkId: number): Promise<void> {
  const row = await deps.db
    .selectFrom("verification_checks")
    .select(["file_prefix", "files_deleted_at", "status"])
    .where("id", "=", checkId)
    .executeTakeFirst();
  if (!row?.file_prefix || row.files_deleted_at !== null || row.status === VERIFICATION_STATUS.pending) return;
  await deleteCheckFiles(deps, row.file_prefix);
  await deps.db.updateTable("verification_checks").set({ files_deleted_at: deps.clock.now() }).where("id", "=", checkId).execute();
}

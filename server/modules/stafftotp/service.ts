/**
 * Staff sign-in's second factor (issue 30 item 5, ADR 117): the rules. A staff member sets up a TOTP authenticator
 * (RFC 6238 through otplib: SHA-1, 6 digits, 30 s, one step either side) and confirms it with a first code, which
 * also hands out ten one-time recovery codes (shown once, stored as digests). Each later sign-in enters a code of the
 * authenticator or a recovery code before the API treats it as a staff session (server/api/second-factor-gate.ts).
 * A code is accepted once per time step and account; five wrong codes in a row lock the second step for 15 minutes.
 * Backend staff (staff.manage) reset a colleague's authenticator. Every change writes its audit row.
 */
import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { generateSecret, generateURI, verify } from "otplib";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  isRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  STAFF_TOTP_ERRORS,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_SECRET_BYTES,
  TOTP_WINDOW_STEPS,
  type RecoveryCodeSet,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SecondFactorVerified,
  type StaffSecondFactorList,
} from "../../contract/staff-totp";
import { staffRoleOfUserType } from "../../contract/staff-permissions";
import { STAFF_USER_TYPES } from "../../contract/users";
import type { Database } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { openSecret, sealSecret } from "./secret-box";

const MINUTE = 60_000;
/** The audit trail's subject: the staff account whose second factor changed. */
const SUBJECT = "staff_account";

type Deps = Pick<ApiDeps, "db" | "clock" | "config">;

/** Any staff role may look after its own second factor; members and guests may not (403, as the back office). */
function requireStaffUser(user: AuthUser): void {
  if (!STAFF_USER_TYPES.includes(user.userType)) throw fail.forbidden(STAFF_TOTP_ERRORS.staffOnly);
}

async function rowOf(deps: Deps, userId: number) {
  return deps.db.selectFrom("staff_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
}
type TotpRow = NonNullable<Awaited<ReturnType<typeof rowOf>>>;

async function usernameOf(deps: Deps, userId: number): Promise<string> {
  const row = await deps.db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.username;
}

async function recoveryCodesLeft(deps: Deps, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("staff_totp_recovery_codes")
    .select(({ fn }) => fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function uriOf(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, algorithm: "sha1" });
}

function secretOf(deps: Deps, row: TotpRow): string {
  const secret = openSecret(deps.config.appSecret, row.user_id, row.secret_sealed);
  // Sealed under another APP_SECRET: nobody can produce a code; backend staff reset it (ADR 117).
  if (secret === null) throw fail.conflict(STAFF_TOTP_ERRORS.unreadable, "code");
  return secret;
}

/** The time step of a code of this secret that is valid now (± TOTP_WINDOW_STEPS) and newer than `after`, or null. */
async function acceptedStep(deps: Deps, secret: string, code: string, after: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: "sha1",
    // The product's clock (tests move it), in seconds.
    epoch: Math.floor(deps.clock.now() / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  // The functional API answers HOTP and TOTP results alike; a TOTP one carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** 429 while the second step is locked, with the seconds until it opens (retry_after, Retry-After). */
function assertNotLocked(row: TotpRow, now: number): void {
  if (row.locked_until !== null && row.locked_until > now) {
    throw new ApiError(429, [errorItem(429, STAFF_TOTP_ERRORS.locked, "code")], {
      retry_after: Math.ceil((row.locked_until - now) / 1000),
      locked_until: row.locked_until,
    });
  }
}

/**
 * A wrong code: counted atomically (parallel guesses each count); the fifth in a row locks the second step for
 * SECOND_FACTOR_LOCK_MINUTES and writes the lockout's audit row (the platform acts). Then refuses the attempt.
 */
async function refuseWrongCode(deps: Deps, userId: number): Promise<never> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable("staff_totp")
      .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1), updated_at: now }))
      .where("user_id", "=", userId)
      .returning("failed_attempts")
      .executeTakeFirst();
    if (!counted || counted.failed_attempts < SECOND_FACTOR_MAX_FAILURES) return;
    const lockedUntil = now + SECOND_FACTOR_LOCK_MINUTES * MINUTE;
    await trx.updateTable("staff_totp").set({ failed_attempts: 0, locked_until: lockedUntil }).where("user_id", "=", userId).execute();
    await recordAudit(
      trx,
      {
        actorId: null,
        action: "staff_totp.lockout",
        subjectType: SUBJECT,
        subjectId: String(userId),
        reason: null,
        before: null,
        after: { locked_until: lockedUntil, failures: SECOND_FACTOR_MAX_FAILURES },
      },
      now,
    );
  });
  throw fail.badRequest(STAFF_TOTP_ERRORS.wrongCode, "code");
}

/**
 * Takes a step for this account: only if no code of this step or a later one was accepted before. Two requests with
 * the same code at once: one wins, the other is a replay.
 */
async function claimStep(trx: Transaction<Database>, userId: number, step: number, now: number, enable: boolean): Promise<boolean> {
  const result = await trx
    .updateTable("staff_totp")
    .set({
      last_used_step: step,
      failed_attempts: 0,
      locked_until: null,
      updated_at: now,
      ...(enable ? { enabled_at: now } : {}),
    })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .$if(enable, (qb) => qb.where("enabled_at", "is", null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    // 32 letters: a byte's low five bits pick one without bias.
    const bytes = randomBytes(RECOVERY_CODE_LENGTH);
    codes.add([...bytes].map((byte) => RECOVERY_CODE_ALPHABET[byte & 31]).join(""));
  }
  return [...codes];
}

/** Replaces the account's recovery codes with a new set; answers them as printed (the only time they are readable). */
async function replaceRecoveryCodes(trx: Transaction<Database>, userId: number, now: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom("staff_totp_recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("staff_totp_recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(code), created_at: now, used_at: null })))
    .execute();
  return codes.map(formatRecoveryCode);
}

/** This sign-in passed the second step: the gate lets it through from now on (a refresh carries it on). */
async function markSignIn(trx: Transaction<Database>, tokenId: number, now: number): Promise<void> {
  await trx.updateTable("access_tokens").set({ second_factor_at: now }).where("id", "=", tokenId).execute();
}

/** GET /staff/second-factor: the caller's own state, with a started setup's secret (to its owner only). */
export async function secondFactorStatus(deps: Deps, user: AuthUser): Promise<SecondFactorStatus> {
  requireStaffUser(user);
  const row = await rowOf(deps, user.id);
  const now = deps.clock.now();
  let setup: SecondFactorSetup | null = null;
  if (row && row.enabled_at === null) {
    const secret = openSecret(deps.config.appSecret, user.id, row.secret_sealed);
    if (secret !== null) setup = { secret, uri: uriOf(await usernameOf(deps, user.id), secret) };
  }
  return {
    enabled_at: row?.enabled_at ?? null,
    recovery_codes_left: row?.enabled_at ? await recoveryCodesLeft(deps, user.id) : 0,
    due: user.secondFactorDue ?? null,
    required: deps.config.staffSecondFactor === "required",
    setup,
    locked_until: row?.locked_until !== null && row?.locked_until !== undefined && row.locked_until > now ? row.locked_until : null,
  };
}

/**
 * POST /staff/second-factor/setup: a new secret for an account without an authenticator (a started setup is replaced;
 * its wrong-code count and lock stay). 409 while one is on: backend staff reset it first.
 */
export async function startSetup(deps: Deps, user: AuthUser): Promise<SecondFactorSetup> {
  requireStaffUser(user);
  const row = await rowOf(deps, user.id);
  if (row?.enabled_at) throw fail.conflict(STAFF_TOTP_ERRORS.alreadyEnrolled);
  const secret = generateSecret({ length: TOTP_SECRET_BYTES });
  const sealed = sealSecret(deps.config.appSecret, user.id, secret);
  const now = deps.clock.now();
  if (row) {
    const replaced = await deps.db
      .updateTable("staff_totp")
      .set({ secret_sealed: sealed, last_used_step: null, updated_at: now })
      .where("user_id", "=", user.id)
      .where("enabled_at", "is", null)
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) !== 1) throw fail.conflict(STAFF_TOTP_ERRORS.alreadyEnrolled);
  } else {
    const inserted = await deps.db
      .insertInto("staff_totp")
      .values({
        user_id: user.id,
        secret_sealed: sealed,
        enabled_at: null,
        last_used_step: null,
        locked_until: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .executeTakeFirst();
    // A second setup started at the same moment won: its secret is the one stored; this one would never work.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw fail.conflict(STAFF_TOTP_ERRORS.noSetup);
  }
  return { secret, uri: uriOf(await usernameOf(deps, user.id), secret) };
}

/**
 * POST /staff/second-factor/confirm: the first code of the new authenticator turns it on, hands out the recovery codes
 * and makes this sign-in a staff session (it just proved both factors). Other sign-ins of the account owe the code now.
 */
export async function confirmSetup(deps: Deps, user: AuthUser, code: string): Promise<RecoveryCodeSet> {
  requireStaffUser(user);
  const row = await rowOf(deps, user.id);
  if (!row) throw fail.conflict(STAFF_TOTP_ERRORS.noSetup);
  if (row.enabled_at) throw fail.conflict(STAFF_TOTP_ERRORS.alreadyEnrolled);
  const now = deps.clock.now();
  assertNotLocked(row, now);
  const step = await acceptedStep(deps, secretOf(deps, row), code, row.last_used_step);
  if (step === null) return refuseWrongCode(deps, user.id);
  const codes = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimStep(trx, user.id, step, now, true))) return null;
    const fresh = await replaceRecoveryCodes(trx, user.id, now);
    await markSignIn(trx, user.tokenId, now);
    await recordAudit(
      trx,
      {
        actorId: user.id,
        action: "staff_totp.enrol",
        subjectType: SUBJECT,
        subjectId: String(user.id),
        reason: null,
        before: { enabled: false },
        after: { enabled: true, recovery_codes: RECOVERY_CODE_COUNT },
      },
      now,
    );
    return fresh;
  });
  if (!codes) return refuseWrongCode(deps, user.id);
  return { codes, enabled_at: now };
}

/** POST /staff/second-factor/recovery-codes: a new set (the old one stops working), confirmed by a current code. */
export async function regenerateRecoveryCodes(deps: Deps, user: AuthUser, code: string): Promise<RecoveryCodeSet> {
  requireStaffUser(user);
  const row = await rowOf(deps, user.id);
  if (!row?.enabled_at) throw fail.conflict(STAFF_TOTP_ERRORS.notEnrolled);
  const now = deps.clock.now();
  assertNotLocked(row, now);
  const step = await acceptedStep(deps, secretOf(deps, row), code, row.last_used_step);
  if (step === null) return refuseWrongCode(deps, user.id);
  const codes = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimStep(trx, user.id, step, now, false))) return null;
    const fresh = await replaceRecoveryCodes(trx, user.id, now);
    await recordAudit(
      trx,
      {
        actorId: user.id,
        action: "staff_totp.recovery_codes_regenerated",
        subjectType: SUBJECT,
        subjectId: String(user.id),
        reason: null,
        before: null,
        after: { recovery_codes: RECOVERY_CODE_COUNT },
      },
      now,
    );
    return fresh;
  });
  if (!codes) return refuseWrongCode(deps, user.id);
  return { codes, enabled_at: row.enabled_at };
}

/**
 * POST /staff/second-factor/verify: the sign-in's second step. A code of the authenticator (once per time step) or an
 * unused recovery code (used up here; its use is written to the audit trail).
 */
export async function verifySecondFactor(deps: Deps, user: AuthUser, code: string): Promise<SecondFactorVerified> {
  requireStaffUser(user);
  if (user.secondFactorDue !== "verify") throw fail.conflict(STAFF_TOTP_ERRORS.nothingDue);
  const row = await rowOf(deps, user.id);
  if (!row?.enabled_at) throw fail.conflict(STAFF_TOTP_ERRORS.nothingDue);
  const now = deps.clock.now();
  assertNotLocked(row, now);
  if (isRecoveryCode(code)) {
    const used = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("staff_totp_recovery_codes")
        .set({ used_at: now })
        .where("user_id", "=", user.id)
        .where("code_hash", "=", sha256(code))
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable("staff_totp")
        .set({ failed_attempts: 0, locked_until: null, updated_at: now })
        .where("user_id", "=", user.id)
        .execute();
      await markSignIn(trx, user.tokenId, now);
      await recordAudit(
        trx,
        {
          actorId: user.id,
          action: "staff_totp.recovery_code_used",
          subjectType: SUBJECT,
          subjectId: String(user.id),
          reason: null,
          before: null,
          after: null,
        },
        now,
      );
      return true;
    });
    if (!used) return refuseWrongCode(deps, user.id);
    return { verified: true, used_recovery_code: true, recovery_codes_left: await recoveryCodesLeft(deps, user.id) };
  }
  const step = await acceptedStep(deps, secretOf(deps, row), code, row.last_used_step);
  if (step === null) return refuseWrongCode(deps, user.id);
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimStep(trx, user.id, step, now, false))) return false;
    await markSignIn(trx, user.tokenId, now);
    return true;
  });
  if (!claimed) return refuseWrongCode(deps, user.id);
  return { verified: true, used_recovery_code: false, recovery_codes_left: await recoveryCodesLeft(deps, user.id) };
}

/** GET /backoffice/staff-second-factor: every staff account (not erased) and its second factor's state. */
export async function listStaffSecondFactors(deps: ApiDeps, staffId: number): Promise<StaffSecondFactorList> {
  await requireStaffPermission(deps, staffId, "staff.manage");
  const rows = await deps.db
    .selectFrom("users")
    .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.user_type",
      "staff_totp.enabled_at",
      "staff_totp.locked_until",
      (eb) =>
        eb
          .selectFrom("staff_totp_recovery_codes")
          .select(({ fn }) => fn.countAll<number | string>().as("n"))
          .whereRef("staff_totp_recovery_codes.user_id", "=", "users.id")
          .where("staff_totp_recovery_codes.used_at", "is", null)
          .as("codes_left"),
    ])
    .where("users.user_type", "in", [...STAFF_USER_TYPES])
    .where("users.status", "!=", "deleted")
    .orderBy("users.username_key")
    .execute();
  const now = deps.clock.now();
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      role: staffRoleOfUserType(row.user_type) ?? "team",
      enabled_at: row.enabled_at ?? null,
      recovery_codes_left: row.enabled_at ? Number(row.codes_left ?? 0) : 0,
      locked_until: row.locked_until !== null && row.locked_until > now ? row.locked_until : null,
    })),
  };
}

/**
 * POST /backoffice/staff-second-factor/{id}/reset: a colleague lost their authenticator (or its codes leaked). The
 * authenticator, its recovery codes and every sign-in of the account end; the next sign-in sets up a new one (in
 * production it must). Backend staff only (staff.manage), never on their own account; one audit row with the reason.
 */
export async function resetStaffSecondFactor(deps: ApiDeps, staffId: number, targetId: number, reason: string): Promise<{ reset: true }> {
  await requireStaffPermission(deps, staffId, "staff.manage");
  if (targetId === staffId) throw fail.forbidden(STAFF_TOTP_ERRORS.ownAccount);
  const target = await deps.db.selectFrom("users").select(["id", "user_type", "status"]).where("id", "=", targetId).executeTakeFirst();
  if (!target || !STAFF_USER_TYPES.includes(target.user_type) || target.status === "deleted")
    throw fail.notFound(STAFF_TOTP_ERRORS.notFound);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("staff_totp").select(["enabled_at"]).where("user_id", "=", targetId).executeTakeFirst();
    if (!row) throw fail.conflict(STAFF_TOTP_ERRORS.notEnrolled);
    const codesLeft = await trx
      .selectFrom("staff_totp_recovery_codes")
      .select(({ fn }) => fn.countAll<number | string>().as("n"))
      .where("user_id", "=", targetId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    await trx.deleteFrom("staff_totp_recovery_codes").where("user_id", "=", targetId).execute();
    await trx.deleteFrom("staff_totp").where("user_id", "=", targetId).execute();
    // Whoever holds the lost phone or a session of it is out: every sign-in of the account ends.
    await trx
      .updateTable("access_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", targetId)
      .where("revoked_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "staff_totp.reset",
        subjectType: SUBJECT,
        subjectId: String(targetId),
        reason,
        before: { enabled: row.enabled_at !== null, recovery_codes: Number(codesLeft?.n ?? 0) },
        after: { enabled: false, recovery_codes: 0 },
      },
      now,
    );
  });
  return { reset: true };
}

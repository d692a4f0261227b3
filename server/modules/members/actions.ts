/**
 * The staff actions on a member (issue 30 item 5, ADR 118): ban, unban, pause for a chosen time, unpause, sign out
 * everywhere, reset a verification. Each asks the access kernel for members.act, refuses staff accounts (403), and runs
 * in one transaction with exactly one audit row (before and after) and — where it restricts the account — its statement
 * of reasons (DSA Art. 17). The state change is a conditional update, so of two staff doing the same at once one
 * changes the account and the other gets 409 without a second audit row or statement.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  MEMBER_ERRORS,
  MEMBER_TERMS_REFERENCE,
  type MemberAction,
  type MemberActionDone,
  type MemberPauseDays,
  type MemberRestriction,
} from "../../contract/members";
import type { VerificationKind } from "../../contract/verification";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import type { UserStatus } from "../../db/schema/accounts";
import { enqueueJob } from "../../jobs/queue";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { recordStatement } from "../statements/index";
import { resetChecksOf } from "../verification/index";
import { unbannedMail, unpausedMail, verificationResetMail } from "./mails";
import { restrictionOut } from "./service";

const DAY = 24 * 60 * 60 * 1000;
/** The account states a pause by the team starts from (a member's own pause or deactivation is taken over). */
const PAUSABLE = ["active", "paused", "deactivated"] as const;

type Trx = Transaction<Database>;
interface Member {
  id: number;
  username: string;
  email: string;
  status: string;
  language: string;
  user_type: number;
}

/** The member acted on, read in the action's transaction: unknown 404, staff 403, erased 409. */
async function memberFor(trx: Trx, userId: number, allowDeleted = false): Promise<Member> {
  const member = await trx
    .selectFrom("users")
    .select(["id", "username", "email", "status", "language", "user_type"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!member) throw fail.notFound(MEMBER_ERRORS.notFound);
  if (isStaffUserType(member.user_type)) throw fail.forbidden(MEMBER_ERRORS.staffAccount);
  if (member.status === "deleted" && !allowDeleted) throw fail.conflict(MEMBER_ERRORS.deleted);
  return member;
}

async function openRestriction(trx: Trx, userId: number) {
  return trx.selectFrom("member_restrictions").selectAll().where("user_id", "=", userId).where("lifted_at", "is", null).executeTakeFirst();
}

async function liftRestriction(trx: Trx, id: number, by: number | null, now: number, reason: string | null = null): Promise<boolean> {
  const lifted = await trx
    .updateTable("member_restrictions")
    .set({ lifted_at: now, lifted_by: by, lift_reason: reason })
    .where("id", "=", id)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return Number(lifted.numUpdatedRows) === 1;
}

/** Ends every session of the member (access tokens revoked): a ban, or "sign out everywhere". */
async function endSessions(trx: Trx, userId: number, now: number): Promise<number> {
  const ended = await trx
    .updateTable("access_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

async function setStatus(
  trx: Trx,
  userId: number,
  status: "active" | "paused" | "banned" | "deactivated",
  from: readonly UserStatus[],
  now: number,
) {
  const updated = await trx
    .updateTable("users")
    .set({ status, updated_at: now })
    .where("id", "=", userId)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

async function openRestrictionRow(
  trx: Trx,
  input: {
    userId: number;
    kind: "ban" | "pause";
    reason: string;
    statementId: number;
    staffId: number;
    endsAt: number | null;
    previousStatus: string | null;
  },
  now: number,
): Promise<MemberRestriction> {
  const row = await trx
    .insertInto("member_restrictions")
    .values({
      user_id: input.userId,
      kind: input.kind,
      reason: input.reason,
      statement_id: input.statementId,
      created_by: input.staffId,
      created_at: now,
      ends_at: input.endsAt,
      lifted_at: null,
      lifted_by: null,
      previous_status: input.previousStatus,
      lift_reason: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return restrictionOut(row);
}

function done(member: Member, action: MemberAction, status: string, extra: Partial<MemberActionDone> = {}): MemberActionDone {
  return { user_id: member.id, action, status, restriction: null, statement_id: null, affected: 0, ...extra };
}

/** Runs one action: the permission first, then its transaction; mails leave after the commit. */
async function act<T>(deps: ApiDeps, staffId: number, run: (trx: Trx, now: number) => Promise<T>): Promise<T> {
  await requireStaffPermission(deps, staffId, "members.act");
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => run(trx, now));
}

/**
 * Ban: the account is closed for good (status banned: it cannot sign in, every listing rule hides it), every session
 * ends, an open pause of the team's is superseded, and the statement says account_terminated.
 */
export async function banMember(deps: ApiDeps, staffId: number, userId: number, reason: string): Promise<MemberActionDone> {
  return act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    if (!(await setStatus(trx, userId, "banned", ["active", "paused", "deactivated", "claimable"], now)))
      throw fail.conflict(MEMBER_ERRORS.alreadyBanned);
    const superseded = await openRestriction(trx, userId);
    if (superseded) await liftRestriction(trx, superseded.id, staffId, now, reason);
    const statementId = await recordStatement(
      trx,
      {
        kind: "member_ban",
        userId,
        subjectKind: "account",
        subjectId: userId,
        restriction: "account_terminated",
        ground: "terms",
        groundReference: MEMBER_TERMS_REFERENCE,
        facts: reason,
        source: "own_initiative",
        language: member.language,
        decidedBy: staffId,
      },
      now,
    );
    const restriction = await openRestrictionRow(
      trx,
      { userId, kind: "ban", reason, statementId, staffId, endsAt: null, previousStatus: null },
      now,
    );
    const sessions = await endSessions(trx, userId, now);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.ban",
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { status: member.status, restriction: superseded ? { id: superseded.id, kind: superseded.kind } : null },
        after: { status: "banned", restriction_id: restriction.id, statement_id: statementId, sessions_ended: sessions },
      },
      now,
    );
    return done(member, "ban", "banned", { restriction, statement_id: statementId, affected: sessions });
  });
}

/**
 * Unban: the account is active again, the ban's restriction is lifted and its statement reversed (reversed_at; the
 * facts stay as the member read them). A ban decided elsewhere (a report) has no restriction row of ours: the newest
 * unreversed account_terminated statement is the one reversed. The member is told by mail.
 */
export async function unbanMember(deps: ApiDeps, staffId: number, userId: number, reason: string): Promise<MemberActionDone> {
  const result = await act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    if (!(await setStatus(trx, userId, "active", ["banned"], now))) throw fail.conflict(MEMBER_ERRORS.notBanned);
    const ban = await openRestriction(trx, userId);
    if (ban) await liftRestriction(trx, ban.id, staffId, now, reason);
    const statement =
      ban?.statement_id ??
      (
        await trx
          .selectFrom("statements")
          .select("id")
          .where("user_id", "=", userId)
          .where("restriction", "=", "account_terminated")
          .where("reversed_at", "is", null)
          .orderBy("id", "desc")
          .executeTakeFirst()
      )?.id ??
      null;
    if (statement !== null)
      await trx.updateTable("statements").set({ reversed_at: now }).where("id", "=", statement).where("reversed_at", "is", null).execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.unban",
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { status: "banned", restriction_id: ban?.id ?? null },
        after: { status: "active", reversed_statement_id: statement },
      },
      now,
    );
    return { member, answer: done(member, "unban", "active", { statement_id: statement }) };
  });
  await deps.mailer.send(unbannedMail({ to: result.member.email, username: result.member.username, language: result.member.language }));
  return result.answer;
}

/**
 * Pause: the account is hidden (status paused: search, directory and its page leave it out) for the days the staff
 * member picked; the member keeps signing in (to read the statement and appeal) but cannot resume it. The statement
 * says account_suspended with its end; a job at that end lifts it (member.pause_end).
 */
export async function pauseMember(
  deps: ApiDeps,
  staffId: number,
  userId: number,
  input: { reason: string; days: MemberPauseDays },
): Promise<MemberActionDone> {
  return act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    if (member.status === "banned") throw fail.conflict(MEMBER_ERRORS.alreadyBanned);
    // The status update takes the account row's lock: a second pause waits here, then finds the first one's row.
    if (!(await setStatus(trx, userId, "paused", PAUSABLE, now))) throw fail.conflict(MEMBER_ERRORS.alreadyBanned);
    if (await openRestriction(trx, userId)) throw fail.conflict(MEMBER_ERRORS.alreadyPaused);
    const endsAt = now + input.days * DAY;
    const statementId = await recordStatement(
      trx,
      {
        kind: "member_pause",
        userId,
        subjectKind: "account",
        subjectId: userId,
        restriction: "account_suspended",
        ground: "terms",
        groundReference: MEMBER_TERMS_REFERENCE,
        facts: input.reason,
        source: "own_initiative",
        endsAt,
        language: member.language,
        decidedBy: staffId,
      },
      now,
    );
    const restriction = await openRestrictionRow(
      trx,
      { userId, kind: "pause", reason: input.reason, statementId, staffId, endsAt, previousStatus: member.status },
      now,
    );
    await enqueueJob(
      trx,
      deps.clock,
      "member.pause_end",
      { restriction_id: restriction.id },
      { runAt: endsAt, key: `member-pause:${restriction.id}` },
    );
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.pause",
        subjectType: "user",
        subjectId: String(userId),
        reason: input.reason,
        before: { status: member.status },
        after: { status: "paused", restriction_id: restriction.id, statement_id: statementId, ends_at: endsAt, days: input.days },
      },
      now,
    );
    return done(member, "pause", "paused", { restriction, statement_id: statementId });
  });
}

/** The status a pause gives back: the one it took over (a member's own pause or deactivation stays theirs), else active. */
function statusAfterPause(previous: string | null): "active" | "paused" | "deactivated" {
  return previous === "paused" || previous === "deactivated" ? previous : "active";
}

/**
 * Lifts the team's open pause (unpause by staff, or the job at its end): the restriction closes and the account gets
 * back the status it had before. Lifted early by staff, the pause's statement counts as reversed; at its end it
 * simply ran out.
 */
async function liftPause(
  trx: Trx,
  member: Member,
  pause: { id: number; statement_id: number | null; previous_status: string | null },
  staffId: number | null,
  now: number,
  reason: string | null,
) {
  if (!(await liftRestriction(trx, pause.id, staffId, now, reason))) return false;
  await setStatus(trx, member.id, statusAfterPause(pause.previous_status), ["paused"], now);
  const statementId = pause.statement_id;
  if (staffId !== null && statementId !== null)
    await trx.updateTable("statements").set({ reversed_at: now }).where("id", "=", statementId).where("reversed_at", "is", null).execute();
  return true;
}

export async function unpauseMember(deps: ApiDeps, staffId: number, userId: number, reason: string): Promise<MemberActionDone> {
  const result = await act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    const pause = await openRestriction(trx, userId);
    if (!pause || pause.kind !== "pause" || !(await liftPause(trx, member, pause, staffId, now, reason)))
      throw fail.conflict(MEMBER_ERRORS.notPaused);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.unpause",
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { status: member.status, restriction_id: pause.id, ends_at: pause.ends_at === null ? null : Number(pause.ends_at) },
        after: { status: statusAfterPause(pause.previous_status), reversed_statement_id: pause.statement_id },
      },
      now,
    );
    return { member, answer: done(member, "unpause", statusAfterPause(pause.previous_status), { statement_id: pause.statement_id }) };
  });
  await deps.mailer.send(unpausedMail({ to: result.member.email, username: result.member.username, language: result.member.language }));
  return result.answer;
}

/** The job at a pause's end (member.pause_end): lifts it if it is still open; the platform is the actor. */
export async function endPause(deps: ApiDeps, restrictionId: number): Promise<void> {
  const now = deps.clock.now();
  const member = await deps.db.transaction().execute(async (trx) => {
    const pause = await trx.selectFrom("member_restrictions").selectAll().where("id", "=", restrictionId).executeTakeFirst();
    if (!pause || pause.kind !== "pause" || pause.lifted_at !== null || (pause.ends_at !== null && Number(pause.ends_at) > now))
      return null;
    const member = await memberFor(trx, pause.user_id, true);
    if (!(await liftPause(trx, member, pause, null, now, null))) return null;
    await recordAudit(
      trx,
      {
        actorId: null,
        action: "member.pause_end",
        subjectType: "user",
        subjectId: String(member.id),
        reason: null,
        before: { status: member.status, restriction_id: pause.id },
        after: { status: statusAfterPause(pause.previous_status) },
      },
      now,
    );
    return member;
  });
  if (member && member.status !== "deleted")
    await deps.mailer.send(unpausedMail({ to: member.email, username: member.username, language: member.language }));
}

/** Sign out everywhere: every session of the member ends (a stolen session, a shared device); nothing else changes. */
export async function signOutMember(deps: ApiDeps, staffId: number, userId: number, reason: string): Promise<MemberActionDone> {
  return act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    const ended = await endSessions(trx, userId, now);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.sign_out",
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { status: member.status },
        after: { sessions_ended: ended },
      },
      now,
    );
    return done(member, "sign_out", member.status, { affected: ended });
  });
}

/**
 * Reset a verification of one kind: its decided checks count no more (attempts start again, the badge drops; a webcam
 * reset also takes the "photos real" mark). Nothing to reset: 409. The member is told by mail with the way back.
 */
export async function resetMemberVerification(
  deps: ApiDeps,
  staffId: number,
  userId: number,
  input: { reason: string; kind: VerificationKind },
): Promise<MemberActionDone> {
  const result = await act(deps, staffId, async (trx, now) => {
    const member = await memberFor(trx, userId);
    const reset = await resetChecksOf(trx, userId, input.kind, now);
    if (reset === 0) throw fail.conflict(MEMBER_ERRORS.nothingToReset, "kind");
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "member.reset_verification",
        subjectType: "user",
        subjectId: String(userId),
        reason: input.reason,
        before: { kind: input.kind, counted_checks: reset },
        after: { kind: input.kind, counted_checks: 0 },
      },
      now,
    );
    return { member, answer: done(member, "reset_verification", member.status, { affected: reset }) };
  });
  const { member } = result;
  if (member.status === "active" || member.status === "paused")
    await deps.mailer.send(
      verificationResetMail({
        to: member.email,
        username: member.username,
        language: member.language,
        kind: input.kind,
        link: `${deps.config.publicUrl}/${member.language}/user/verification`,
      }),
    );
  return result.answer;
}

/** Whether the team's pause holds the account (the member's own resume is refused meanwhile). */
export async function pausedByTeam(deps: Pick<ApiDeps, "db">, userId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom("member_restrictions")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "pause")
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An appeal reversed the team's ban or pause (ADR 113): its restriction row closes with the reversal's time and
 * reasons (kept, not deleted), and the account gets back what the decision took — active after a ban, the status
 * before the pause after a pause. The caller has already marked the statement reversed. A restriction that has ended
 * meanwhile (the pause ran out, a ban superseded the pause) leaves the account as it is now. Answers what it did, for
 * the appeal's audit row.
 */
export async function reverseMemberRestriction(
  trx: Trx,
  input: { statementId: number; userId: number; kind: "ban" | "pause"; staffId: number; reason: string },
  now: number,
): Promise<{ restriction_id: number | null; status: string | null }> {
  const row = await trx
    .selectFrom("member_restrictions")
    .selectAll()
    .where("statement_id", "=", input.statementId)
    .where("kind", "=", input.kind)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  if (input.kind === "pause") {
    if (!row || !(await liftRestriction(trx, row.id, input.staffId, now, input.reason))) return { restriction_id: null, status: null };
    const status = statusAfterPause(row.previous_status);
    return { restriction_id: row.id, status: (await setStatus(trx, input.userId, status, ["paused"], now)) ? status : null };
  }
  if (row) await liftRestriction(trx, row.id, input.staffId, now, input.reason);
  const unbanned = await setStatus(trx, input.userId, "active", ["banned"], now);
  return { restriction_id: row?.id ?? null, status: unbanned ? "active" : null };
}

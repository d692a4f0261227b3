/**
 * Backend staff's side of KYC (issue 30 items 3 and 5, ADR 109; permission "kyc.manage"): the queue of AML hits
 * (oldest screening first), the decision of a hit (cleared: a false positive; rejected: a real match, with a reason),
 * and a member's reset or expiry with a reason. Each action writes exactly one audit row with before and after in its
 * transaction, holds waiting payouts with their statements where KYC stops being complete, and tells the member.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { KYC_ERRORS, KYC_QUEUE_PAGE_SIZE, type AmlDecision, type KycAnswer, type KycQueue } from "../../contract/kyc";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import type { OpenQueueItems } from "../manifest";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { publishNotificationHints } from "../notifications/index";
import { recordStatement } from "../statements/index";
import { holdWaitingPayouts } from "./holds";
import { payoutsClosedFacts } from "./statement-facts";
import { completedIn, notifyKyc, scheduleExpiry } from "./service";
import { kycStateOf, screeningValidUntil } from "./state";

const GONE_STATUSES = ["banned", "deleted"] as const;

/** The AML hits waiting for staff: the queue's list and its count in the queues overview (ADR 119) are these rows. */
const waitingHits = (db: Kysely<Database>) =>
  db
    .selectFrom("kyc_screenings")
    .innerJoin("users", "users.id", "kyc_screenings.user_id")
    .where("kyc_screenings.outcome", "=", "hit")
    .where("kyc_screenings.open", "=", 1)
    .where("users.status", "not in", [...GONE_STATUSES]);

/** The queue's open items for the overview and "take next" (ADR 119), waiting since their screening. */
export const openKycHits = (db: Kysely<Database>): OpenQueueItems =>
  waitingHits(db).select([
    "kyc_screenings.id",
    // A hit has its screening time; the row's own time stands in for the type.
    sql<number>`coalesce(kyc_screenings.screened_at, kyc_screenings.created_at)`.as("since"),
    sql<string>`'kyc'`.as("scope"),
  ]);

/** GET /backoffice/kyc: AML hits waiting for a decision, oldest screening first. */
export async function kycQueue(deps: ApiDeps, staffId: number, page: number): Promise<KycQueue> {
  await requireStaffPermission(deps, staffId, "kyc.manage");
  const base = waitingHits(deps.db);
  const [rows, count] = await Promise.all([
    base
      .select([
        "kyc_screenings.id",
        "kyc_screenings.user_id",
        "kyc_screenings.full_name",
        "kyc_screenings.screened_at",
        "kyc_screenings.matches",
        "kyc_screenings.provider_reference",
        "users.username",
      ])
      .orderBy("kyc_screenings.screened_at")
      .orderBy("kyc_screenings.id")
      .limit(KYC_QUEUE_PAGE_SIZE)
      .offset((page - 1) * KYC_QUEUE_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      username: row.username,
      full_name: row.full_name,
      screened_at: Number(row.screened_at),
      matches: JSON.parse(row.matches) as string[],
      provider_reference: row.provider_reference,
    })),
    page,
    page_size: KYC_QUEUE_PAGE_SIZE,
    total: Number(count.n),
  };
}

/** GET /backoffice/kyc/members/{id}: a member's KYC for staff. */
export async function memberKyc(deps: ApiDeps, staffId: number, userId: number): Promise<KycAnswer> {
  await requireStaffPermission(deps, staffId, "kyc.manage");
  await memberOf(deps.db, userId);
  return kycStateOf(deps.db, userId, deps.clock.now());
}

async function memberOf(db: ApiDeps["db"], userId: number) {
  const member = await db.selectFrom("users").select(["id", "user_type", "language"]).where("id", "=", userId).executeTakeFirst();
  if (!member || isStaffUserType(member.user_type)) throw fail.notFound(KYC_ERRORS.notFound);
  return member;
}

/**
 * POST /backoffice/kyc/screenings/{id}/clear|reject: decides an AML hit. The conditional update on the open hit is
 * the lock: of two staff deciding it one wins, the other gets 409. A rejection closes payouts (state rejected): the
 * member gets a statement for the account and one per held payout.
 */
export async function decideScreening(
  deps: ApiDeps,
  staffId: number,
  screeningId: number,
  decision: AmlDecision,
  reason: string | null,
): Promise<KycAnswer> {
  await requireStaffPermission(deps, staffId, "kyc.manage");
  const now = deps.clock.now();
  const { userId, hints } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("kyc_screenings").selectAll().where("id", "=", screeningId).executeTakeFirst();
    if (!row || row.outcome !== "hit") throw fail.notFound(KYC_ERRORS.notFound);
    const validUntil = decision === "cleared" ? screeningValidUntil(Number(row.screened_at)) : null;
    const taken = await trx
      .updateTable("kyc_screenings")
      .set({ decision, decided_by: staffId, decided_at: now, reason, open: 0, valid_until: validUntil })
      .where("id", "=", screeningId)
      .where("open", "=", 1)
      .where("decision", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw fail.conflict(KYC_ERRORS.alreadyDecided);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: decision === "cleared" ? "kyc_screening.clear" : "kyc_screening.reject",
        subjectType: "kyc_screening",
        subjectId: String(screeningId),
        reason,
        before: { outcome: row.outcome, decision: null, user_id: row.user_id },
        after: { outcome: row.outcome, decision, valid_until: validUntil },
      },
      now,
    );
    if (decision === "cleared") {
      await scheduleExpiry(trx, deps, screeningId, validUntil!);
      return { userId: row.user_id, hints: await completedIn(trx, deps, row.user_id, now) };
    }
    const cause = {
      cause: { reason: "screening_match" as const, note: reason },
      ground: "illegal" as const,
      groundReference: "EU restrictive measures (sanctions) regulations; §§ 10, 15 GwG",
      decidedBy: staffId,
      automated: false,
    };
    const member = await memberOf(trx, row.user_id);
    await recordStatement(
      trx,
      {
        kind: "kyc_screening_match",
        userId: row.user_id,
        subjectKind: "account",
        subjectId: row.user_id,
        restriction: "monetary_suspended",
        ground: cause.ground,
        groundReference: cause.groundReference,
        facts: payoutsClosedFacts(member.language, cause.cause),
        source: "own_initiative",
        language: member.language,
        decidedBy: staffId,
      },
      now,
    );
    await holdWaitingPayouts(trx, row.user_id, cause, now);
    return { userId: row.user_id, hints: await notifyKyc(deps, trx, row.user_id, "action_needed") };
  });
  if (hints) await publishNotificationHints(deps, hints);
  return kycStateOf(deps.db, userId, deps.clock.now());
}

/**
 * POST /backoffice/kyc/members/{id}/reset|expire: the member's signatures and screenings so far count no more (a
 * reset starts over, state missing; an expiry asks for the agreement and the screening again, state expired). An open
 * screening is closed with it. Waiting payouts are held; the member is told and reads the reason on user/kyc.
 */
export async function renewKyc(
  deps: ApiDeps,
  staffId: number,
  userId: number,
  action: "reset" | "expire",
  reason: string,
): Promise<KycAnswer> {
  await requireStaffPermission(deps, staffId, "kyc.manage");
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    await memberOf(trx, userId);
    const before = await kycStateOf(trx, userId, now);
    const [signature, screening] = await Promise.all([maxId(trx, "kyc_signatures", userId), maxId(trx, "kyc_screenings", userId)]);
    const values = {
      signature_floor: signature,
      screening_floor: screening,
      last_action: action,
      last_reason: reason,
      last_action_at: now,
      decided_by: staffId,
      updated_at: now,
    };
    await trx
      .insertInto("kyc_members")
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    await trx.updateTable("kyc_screenings").set({ open: 0 }).where("user_id", "=", userId).where("open", "=", 1).execute();
    const after = await kycStateOf(trx, userId, now);
    await holdWaitingPayouts(
      trx,
      userId,
      {
        cause: { reason: action === "reset" ? "staff_reset" : "staff_expired", note: reason },
        ground: "terms",
        groundReference: "Creator payout agreement, clause 6",
        decidedBy: staffId,
        automated: false,
      },
      now,
    );
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: `kyc_member.${action}`,
        subjectType: "user",
        subjectId: String(userId),
        reason,
        before: { state: before.state, steps: Object.fromEntries(before.steps.map((step) => [step.step, step.state])) },
        after: { state: after.state, steps: Object.fromEntries(after.steps.map((step) => [step.step, step.state])) },
      },
      now,
    );
    return notifyKyc(deps, trx, userId, "action_needed");
  });
  await publishNotificationHints(deps, hints);
  return kycStateOf(deps.db, userId, deps.clock.now());
}

async function maxId(trx: Transaction<Database>, table: "kyc_signatures" | "kyc_screenings", userId: number): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | string | null>("id").as("id"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

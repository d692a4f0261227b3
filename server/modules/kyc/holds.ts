/**
 * Payouts and KYC (issue 30 item 3, ADR 109): the check every payout request passes inside its transaction, and the
 * hold of payouts that already wait when KYC stops being complete (expired, reset, a confirmed hit). A held payout
 * stays in the member's payout account and out of backend staff's approval until KYC is complete again; each hold
 * writes the member's statement of reasons (DSA Art. 17) in the same transaction.
 */
import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { KYC_ERRORS } from "../../contract/kyc";
import type { StatementGround } from "../../contract/statements";
import { PAYOUT_STATUSES } from "../../contract/wallet";
import type { Database } from "../../db/schema";
import { liftStatement, recordStatement } from "../statements/index";
import { kycStateOf } from "./state";
import { payoutHoldFacts, type KycHoldCause } from "./statement-facts";

/**
 * Refuses a payout while the member's KYC is not complete: 409 exception.kyc.incomplete with the state as a param
 * (the payout page links to user/kyc). Called by payouts' request inside its transaction, after the member's lock.
 */
export async function assertKycComplete(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  const kyc = await kycStateOf(trx, userId, now);
  if (kyc.state !== "complete") throw new ApiError(409, [errorItem(409, KYC_ERRORS.incomplete, undefined, { state: kyc.state })]);
}

/** For the payout queue's statements over `payouts`: true when the payout is not held by KYC. */
export function payoutNotHeldSql(eb: ExpressionBuilder<Database, "payouts">) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("kyc_payout_holds")
        .select(sql<number>`1`.as("one"))
        .whereRef("kyc_payout_holds.payout_id", "=", "payouts.id")
        .where("kyc_payout_holds.released_at", "is", null),
    ),
  );
}

export interface HoldCause {
  /** Why the payouts are held: the facts are written from it in the member's language (statement-facts.ts). */
  cause: KycHoldCause;
  ground: StatementGround;
  groundReference: string;
  decidedBy: number | null;
  /** A job's expiry is automated; staff's actions are not. */
  automated: boolean;
}

/**
 * Holds every payout of the member that waits and is in no bank file yet (one in a file already went to the bank),
 * each with its statement. Answers how many were held.
 */
export async function holdWaitingPayouts(trx: Transaction<Database>, userId: number, cause: HoldCause, now: number): Promise<number> {
  const member = await trx.selectFrom("users").select("language").where("id", "=", userId).executeTakeFirstOrThrow();
  const waiting = await trx
    .selectFrom("payouts")
    .select(["payouts.id", "payouts.amount"])
    .where("payouts.user_id", "=", userId)
    .where("payouts.status", "=", PAYOUT_STATUSES.ongoing)
    .where("payouts.batch_id", "is", null)
    .where((eb) => payoutNotHeldSql(eb))
    .orderBy("payouts.id")
    .execute();
  for (const payout of waiting) {
    const statementId = await recordStatement(
      trx,
      {
        kind: "kyc_payout_hold",
        userId,
        subjectKind: "payout",
        subjectId: payout.id,
        restriction: "monetary_suspended",
        ground: cause.ground,
        groundReference: cause.groundReference,
        facts: payoutHoldFacts(member.language, { id: payout.id, dollars: Number(payout.amount) }, cause.cause),
        source: "own_initiative",
        automatedDetection: cause.automated,
        automatedDecision: cause.automated,
        language: member.language,
        decidedBy: cause.decidedBy,
      },
      now,
    );
    // A hold released earlier for the same payout is replaced by this one.
    await trx.deleteFrom("kyc_payout_holds").where("payout_id", "=", payout.id).execute();
    await trx
      .insertInto("kyc_payout_holds")
      .values({ payout_id: payout.id, user_id: userId, statement_id: statementId, held_at: now, released_at: null })
      .execute();
  }
  return waiting.length;
}

/**
 * KYC complete again: the member's held payouts go back to backend staff's approval. Each hold's statement is marked
 * lifted (ADR 123: kept as issued, never deleted) and the member is told by the statements module (bell and mail).
 * Answers how many.
 */
export async function releaseHoldsIfComplete(trx: Transaction<Database>, deps: Pick<ApiDeps, "log">, userId: number, now: number) {
  const kyc = await kycStateOf(trx, userId, now);
  if (kyc.state !== "complete") return 0;
  const released = await trx
    .updateTable("kyc_payout_holds")
    .set({ released_at: now })
    .where("user_id", "=", userId)
    .where("released_at", "is", null)
    .returning("statement_id")
    .execute();
  for (const hold of released) await liftStatement(trx, hold.statement_id, "kyc_complete", now);
  if (released.length > 0) deps.log.info({ userId, count: released.length }, "kyc: held payouts released");
  return released.length;
}

/**
 * What an appeal's reversal undoes, per decision kind (DSA Art. 20(4): "reverse its decision without undue delay";
 * ADR 113, "Reversals, per decision kind"). Every statement names the decision that wrote it (statements.kind), and
 * REVERSALS has one entry per kind — `satisfies Record<StatementKind, Reversal>`, so a new kind does not compile
 * until someone decided what undoing it means. Each entry runs in the appeal's transaction, after the statement was
 * marked reversed, and answers what it did for the appeal's audit row. Restriction rows are closed (time and reason),
 * never deleted; content comes back through its module's restoreContent (ADR 112).
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { ReportObjectKind } from "../../contract/reports";
import type { StatementKind, StatementRestriction } from "../../contract/statements";
import type { Database } from "../../db/schema";
import { reverseMemberRestriction } from "../members/index";
import { endMisuseSuspension } from "../transparency/index";
import { undoForcedFakeCheck } from "../verification/index";
import { withdrawWarningFlag } from "../warnings/index";
import { liftRestriction } from "./restrictions";

/** The reversed statement, as the appeal read it. */
export interface ReversedStatement {
  id: number;
  user_id: number;
  kind: StatementKind;
  subject_kind: string;
  subject_id: string;
  restriction: StatementRestriction;
  created_at: number;
}

export interface ReversalContext {
  deps: ApiDeps;
  trx: Transaction<Database>;
  statement: ReversedStatement;
  /** The staff member who reversed it and their reasons (kept on the rows a reversal closes). */
  staffId: number;
  reason: string;
  now: number;
}

/**
 * What a reversal did: a short machine-readable word for the audit row ("content_restored", "pause_lifted", …);
 * "nothing_left" when what the decision did had already ended (the pause ran out, the content was deleted by its
 * author); "not_automatic" where this module cannot undo it and the audit row says so.
 */
export type ReversalOutcome = { undone: string } & Record<string, unknown>;
type Reversal = (context: ReversalContext) => Promise<ReversalOutcome>;

const NOTHING_LEFT: ReversalOutcome = { undone: "nothing_left" };

/** The reported or refused object comes back through its kind's restoreContent (a module's manifest, ADR 112). */
async function restoreContent({ deps, trx, statement }: ReversalContext): Promise<ReversalOutcome> {
  const restore = deps.features.reportTargets.get(statement.subject_kind as ReportObjectKind)?.restoreContent;
  const objectId = Number(statement.subject_id);
  if (!restore || !Number.isInteger(objectId) || objectId <= 0) return { undone: "not_automatic", subject: statement.subject_kind };
  await restore(deps, trx, objectId);
  return { undone: "content_restored", subject: statement.subject_kind, object_id: objectId };
}

async function liftBan({ trx, statement, staffId, reason, now }: ReversalContext): Promise<ReversalOutcome> {
  const lifted = await reverseMemberRestriction(
    trx,
    { statementId: statement.id, userId: statement.user_id, kind: "ban", staffId, reason },
    now,
  );
  return lifted.status === null && lifted.restriction_id === null ? NOTHING_LEFT : { undone: "ban_lifted", ...lifted };
}

export const REVERSALS = {
  report_decision: async (context) => {
    switch (context.statement.restriction) {
      case "account_terminated":
        return liftBan(context);
      case "service_restricted":
        await liftRestriction(context.trx, context.statement.id, context.now);
        return { undone: "restriction_lifted" };
      default:
        return restoreContent(context);
    }
  },
  // A refused photo, blog post or event is accepted/published as if the queue had accepted it; a refused profile text,
  // bundle or promotion has no restoreContent (the member sends it again) — the audit row says "not_automatic".
  queue_refusal: restoreContent,
  // A date review comes back (removed_at); an event review the queue removed is deleted and cannot (ADR 113).
  review_removal: restoreContent,
  fake_check: async ({ trx, statement, now }) =>
    (await undoForcedFakeCheck(trx, statement.user_id, Number(statement.created_at), now)) ? { undone: "fake_check_lifted" } : NOTHING_LEFT,
  member_ban: liftBan,
  member_pause: async ({ trx, statement, staffId, reason, now }) => {
    const lifted = await reverseMemberRestriction(
      trx,
      { statementId: statement.id, userId: statement.user_id, kind: "pause", staffId, reason },
      now,
    );
    return lifted.restriction_id === null ? NOTHING_LEFT : { undone: "pause_lifted", ...lifted };
  },
  warning_flag: async ({ deps, trx, statement, reason, now }) => {
    const flagId = await withdrawWarningFlag(deps, trx, { statementId: statement.id, userId: statement.user_id, reason }, now);
    return flagId === null ? NOTHING_LEFT : { undone: "warning_withdrawn", flag_id: flagId };
  },
  misuse_suspension: async ({ trx, statement, now }) =>
    (await endMisuseSuspension(trx, statement.id, now)) ? { undone: "suspension_ended" } : NOTHING_LEFT,
  // The refused payout's amount was booked back to the member's balance when it failed: nothing is held to release.
  payout_refusal: async () => NOTHING_LEFT,
  // Held payouts and closed payouts (KYC) are the kyc module's (ADR 123): the reversal marks the statement; releasing
  // follows the KYC state there.
  kyc_screening_match: async () => ({ undone: "not_automatic" }),
  kyc_payout_hold: async () => ({ undone: "not_automatic" }),
  // A stream that was ended is over: the creator may go live again at once; nothing is held to give back.
  live_stream_end: async () => NOTHING_LEFT,
  // The suspension written with the statement (same member, same moment; the live module imports this one, so the
  // row is closed here rather than through it).
  live_suspension: async ({ trx, statement, now }) => {
    const lifted = await trx
      .updateTable("live_suspensions")
      .set({ lifted_at: now })
      .where("member_id", "=", statement.user_id)
      .where("created_at", "=", statement.created_at)
      .where("lifted_at", "is", null)
      .executeTakeFirst();
    return Number(lifted.numUpdatedRows) > 0 ? { undone: "suspension_ended" } : NOTHING_LEFT;
  },
} satisfies Record<StatementKind, Reversal>;

/** Undoes what the statement's decision did, by its kind. */
export function reverseDecision(context: ReversalContext): Promise<ReversalOutcome> {
  return REVERSALS[context.statement.kind](context);
}

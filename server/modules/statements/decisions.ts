/**
 * The statements of the content queues' decisions (issue 30 item 4, ADR 110): one call for every queue that refuses
 * or removes a member's content for one of contract/moderation's rejection reasons, so the restriction, the clause
 * of our terms and the facts are chosen in one place. A refusal before publication is a restriction of visibility
 * too (the content stays stored and nobody else sees it): it gets its statement like a removal.
 */
import type { Transaction } from "kysely";
import type { RejectionReason } from "../../contract/moderation";
import {
  REJECTION_REASON_CLAUSES,
  termsReference,
  type StatementRestriction,
  type StatementSubjectKind,
  type TermsClause,
} from "../../contract/statements";
import type { Database } from "../../db/schema";
import { recordStatement, type StatementNotice } from "./service";
import { queueDecisionFacts, type QueueItem } from "./texts";

export interface QueueDecision {
  userId: number;
  item: QueueItem;
  subjectKind: StatementSubjectKind;
  subjectId: number | string;
  /** The queue's rejection reason (its clause comes from REJECTION_REASON_CLAUSES), or the clause itself. */
  reason: RejectionReason | { clause: TermsClause };
  /** A refusal of something waiting for the team, or the removal of something others could see. */
  when: "before_publication" | "after_publication";
  decidedBy: number;
  /** What the member's one message names and where they send a changed version (the reason is added from `reason`). */
  notice: Omit<StatementNotice, "reason">;
  /** A refused promotion whose price went back to the wallet: the facts say so. */
  refunded?: boolean;
}

const RESTRICTION_OF: Record<QueueDecision["when"], StatementRestriction> = {
  before_publication: "content_disabled",
  after_publication: "content_removed",
};

/** Writes the statement of one queue decision in its transaction; answers the statement's id. */
export async function recordQueueDecisionStatement(trx: Transaction<Database>, decision: QueueDecision, now: number): Promise<number> {
  const member = await trx.selectFrom("users").select("language").where("id", "=", decision.userId).executeTakeFirstOrThrow();
  return recordStatement(
    trx,
    {
      kind: "queue_refusal",
      userId: decision.userId,
      subjectKind: decision.subjectKind,
      subjectId: decision.subjectId,
      // A refused promotion leaves the profile as it was, only not featured: shown less than its owner asked for.
      restriction: decision.item === "promotion" ? "content_demoted" : RESTRICTION_OF[decision.when],
      ground: "terms",
      groundReference: termsReference(
        typeof decision.reason === "string" ? REJECTION_REASON_CLAUSES[decision.reason] : decision.reason.clause,
      ),
      facts: queueDecisionFacts(member.language, decision.item, decision.when, {
        ...(typeof decision.reason === "string" ? { reason: decision.reason } : {}),
        refunded: decision.refunded ?? false,
      }),
      source: "own_initiative",
      language: member.language,
      decidedBy: decision.decidedBy,
      notice: { ...decision.notice, ...(typeof decision.reason === "string" ? { reason: decision.reason } : {}) },
    },
    now,
  );
}

/**
 * Statements of reasons (issue 30 item 4, DSA Art. 17, ADR 110): the table every restricting decision writes its
 * statement to (recordStatement, in the decision's transaction), the member's pages, telling the member, and the
 * submission to the Transparency Database.
 */
import { defineFeature, defineJob } from "../manifest";
import { deliverLifted, deliverStatement } from "./delivery";
import * as m0096 from "./migrations/0096_statements";
import * as m0098 from "./migrations/0098_statement_category";
import * as m0111 from "./migrations/0111_lifted_and_event_review_mark";
import { registerStatements } from "./routes";
import type { StatementNotice } from "./service";
import { submitStatement } from "./submission";

export const manifest = defineFeature({
  name: "statements",
  routes: registerStatements,
  migrations: {
    "0096_statements": m0096,
    "0098_statement_category": m0098,
    "0111_lifted_and_event_review_mark": m0111,
  },
  jobs: {
    /** The member's notification and mail of a new statement (Art. 17(1)). */
    "statement.notify": defineJob<{ statement_id: number; notice?: StatementNotice }>((deps) => ({
      run: (payload) => deliverStatement(deps, payload.statement_id, payload.notice),
    })),
    /** The member's notification and mail that a restriction no longer applies (ADR 123). */
    "statement.lifted": defineJob<{ statement_id: number }>((deps) => ({ run: (payload) => deliverLifted(deps, payload.statement_id) })),
    /** The statement's submission to the Transparency Database (Art. 24(5)), retried with backoff. */
    "statement.submit": defineJob<{ statement_id: number }>((deps) => ({
      run: (payload, context) => submitStatement(deps, payload.statement_id, context),
    })),
  },
  notifications: {
    statement_issued: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Wir haben eine Entscheidung getroffen, die dich betrifft – lies die Begründung",
        en: "We made a decision that concerns you – read the statement of reasons",
        es: "Hemos tomado una decisión que te afecta: lee la exposición de motivos",
        pl: "Podjęliśmy decyzję, która Cię dotyczy – przeczytaj uzasadnienie",
      },
      // The statement's own mail (delivery.ts) carries the reference and the appeal deadline.
      ownMail: true,
    },
    statement_lifted: {
      kind: "moderation",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Eine Einschränkung gilt nicht mehr",
        en: "A restriction no longer applies",
        es: "Una restricción ya no se aplica",
        pl: "Ograniczenie już nie obowiązuje",
      },
      // Its mail (delivery.ts) names the statement and why it ended.
      ownMail: true,
    },
  },
});
export { liftStatement, recordStatement, statementsForExport, type StatementInput, type StatementNotice } from "./service";
export { misuseSuspensionFacts, queueDecisionFacts, payoutHeldFacts, rejectionReasonText, statementDay, type QueueItem } from "./texts";
export { failedSubmissionCount, resubmitStatements } from "./submission";
export { recordQueueDecisionStatement, type QueueDecision } from "./decisions";
export { appealLinkToken, checkAppealLinkToken, SIGNED_OUT_RESTRICTIONS, statementIdOfToken } from "./appeal-link";

/** The statements of reasons (migration 0096, issue 30 item 4, DSA Art. 17). Times epoch ms. */
import type { Generated } from "kysely";
import type { StatementGround, StatementKind, StatementRestriction, StatementSource, StatementTdbState } from "../../contract/statements";

export interface StatementsTable {
  id: Generated<number>;
  /** The affected member (the author of the content, the account restricted, the payee). */
  user_id: number;
  /** contract/statements StatementSubjectKind and the object's id as text (a profile's user id, a payout id…). */
  subject_kind: string;
  subject_id: string;
  restriction: StatementRestriction;
  ground: StatementGround;
  /** The law (e.g. "§ 184b StGB") or the clause of the terms (e.g. "AGB § 7.2") the decision rests on. */
  ground_reference: string;
  /** Art. 17(3)(c)/(d)/(e): the facts and circumstances, as the member reads them. */
  facts: string;
  source: StatementSource;
  /** The notice that started it, if any (reports.id). */
  report_id: number | null;
  /** Art. 17(3)(c): found by automated means / decided by automated means (1) or by a person (0). */
  automated_detection: Generated<number>;
  automated_decision: Generated<number>;
  /** The end of a time-limited restriction (Art. 17(3)(a) "duration"); null: not limited. */
  ends_at: number | null;
  /** The member's language when it was written: the statement is shown and mailed in it. */
  language: string;
  /** The staff member who decided (null: the platform itself). Not a foreign key, as in the audit trail. */
  decided_by: number | null;
  created_at: number;
  /** Set when an appeal (Art. 20) or the team reversed the decision. */
  reversed_at: number | null;
  tdb_state: Generated<StatementTdbState>;
  /** The Transparency Database's id of the submitted statement. */
  tdb_uuid: string | null;
  tdb_submitted_at: number | null;
  /** Migration 0098: the Transparency Database's STATEMENT_CATEGORY_…; null: the one of the terms clause (ADR 110). */
  category: string | null;
  /**
   * Migration 0111 (ADR 123): the restriction ended early because its cause went away (`lift_cause`, contract/statements
   * STATEMENT_LIFT_CAUSES) — not a reversal: the decision was right when taken. The statement itself never changes.
   */
  lifted_at: number | null;
  lift_cause: string | null;
  /** Migration 0113: which decision wrote it (contract/decisions StatementKind); its reversal follows from it. */
  kind: StatementKind;
}

declare module "../../db/schema/index" {
  interface Database {
    statements: StatementsTable;
  }
}

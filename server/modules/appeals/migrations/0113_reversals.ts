import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 4 (ADR 113, "Reversals, per decision kind"): an appeal that reverses a decision undoes it, and for that
 * every statement names the decision that wrote it and every restriction row what ended it.
 * - statements.kind: contract/decisions StatementKind (which decision wrote it). Rows written before are classified
 *   from what each decision left behind (its restriction row, its reference, its queue); the rest were report
 *   decisions, whose reversal is the one the appeals module had before.
 * - member_restrictions.previous_status: the account's state before the team's pause (a reversal restores it);
 *   lift_reason: why it ended early (the unpause's or the appeal's reasons).
 * - warning_flags.statement_id: the statement the confirmation wrote; lift_reason: why it was withdrawn.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("statements").addColumn("kind", "text").execute();
    await db.schema.alterTable("member_restrictions").addColumn("previous_status", "text").execute();
    await db.schema.alterTable("member_restrictions").addColumn("lift_reason", "text").execute();
    await db.schema.alterTable("warning_flags").addColumn("statement_id", "integer").execute();
    await db.schema.alterTable("warning_flags").addColumn("lift_reason", "text").execute();
    const classify = (kind: string, where: ReturnType<typeof sql>) =>
      sql`update statements set kind = ${kind} where kind is null and ${where}`.execute(db);
    await classify("member_ban", sql`id in (select statement_id from member_restrictions where kind = 'ban' and statement_id is not null)`);
    await classify(
      "member_pause",
      sql`id in (select statement_id from member_restrictions where kind = 'pause' and statement_id is not null)`,
    );
    await classify("misuse_suspension", sql`id in (select statement_id from misuse_actions where statement_id is not null)`);
    await classify("kyc_payout_hold", sql`id in (select statement_id from kyc_payout_holds where statement_id is not null)`);
    await classify("warning_flag", sql`ground_reference = 'AGB – Warnhinweis für Anbieter (ADR 121)'`);
    await classify("fake_check", sql`subject_kind = 'profile' and report_id is null and ground_reference = 'AGB § 7'`);
    await classify("payout_refusal", sql`restriction = 'monetary_suspended' and subject_kind = 'payout'`);
    await classify("kyc_screening_match", sql`restriction = 'monetary_suspended' and subject_kind = 'account'`);
    await classify("review_removal", sql`subject_kind = 'review' and report_id is null`);
    await classify(
      "queue_refusal",
      sql`report_id is null and subject_kind in ('media', 'profile_text', 'bundle', 'blog', 'event', 'promotion')`,
    );
    await sql`update statements set kind = 'report_decision' where kind is null`.execute(db);
  };
}

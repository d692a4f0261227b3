/**
 * The team's reset of a member's checks of one kind (issue 30 item 5, ADR 118): the decided checks of that kind count
 * no more — neither as attempts (spec section 5's 5 start again) nor as verified, so the badge drops; a reset webcam
 * check also takes the "photos real" mark (profiles.verified_at). A check still waiting for the team is left alone.
 * Runs in the caller's transaction, which writes the audit row.
 */
import type { Transaction } from "kysely";
import { VERIFICATION_STATUS, type VerificationKind } from "../../contract/verification";
import type { Database } from "../../db/schema";

export async function resetChecksOf(trx: Transaction<Database>, userId: number, kind: VerificationKind, now: number): Promise<number> {
  const reset = await trx
    .updateTable("verification_checks")
    .set({ reset_at: now })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("status", "in", [VERIFICATION_STATUS.verified, VERIFICATION_STATUS.rejected])
    .where("reset_at", "is", null)
    .executeTakeFirst();
  if (kind === "webcam") await trx.updateTable("profiles").set({ verified_at: null }).where("user_id", "=", userId).execute();
  return Number(reset.numUpdatedRows);
}

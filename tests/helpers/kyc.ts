/**
 * KYC fixtures for API tests (issue 30 item 3, ADR 109): the identity check verified by the team and the age
 * verification done (their own modules' flows are tested there), and — for tests about payouts, not KYC — a whole
 * complete KYC (the current agreement signed, a clean screening valid AML_VALID_MONTHS).
 */
import { AGE_VERIFICATION_STATUS } from "#server/contract/age-verification";
import { CREATOR_AGREEMENT_VERSION } from "#server/contract/kyc-agreement";
import { VERIFICATION_STATUS } from "#server/contract/verification";
import { currentAgreement } from "#server/modules/kyc/service";
import { screeningValidUntil } from "#server/modules/kyc/state";
import type { TestRuntime } from "./runtime";

export async function verifyIdentity(rt: TestRuntime, userId: number): Promise<void> {
  const now = rt.clock.now();
  await rt.deps.db
    .insertInto("verification_checks")
    .values({
      user_id: userId,
      kind: "id",
      status: VERIFICATION_STATUS.verified,
      code: null,
      code_expires_at: null,
      file_prefix: null,
      created_at: now,
      submitted_at: now,
      due_at: now,
      decided_at: now,
      decided_by: null,
      reason: null,
      files_deleted_at: null,
      reset_at: null,
    })
    .execute();
}

export async function verifyAge(rt: TestRuntime, userId: number): Promise<void> {
  const now = rt.clock.now();
  await rt.deps.db
    .insertInto("age_verifications")
    .values({
      user_id: userId,
      status: AGE_VERIFICATION_STATUS.verified,
      provider: "fake",
      reference: null,
      provider_txn_id: null,
      pin_hash: null,
      started_at: now,
      verified_at: now,
      updated_at: now,
    })
    .execute();
}

/** Every KYC step done: for tests of what follows a complete KYC (payouts). */
export async function completeKyc(rt: TestRuntime, userId: number, fullName = "Test Creator"): Promise<void> {
  await verifyIdentity(rt, userId);
  await verifyAge(rt, userId);
  const now = rt.clock.now();
  const signature = await rt.deps.db
    .insertInto("kyc_signatures")
    .values({
      user_id: userId,
      version: CREATOR_AGREEMENT_VERSION,
      language: "de",
      text_sha256: currentAgreement("de").text_sha256,
      full_name: fullName,
      ip_hash: "test",
      user_agent: "test",
      signed_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await rt.deps.db
    .insertInto("kyc_screenings")
    .values({
      user_id: userId,
      signature_id: signature.id,
      full_name: fullName,
      provider: "fake",
      reference: `test-${userId}-${signature.id}`,
      outcome: "clear",
      open: 0,
      attempts: 1,
      provider_reference: null,
      created_at: now,
      screened_at: now,
      valid_until: screeningValidUntil(now),
      decision: null,
      decided_by: null,
      decided_at: null,
      reason: null,
      expiry_handled_at: null,
    })
    .execute();
}

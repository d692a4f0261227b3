/**
 * A member's KYC state (issue 30 item 3, ADR 109), derived every time from its sources — the verification module's
 * identity check, the age verification, the signatures and the screenings — so a payout is checked against the
 * truth of the moment, not against a stored flag a job might not have updated yet.
 */
import type { Kysely } from "kysely";
import { AGE_VERIFICATION_STATUS } from "../../contract/age-verification";
import {
  AML_VALID_MONTHS,
  type AmlDecision,
  type AmlOutcome,
  type KycAnswer,
  type KycScreeningAnswer,
  type KycSignatureAnswer,
  type KycState,
  type KycStepAnswer,
  type KycStepState,
} from "../../contract/kyc";
import { CREATOR_AGREEMENT_VERSION } from "../../contract/kyc-agreement";
import { VERIFICATION_STATUS } from "../../contract/verification";
import type { Database } from "../../db/schema";
import { systemClock } from "../../lib/clock";

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value));

/** When a screening done at `at` runs out: AML_VALID_MONTHS calendar months later (UTC). */
export function screeningValidUntil(at: number): number {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() + AML_VALID_MONTHS);
  return date.getTime();
}

export interface KycFloors {
  signature_floor: number;
  screening_floor: number;
}

/** The member's floors: signatures and screenings up to these ids were reset or expired by staff. */
export async function floorsOf(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom("kyc_members").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return {
    row: row ?? null,
    floors: { signature_floor: Number(row?.signature_floor ?? 0), screening_floor: Number(row?.screening_floor ?? 0) },
  };
}

function amlState(
  screening: KycScreeningAnswer | null,
  signature: KycSignatureAnswer | null,
  screenedName: string | null,
  now: number,
): KycStepState {
  if (!screening) return "missing";
  // A name typed differently in a newer signature was never screened.
  if (signature && screenedName !== null && signature.full_name !== screenedName) return "missing";
  if (screening.outcome === "pending" || screening.outcome === "error") return "pending";
  if (screening.outcome === "hit" && screening.decision === null) return "review";
  if (screening.decision === "rejected") return "rejected";
  return screening.valid_until !== null && screening.valid_until > now ? "done" : "expired";
}

function overall(steps: KycStepAnswer[], lastAction: "reset" | "expire" | null): KycState {
  const aml = steps.find((step) => step.step === "aml")!.state;
  if (aml === "rejected") return "rejected";
  if (steps.every((step) => step.state === "done")) return "complete";
  if (aml === "review") return "review";
  if (aml === "expired" || lastAction === "expire") return "expired";
  return "missing";
}

/**
 * The member's KYC: each step's state and the whole. Exported for the member's page in the back office and for the
 * payout check (which reads it inside its own transaction: pass the transaction as `db`).
 */
export async function kycStateOf(db: Kysely<Database>, userId: number, now: number = systemClock.now()): Promise<KycAnswer> {
  const { row, floors } = await floorsOf(db, userId);
  const [identity, age, signatureRow, screeningRow, held] = await Promise.all([
    db
      .selectFrom("verification_checks")
      .select("decided_at")
      .where("user_id", "=", userId)
      .where("kind", "=", "id")
      .where("status", "=", VERIFICATION_STATUS.verified)
      .where("reset_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    db.selectFrom("age_verifications").select(["status", "verified_at"]).where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("kyc_signatures")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", ">", floors.signature_floor)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    db
      .selectFrom("kyc_screenings")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", ">", floors.screening_floor)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    db
      .selectFrom("kyc_payout_holds")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .where("released_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  const signature: KycSignatureAnswer | null = signatureRow
    ? {
        version: signatureRow.version,
        language: signatureRow.language,
        full_name: signatureRow.full_name,
        text_sha256: signatureRow.text_sha256,
        signed_at: Number(signatureRow.signed_at),
      }
    : null;
  const screening: KycScreeningAnswer | null = screeningRow
    ? {
        id: screeningRow.id,
        outcome: screeningRow.outcome as AmlOutcome,
        decision: (screeningRow.decision as AmlDecision | null) ?? null,
        reason: screeningRow.decision === "rejected" ? screeningRow.reason : null,
        screened_at: num(screeningRow.screened_at),
        valid_until: num(screeningRow.valid_until),
      }
    : null;
  const ageVerified = age?.status === AGE_VERIFICATION_STATUS.verified;
  const aml = amlState(screening, signature, screeningRow?.full_name ?? null, now);
  const steps: KycStepAnswer[] = [
    { step: "idv", state: identity ? "done" : "missing", done_at: identity ? num(identity.decided_at) : null },
    { step: "age", state: ageVerified ? "done" : "missing", done_at: ageVerified ? num(age!.verified_at) : null },
    {
      step: "esign",
      state: !signature ? "missing" : signature.version === CREATOR_AGREEMENT_VERSION ? "done" : "outdated",
      done_at: signature?.signed_at ?? null,
    },
    { step: "aml", state: aml, done_at: screening?.screened_at ?? null },
  ];
  const lastAction = row?.last_action ?? null;
  const state = overall(steps, lastAction);
  return {
    user_id: userId,
    state,
    steps,
    agreement_version: CREATOR_AGREEMENT_VERSION,
    signature,
    screening,
    expires_at: state === "complete" ? screening!.valid_until : null,
    last_staff_action:
      row && lastAction && row.last_action_at !== null
        ? { action: lastAction, reason: row.last_reason ?? "", at: Number(row.last_action_at) }
        : null,
    held_payouts: Number(held.n),
  };
}

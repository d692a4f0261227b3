/**
 * Age verification for fsk18 content (issue 30 item 1, ADRs 105–106): the closed user group of JMStV § 4.
 *
 * - Identification once: `startIdentification` binds a PIN (hashed) and a fresh session reference to the member's
 *   row (status 1 pending) and answers the provider's hosted flow; `receiveWebhook` alone sets status 2 verified, from a
 *   signed message whose nonce was never seen (replays and forgeries change nothing). The member's return from the
 *   provider grants nothing.
 * - Authentication on each use: `authenticateSession` checks the PIN and opens fsk18 content for this login session
 *   (the token family, ADR 016). The access kernel (access/age-gate.ts) asks exactly that for every fsk18 medium.
 * - The forced check: staff set `forced` (audited); the member is then sent to the check after login until verified.
 * The check is free for members (ADR 106): the platform carries the provider's cost.
 */
import { requireStaffPermission } from "../access/index";
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  AGE_PIN_MAX_FAILURES,
  AGE_VERIFICATION_ERRORS,
  AGE_VERIFICATION_STATUS,
  ageVerificationStatusName,
  type AgeCheckForced,
  type AgeVerificationStarted,
  type AgeVerificationState,
  type AgeVerificationStatusCode,
} from "../../contract/age-verification";
import { isLanguage, DEFAULT_LANGUAGE } from "../../contract/locales";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import { ageProviderNamed, configuredAgeProvider } from "../../integrations/age-verification/registry";
import { hashPassword, randomToken, verifyPassword } from "../../lib/crypto";
import { recordAudit } from "../audit/index";

type Deps = Pick<ApiDeps, "db" | "clock" | "config">;

/** Where a provider posts its answers about identifications it ran for us. */
export function ageWebhookUrl(config: ApiDeps["config"], providerName: string): string {
  return `${config.publicUrl}/api/v2/verification/fsk18/webhook/${encodeURIComponent(providerName)}`;
}

async function rowOf(deps: Deps, userId: number) {
  return await deps.db.selectFrom("age_verifications").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** The login session (token family) of a token, or null for tokens from before families existed. */
async function familyOf(deps: Deps, tokenId: number): Promise<string | null> {
  const row = await deps.db.selectFrom("access_tokens").select("family_id").where("id", "=", tokenId).executeTakeFirst();
  return row?.family_id ?? null;
}

export async function ageVerificationState(deps: Deps, user: AuthUser): Promise<AgeVerificationState> {
  const row = await rowOf(deps, user.id);
  const status = (row?.status ?? AGE_VERIFICATION_STATUS.init) as AgeVerificationStatusCode;
  let sessionAuthenticated = false;
  if (status === AGE_VERIFICATION_STATUS.verified) {
    const family = await familyOf(deps, user.tokenId);
    sessionAuthenticated =
      family !== null &&
      (await deps.db
        .selectFrom("age_verification_sessions")
        .select("family_id")
        .where("family_id", "=", family)
        .where("user_id", "=", user.id)
        .executeTakeFirst()) !== undefined;
  }
  return {
    status: ageVerificationStatusName(status),
    status_code: status,
    provider: row?.provider ?? null,
    started_at: row?.started_at ?? null,
    verified_at: row?.verified_at ?? null,
    declined: row?.declined === 1,
    forced: row?.forced === 1,
    session_authenticated: sessionAuthenticated,
    pin_attempts_left: Math.max(0, AGE_PIN_MAX_FAILURES - (row?.pin_failures ?? 0)),
    provider_available: configuredAgeProvider(deps) !== null,
  };
}

/**
 * Starts (or restarts) an identification: a new reference, the new PIN, status pending, and the provider's address.
 * A verified member with a usable PIN has nothing to start (409); one whose PIN is locked identifies again. Every
 * earlier login session's authentication ends: it belonged to the previous identification.
 */
export async function startIdentification(
  deps: Deps,
  user: AuthUser,
  input: { pin: string; language: string },
): Promise<AgeVerificationStarted> {
  const provider = configuredAgeProvider(deps);
  if (!provider) throw fail.conflict(AGE_VERIFICATION_ERRORS.noProvider);
  const row = await rowOf(deps, user.id);
  if (row?.status === AGE_VERIFICATION_STATUS.verified && row.pin_failures < AGE_PIN_MAX_FAILURES)
    throw fail.conflict(AGE_VERIFICATION_ERRORS.alreadyVerified);
  const now = deps.clock.now();
  const reference = randomToken(24);
  const pinHash = await hashPassword(input.pin);
  const values = {
    status: AGE_VERIFICATION_STATUS.pending,
    provider: provider.name,
    reference,
    provider_txn_id: null,
    pin_hash: pinHash,
    pin_failures: 0,
    declined: 0,
    started_at: now,
    verified_at: null,
    updated_at: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("age_verifications")
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    await trx.deleteFrom("age_verification_sessions").where("user_id", "=", user.id).execute();
  });
  const language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
  return {
    redirect_url: provider.identificationUrl({
      reference,
      // The return shows the state and grants nothing (the webhook alone verifies).
      returnUrl: `${deps.config.publicUrl}/${language}/user/age_check_verification?from=provider`,
      notifyUrl: ageWebhookUrl(deps.config, provider.name),
      language,
    }),
  };
}

/**
 * A provider's webhook (server to server: the signature is the check). Refused without change: an unknown provider
 * (404), a forged, malformed or stale message (400), a nonce seen before (409, the replay). A verified message about
 * an identification that is no longer the member's latest, or was already answered, is received without change.
 */
export async function receiveWebhook(
  deps: Deps & Pick<ApiDeps, "log">,
  providerName: string,
  message: { headers: Record<string, string>; body: string },
): Promise<{ applied: boolean }> {
  const provider = ageProviderNamed(deps, providerName);
  if (!provider) throw fail.notFound();
  const check = provider.verifyWebhook(message);
  if (!check.ok) {
    deps.log.warn({ provider: provider.name, verdict: check.verdict }, "age verification webhook refused");
    throw fail.badRequest(AGE_VERIFICATION_ERRORS.invalidSignature);
  }
  const { event } = check;
  const now = deps.clock.now();
  return await deps.db.transaction().execute(async (trx) => {
    // Nonces older than twice the tolerance can go: their messages are refused by their timestamp anyway.
    await trx
      .deleteFrom("age_verification_nonces")
      .where("received_at", "<", now - 2 * deps.config.ageVerification.toleranceSeconds * 1000)
      .execute();
    const stored = await trx
      .insertInto("age_verification_nonces")
      .values({ provider: provider.name, nonce: event.nonce, received_at: now })
      .onConflict((oc) => oc.columns(["provider", "nonce"]).doNothing())
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) throw fail.conflict(AGE_VERIFICATION_ERRORS.replayed);
    return { applied: await applyOutcome(trx, provider.name, event.reference, event.outcome, event.providerTxnId, now) };
  });
}

/** The provider's answer on the pending identification of this reference; false when there is none. */
async function applyOutcome(
  trx: Transaction<Database>,
  provider: string,
  reference: string,
  outcome: "verified" | "declined",
  providerTxnId: string,
  now: number,
): Promise<boolean> {
  const pending = trx
    .updateTable("age_verifications")
    .where("provider", "=", provider)
    .where("reference", "=", reference)
    .where("status", "=", AGE_VERIFICATION_STATUS.pending);
  const result =
    outcome === "verified"
      ? await pending
          .set({
            status: AGE_VERIFICATION_STATUS.verified,
            provider_txn_id: providerTxnId,
            verified_at: now,
            pin_failures: 0,
            declined: 0,
            // Verified: the team's demand is met.
            forced: 0,
            updated_at: now,
          })
          .executeTakeFirst()
      : await pending
          .set({ status: AGE_VERIFICATION_STATUS.init, provider_txn_id: providerTxnId, pin_hash: null, declined: 1, updated_at: now })
          .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The authentication on each use: the PIN bound to the identification opens fsk18 content for this login session.
 * Each try first takes one of the AGE_PIN_MAX_FAILURES attempts (a conditional update, so parallel guesses cannot
 * exceed them); the right PIN gives them all back. With none left the PIN is locked: identify again.
 */
export async function authenticateSession(deps: Deps, user: AuthUser, pin: string): Promise<AgeVerificationState> {
  const row = await rowOf(deps, user.id);
  if (!row || row.status !== AGE_VERIFICATION_STATUS.verified || !row.pin_hash) throw fail.conflict(AGE_VERIFICATION_ERRORS.notVerified);
  const family = await familyOf(deps, user.tokenId);
  if (family === null) throw fail.conflict(AGE_VERIFICATION_ERRORS.notVerified);
  const now = deps.clock.now();
  const taken = await deps.db
    .updateTable("age_verifications")
    .set((eb) => ({ pin_failures: eb("pin_failures", "+", 1), updated_at: now }))
    .where("user_id", "=", user.id)
    .where("status", "=", AGE_VERIFICATION_STATUS.verified)
    .where("pin_failures", "<", AGE_PIN_MAX_FAILURES)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw fail.conflict(AGE_VERIFICATION_ERRORS.pinLocked);
  if (!(await verifyPassword(pin, row.pin_hash))) throw fail.badRequest(AGE_VERIFICATION_ERRORS.pinWrong, "pin");
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("age_verifications").set({ pin_failures: 0, updated_at: now }).where("user_id", "=", user.id).execute();
    await trx
      .insertInto("age_verification_sessions")
      .values({ family_id: family, user_id: user.id, authenticated_at: now })
      .onConflict((oc) => oc.column("family_id").doUpdateSet({ authenticated_at: now }))
      .execute();
  });
  return await ageVerificationState(deps, user);
}

/** Staff demand (or lift) the age check of a member: the forced check after login (audited, with the reason). */
export async function forceAgeCheck(
  deps: Deps,
  staffId: number,
  memberId: number,
  input: { action: "force" | "lift"; reason: string },
): Promise<AgeCheckForced> {
  await requireStaffPermission(deps, staffId, "verification.decide");
  const member = await deps.db.selectFrom("users").select(["id", "user_type", "status"]).where("id", "=", memberId).executeTakeFirst();
  // Staff accounts have no fsk18 duty; deleted accounts have no login to send anywhere.
  if (!member || isStaffUserType(member.user_type) || member.status === "deleted") throw fail.notFound(AGE_VERIFICATION_ERRORS.notFound);
  const forced = input.action === "force" ? 1 : 0;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("age_verifications")
      .select(["status", "forced"])
      .where("user_id", "=", memberId)
      .executeTakeFirst();
    await trx
      .insertInto("age_verifications")
      .values({ user_id: memberId, forced, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ forced, updated_at: now }))
      .execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: input.action === "force" ? "age_check.force" : "age_check.lift",
        subjectType: "user",
        subjectId: String(memberId),
        reason: input.reason,
        before: { forced: before?.forced === 1, status: before?.status ?? AGE_VERIFICATION_STATUS.init },
        after: { forced: forced === 1, status: before?.status ?? AGE_VERIFICATION_STATUS.init },
      },
      now,
    );
  });
  return { user_id: memberId, forced: forced === 1 };
}

/** A member's age check as the back office shows it (issue 30 item 5): the status and whether staff forced it. */
export async function ageCheckSummaryOf(
  db: Deps["db"],
  userId: number,
): Promise<{ status: ReturnType<typeof ageVerificationStatusName>; forced: boolean; verifiedAt: number | null }> {
  const row = await db
    .selectFrom("age_verifications")
    .select(["status", "forced", "verified_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    status: ageVerificationStatusName(row?.status ?? AGE_VERIFICATION_STATUS.init),
    forced: row?.forced === 1,
    verifiedAt: row?.verified_at === null || row?.verified_at === undefined ? null : Number(row.verified_at),
  };
}

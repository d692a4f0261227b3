/**
 * Profile claims (API group "profile claims"): a profile pre-created for its
 * owner (users.status 'claimable', no usable password) is offered through
 * invites/{code}. The owner proves control of the e-mail address or phone
 * number on file with a 6-digit code, then sets a password; the account
 * turns active and is signed in.
 *
 * The invite code in the URL is the only handle on a claim (no numeric id is
 * ever accepted), and the password step needs the bind token that only a
 * passed verification of that same claim hands out.
 */
import { sql } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  CLAIM_BIND_TTL_MS,
  CLAIM_INVITE_TTL_MS,
  CLAIM_MAX_CODES,
  CLAIM_RESEND_LIMIT,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_ATTEMPTS,
} from "../../contract/invites";
import { MEDIA_STATUS } from "../../contract/media";
import type {
  ClaimableProfileCreated,
  ClaimBound,
  ClaimCodeSent,
  ClaimCodeVerified,
  ClaimPreview,
  ClaimState,
} from "../../contract/invites";
import { mediaGrant, mediaImageOf } from "../media/index";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "../../contract/users";
import { smsProviderFor, SmsSendError } from "../../integrations/sms/sms";
import { hashPassword, randomToken, sha256 } from "../../lib/crypto";
import { recordHit, releaseHit } from "../../lib/rate-limit";
import { issueTokens } from "../auth/index";
import { hashVerificationCode, maskTarget, newVerificationCode, verificationCodeMatches } from "./codes";
import { claimCodeMail, claimCodeSms } from "./messages";

/** Staff accounts (spec section 3: backend 9, team 10, never selectable at sign-up) run the team tooling. */
export function assertTeam(userType: number): void {
  if (userType !== USER_TYPE.team && userType !== USER_TYPE.backend) throw fail.forbidden();
}

/** Stored in password_hash of accounts without a password: never a valid scrypt record. */
export const UNUSABLE_PASSWORD = "!unusable";

type ClaimRow = {
  id: number;
  user_id: number;
  target_kind: "email" | "phone";
  target: string;
  code_hash: string | null;
  code_expires_at: number | null;
  attempts: number;
  codes_sent: number;
  bind_hash: string | null;
  bind_expires_at: number | null;
  verified_at: number | null;
  claimed_at: number | null;
  expires_at: number;
};

/** The open claim behind an invite code; unknown and expired ones are 404, claimed ones 409. */
async function openClaim(deps: ApiDeps, inviteCode: string): Promise<ClaimRow> {
  const claim = await deps.db
    .selectFrom("profile_claims")
    .select([
      "id",
      "user_id",
      "target_kind",
      "target",
      "code_hash",
      "code_expires_at",
      "attempts",
      "codes_sent",
      "bind_hash",
      "bind_expires_at",
      "verified_at",
      "claimed_at",
      "expires_at",
    ])
    .where("invite_hash", "=", sha256(inviteCode))
    .executeTakeFirst();
  if (!claim || claim.expires_at <= deps.clock.now()) throw fail.notFound("exception.claim.not_found");
  if (claim.claimed_at !== null) throw fail.conflict("exception.claim.already_claimed");
  return claim;
}

function stateOf(claim: ClaimRow, now: number): ClaimState {
  if (claim.verified_at !== null && claim.bind_expires_at !== null && claim.bind_expires_at > now) return "verified";
  const liveCode =
    claim.code_hash !== null && claim.code_expires_at !== null && claim.code_expires_at > now && claim.attempts < VERIFICATION_MAX_ATTEMPTS;
  if (liveCode) return "code_sent";
  // No usable code and none may be sent any more.
  return claim.codes_sent >= CLAIM_MAX_CODES ? "locked" : "new";
}

export async function previewClaim(deps: ApiDeps, inviteCode: string): Promise<ClaimPreview> {
  const claim = await openClaim(deps, inviteCode);
  const profile = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "users.user_type", "users.status", "profiles.display_name", "profiles.city_name"])
    .where("users.id", "=", claim.user_id)
    .executeTakeFirst();
  // The account was claimed some other way, banned or deleted meanwhile.
  if (!profile || profile.status !== "claimable") throw fail.notFound("exception.claim.not_found");
  // Only an accepted public avatar: the preview is a guest page.
  const avatar = await deps.db
    .selectFrom("media")
    .select(["public_id", "width", "height", "variant_widths"])
    .where("user_id", "=", claim.user_id)
    .where("is_avatar", "=", 1)
    .where("status", "=", MEDIA_STATUS.accepted)
    .where("visibility", "=", "public")
    .orderBy("position")
    .executeTakeFirst();
  const now = deps.clock.now();
  return {
    username: profile.username,
    display_name: profile.display_name ?? profile.username,
    city_name: profile.city_name,
    user_type: profile.user_type,
    // The profile is not listed until claimed: the picture is shown through a short-lived grant (ADR 017).
    avatar: avatar ? mediaImageOf(avatar, mediaGrant(deps.config.appSecret, avatar.public_id, now)) : null,
    target_kind: claim.target_kind,
    target_hint: maskTarget(claim.target_kind, claim.target),
    state: stateOf(claim, now),
    attempts_left: Math.max(0, VERIFICATION_MAX_ATTEMPTS - claim.attempts),
    code_expires_at: claim.code_expires_at,
    expires_at: claim.expires_at,
  };
}

/** Sends a fresh code (voiding the previous one) to the target on file; 3 an hour, 10 in all. */
export async function sendClaimCode(deps: ApiDeps, inviteCode: string, language: string): Promise<ClaimCodeSent> {
  const { db, clock, config } = deps;
  const claim = await openClaim(deps, inviteCode);
  const now = clock.now();
  if (claim.codes_sent >= CLAIM_MAX_CODES) throw fail.tooMany("exception.claim.locked");
  const window = { bucket: `claim-resend:${claim.id}`, ...CLAIM_RESEND_LIMIT };
  if ((await recordHit(db, now, window)) > CLAIM_RESEND_LIMIT.limit) throw fail.tooMany("exception.claim.resend_limit");

  const code = newVerificationCode();
  const codeExpiresAt = now + VERIFICATION_CODE_TTL_MS;
  // codes_sent guards the total even when two resends race.
  const updated = await db
    .updateTable("profile_claims")
    .set({
      code_hash: hashVerificationCode(config.appSecret, `claim:${claim.id}`, code),
      code_expires_at: codeExpiresAt,
      attempts: 0,
      codes_sent: sql`codes_sent + 1`,
    })
    .where("id", "=", claim.id)
    .where("claimed_at", "is", null)
    .where("codes_sent", "<", CLAIM_MAX_CODES)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw fail.tooMany("exception.claim.locked");

  const profile = await db.selectFrom("profiles").select("display_name").where("user_id", "=", claim.user_id).executeTakeFirst();
  if (claim.target_kind === "email") {
    await deps.mailer.send(claimCodeMail({ to: claim.target, name: profile?.display_name ?? "", code, language }));
  } else {
    try {
      await smsProviderFor(deps).send({ to: claim.target, text: claimCodeSms(code, language), template: "profile_claim_code", language });
    } catch (err) {
      if (!(err instanceof SmsSendError)) throw err;
      // Not the owner's fault: the hour's quota is given back.
      await releaseHit(db, now, window);
      throw new ApiError(400, [errorItem(400, "exception.sms.send_failed")]);
    }
  }
  return { sent_to: maskTarget(claim.target_kind, claim.target), code_expires_at: codeExpiresAt };
}

/**
 * Checks a code. Each try is counted before the comparison (atomically, so
 * parallel guesses cannot exceed the limit); the fifth wrong one voids the
 * code. A match answers the bind token for the password step.
 */
export async function verifyClaimCode(deps: ApiDeps, inviteCode: string, code: string): Promise<ClaimCodeVerified> {
  const { db, clock, config } = deps;
  const claim = await openClaim(deps, inviteCode);
  const now = clock.now();
  if (claim.code_hash === null) throw fail.badRequest("exception.claim.no_code_sent", "code");
  if (claim.attempts >= VERIFICATION_MAX_ATTEMPTS) throw fail.tooMany("exception.claim.code_locked", "code");
  if (claim.code_expires_at === null || claim.code_expires_at <= now) throw fail.badRequest("exception.claim.code_expired", "code");

  const counted = await db
    .updateTable("profile_claims")
    .set({ attempts: sql`attempts + 1` })
    .where("id", "=", claim.id)
    .where("attempts", "<", VERIFICATION_MAX_ATTEMPTS)
    .where("code_hash", "=", claim.code_hash)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw fail.tooMany("exception.claim.code_locked", "code");

  if (!verificationCodeMatches(config.appSecret, `claim:${claim.id}`, code, claim.code_hash)) {
    const attemptsLeft = VERIFICATION_MAX_ATTEMPTS - (claim.attempts + 1);
    if (attemptsLeft <= 0) throw fail.tooMany("exception.claim.code_locked", "code");
    throw new ApiError(400, [errorItem(400, "exception.claim.code_invalid", "code", { count: attemptsLeft })]);
  }
  const bindToken = randomToken();
  const bindExpiresAt = now + CLAIM_BIND_TTL_MS;
  // The code is spent: it cannot be verified a second time.
  await db
    .updateTable("profile_claims")
    .set({ verified_at: now, bind_hash: sha256(bindToken), bind_expires_at: bindExpiresAt, code_hash: null, code_expires_at: null })
    .where("id", "=", claim.id)
    .execute();
  return { bind_token: bindToken, bind_expires_at: bindExpiresAt };
}

export interface BindInput {
  bind_token: string;
  password: string;
  email?: string;
}

/** Sets the password, activates the account and signs it in. Works once per claim. */
export async function bindClaimPassword(deps: ApiDeps, inviteCode: string, input: BindInput, clientIp: string): Promise<ClaimBound> {
  const { db, clock } = deps;
  const claim = await openClaim(deps, inviteCode);
  const now = clock.now();
  if (
    claim.bind_hash === null ||
    claim.bind_expires_at === null ||
    claim.bind_expires_at <= now ||
    sha256(input.bind_token) !== claim.bind_hash
  ) {
    throw fail.forbidden("exception.claim.verification_required");
  }
  // A phone claim has no real address on file: the owner gives one now.
  let email: { email: string; email_key: string } | null = null;
  if (claim.target_kind === "phone") {
    if (!input.email) throw fail.badRequest("validation.required", "email");
    const taken = await db
      .selectFrom("users")
      .select("id")
      .where("email_key", "=", input.email.toLowerCase())
      .where("id", "!=", claim.user_id)
      .executeTakeFirst();
    if (taken) throw fail.conflict("exception.signup.email_taken", "email");
    email = { email: input.email, email_key: input.email.toLowerCase() };
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const won = await trx
      .updateTable("profile_claims")
      .set({ claimed_at: now, bind_hash: null, bind_expires_at: null })
      .where("id", "=", claim.id)
      .where("claimed_at", "is", null)
      .where("bind_hash", "=", claim.bind_hash)
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) throw fail.conflict("exception.claim.already_claimed");
    const activated = await trx
      .updateTable("users")
      .set({
        password_hash: passwordHash,
        status: "active",
        updated_at: now,
        ...(claim.target_kind === "email"
          ? { email_verified_at: now, email_was_verified: 1 }
          : { ...email!, email_verified_at: null, phone: claim.target, phone_verified_at: now }),
      })
      .where("id", "=", claim.user_id)
      .where("status", "=", "claimable")
      .executeTakeFirst();
    if (Number(activated.numUpdatedRows) !== 1) throw fail.conflict("exception.claim.already_claimed");
  });
  await db.updateTable("users").set({ last_login_at: now }).where("id", "=", claim.user_id).execute();
  return { ...(await issueTokens(db, clock, claim.user_id, clientIp)), user_id: claim.user_id };
}

export interface NewClaimableProfile {
  username: string;
  displayName?: string;
  cityName?: string | null;
  userType?: number;
  targetKind: "email" | "phone";
  /** E-mail address or E.164 phone number of the owner. */
  target: string;
  language?: string;
}

/**
 * Creates a claimable profile and its invite (team tooling, dev routes,
 * tests). The profile counts as complete (it was filled in for the owner);
 * the answer's invite code is shown once and stored only as a digest.
 */
export async function createClaimableProfile(deps: ApiDeps, input: NewClaimableProfile): Promise<ClaimableProfileCreated> {
  const { db, clock } = deps;
  const now = clock.now();
  const inviteCode = randomToken(24);
  // Phone claims have no address yet; a unique placeholder in a reserved TLD keeps email_key unique.
  const email = input.targetKind === "email" ? input.target : `claim-${randomToken(9)}@claims.invalid`;
  return await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("users")
      .select(["username_key", "email_key"])
      .where((eb) => eb.or([eb("username_key", "=", input.username.toLowerCase()), eb("email_key", "=", email.toLowerCase())]))
      .executeTakeFirst();
    if (taken) {
      throw taken.username_key === input.username.toLowerCase()
        ? fail.conflict("exception.signup.username_taken", "username")
        : fail.conflict("exception.signup.email_taken", "target");
    }
    const user = await trx
      .insertInto("users")
      .values({
        username: input.username,
        username_key: input.username.toLowerCase(),
        email,
        email_key: email.toLowerCase(),
        password_hash: UNUSABLE_PASSWORD,
        user_type: input.userType ?? USER_TYPE.escort,
        gender: null,
        salutation: null,
        birth_date: null,
        language: input.language ?? "de",
        member_until: null,
        email_verified_at: null,
        register_completed_step: REGISTER_COMPLETED_STEP,
        status: "claimable",
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("profiles")
      .values({
        user_id: user.id,
        display_name: input.displayName ?? input.username,
        city_name: input.cityName ?? null,
        city_slug: null,
        country_code: null,
        lat: null,
        lon: null,
        status_text: null,
        description: null,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("profile_claims")
      .values({
        user_id: user.id,
        invite_hash: sha256(inviteCode),
        target_kind: input.targetKind,
        target: input.target,
        code_hash: null,
        code_expires_at: null,
        bind_hash: null,
        bind_expires_at: null,
        verified_at: null,
        claimed_at: null,
        expires_at: now + CLAIM_INVITE_TTL_MS,
        created_at: now,
      })
      .execute();
    return { user_id: user.id, invite_code: inviteCode };
  });
}

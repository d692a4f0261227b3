/**
 * Phone verification by SMS (spec sections 5, 7 and 9): a signed-in user
 * asks for a 6-digit code to a number in one of the phone countries; the code
 * holds 10 minutes and 5 tries. Passing sets users.phone and
 * phone_verified_at. Sends are limited per user and per number (so nobody can
 * flood a stranger's phone), and a provider failure is reported, not thrown.
 */
import { sql } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  SMS_NUMBER_LIMIT,
  SMS_USER_LIMIT,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_ATTEMPTS,
  type PhoneStatus,
  type SmsCodeSent,
  type SmsVerified,
} from "../../contract/invites";
import { toE164 } from "../../contract/validation";
import { smsProviderFor, SmsSendError } from "../../integrations/sms/sms";
import { recordHit, releaseHit } from "../../lib/rate-limit";
import { hashVerificationCode, maskTarget, newVerificationCode, verificationCodeMatches } from "../claims/index";
import { phoneVerificationSms } from "./messages";

const purpose = (userId: number, phone: string) => `sms:${userId}:${phone}`;

export async function phoneStatus(deps: ApiDeps, userId: number): Promise<PhoneStatus> {
  const now = deps.clock.now();
  const user = await deps.db.selectFrom("users").select(["phone", "phone_verified_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw fail.notFound();
  const pending = await latestPending(deps, userId, now);
  return {
    phone: user.phone,
    phone_verified_at: user.phone_verified_at,
    pending: pending
      ? {
          phone_hint: maskTarget("phone", pending.phone),
          expires_at: pending.expires_at,
          attempts_left: VERIFICATION_MAX_ATTEMPTS - pending.attempts,
        }
      : null,
  };
}

async function latestPending(deps: ApiDeps, userId: number, now: number) {
  return await deps.db
    .selectFrom("sms_verifications")
    .select(["id", "phone", "code_hash", "attempts", "expires_at"])
    .where("user_id", "=", userId)
    .where("verified_at", "is", null)
    .where("expires_at", ">", now)
    .where("attempts", "<", VERIFICATION_MAX_ATTEMPTS)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function sendSmsCode(
  deps: ApiDeps,
  userId: number,
  input: { country_code: number; phone: string },
  language: string,
): Promise<SmsCodeSent> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const phone = toE164(input.country_code, input.phone);
  if (!phone) throw fail.badRequest("validation.phone.country_mismatch", "phone");
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where("phone", "=", phone)
    .where("phone_verified_at", "is not", null)
    .where("id", "!=", userId)
    .where("status", "not in", ["deleted", "claimable"])
    .executeTakeFirst();
  if (taken) throw fail.conflict("exception.sms.phone_taken", "phone");

  const windows = [
    { bucket: `sms-send:user:${userId}`, ...SMS_USER_LIMIT },
    { bucket: `sms-send:number:${phone}`, ...SMS_NUMBER_LIMIT },
  ];
  const hits: number[] = [];
  for (const window of windows) hits.push(await recordHit(db, now, window));
  if (windows.some((window, i) => hits[i]! > window.limit)) {
    // A refused send is not a send: give the hits back so the counters mean "messages sent".
    for (const window of windows) await releaseHit(db, now, window);
    throw fail.tooMany("exception.sms.too_many_requests");
  }

  const code = newVerificationCode();
  const expiresAt = now + VERIFICATION_CODE_TTL_MS;
  try {
    await smsProviderFor(deps).send({ to: phone, text: phoneVerificationSms(code, language), template: "sms_verification", language });
  } catch (err) {
    if (!(err instanceof SmsSendError)) throw err;
    for (const window of windows) await releaseHit(db, now, window);
    throw new ApiError(400, [errorItem(400, "exception.sms.send_failed")]);
  }
  // A new code voids the older ones: only the latest message counts.
  await db
    .updateTable("sms_verifications")
    .set({ expires_at: now })
    .where("user_id", "=", userId)
    .where("verified_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
  await db
    .insertInto("sms_verifications")
    .values({
      user_id: userId,
      phone,
      code_hash: hashVerificationCode(config.appSecret, purpose(userId, phone), code),
      created_at: now,
      expires_at: expiresAt,
      verified_at: null,
    })
    .execute();
  return { phone_hint: maskTarget("phone", phone), expires_at: expiresAt };
}

export async function verifySmsCode(deps: ApiDeps, userId: number, code: string): Promise<SmsVerified> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const pending = await latestPending(deps, userId, now);
  if (!pending) throw fail.badRequest("exception.sms.no_pending_code", "code");
  // Counted before comparing, atomically: parallel guesses stay within the 5 tries.
  const counted = await db
    .updateTable("sms_verifications")
    .set({ attempts: sql`attempts + 1` })
    .where("id", "=", pending.id)
    .where("attempts", "<", VERIFICATION_MAX_ATTEMPTS)
    .where("verified_at", "is", null)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw fail.tooMany("exception.sms.code_locked", "code");
  if (!verificationCodeMatches(config.appSecret, purpose(userId, pending.phone), code, pending.code_hash)) {
    const left = VERIFICATION_MAX_ATTEMPTS - (pending.attempts + 1);
    if (left <= 0) throw fail.tooMany("exception.sms.code_locked", "code");
    throw new ApiError(400, [errorItem(400, "exception.sms.code_invalid", "code", { count: left })]);
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("sms_verifications").set({ verified_at: now }).where("id", "=", pending.id).execute();
    await trx
      .updateTable("users")
      .set({ phone: pending.phone, phone_verified_at: now, updated_at: now })
      .where("id", "=", userId)
      .execute();
  });
  return { phone: pending.phone, phone_verified_at: now };
}

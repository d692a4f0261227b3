/**
 * Sign-up (individuals and businesses), the uniqueness check and e-mail
 * verification: the rules. Routes only translate HTTP.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { REGISTER_STEP, USER_TYPE } from "../../contract/users";
import { birthDateOf, type UniqueCheck, type BusinessSignUpInput, type IndividualSignUpInput } from "../../contract/registration-sign-up";
import type { Language } from "../../contract/locales";
import { hashPassword, hmac, randomToken, safeEqual, sha256 } from "../../lib/crypto";
import { recordHit, releaseHit, type Window } from "../../lib/rate-limit";
import { issueTokens } from "../auth/index";
import { redeemInvitationCode } from "../invitations/index";
import { bindReferral } from "../affiliates/index";
import type { CityHit } from "../geo/index";
import { resolveProfileCity } from "../geo/index";
import { profileCityColumns } from "../profiles/index";
import { grantEarnedRewards } from "../gifts/index";
import { emailVerificationMail } from "./sign-up.mails";
import { recordBusinessSignupStep } from "./tracking.service";
import type { EmailVerified, SignUpResult, VerificationMailSent } from "../../contract/registration-sign-up";
export type { SignUpResult };

const HOUR = 60 * 60 * 1000;

/** Sign-ups per client address: a shared flat or office fits, a bot farm does not. */
export const SIGNUP_LIMIT = { windowMs: HOUR, limit: 5 } as const;
/** Live checks fire while typing (debounced); generous, but no bulk enumeration of accounts. */
export const UNIQUE_CHECK_LIMIT = { windowMs: 10 * 60 * 1000, limit: 60 } as const;
/** Resent verification mails per account. */
export const VERIFICATION_RESEND_LIMIT = { windowMs: HOUR, limit: 3 } as const;
export const EMAIL_VERIFICATION_TTL_MS = 48 * HOUR;

/** The first registration step both kinds of account finish with the sign-up. */
const SIGNUP_DONE_STEP = REGISTER_STEP["sign-up"];

interface NewAccount {
  username: string;
  email: string;
  password: string;
  userType: number;
  gender: number | null;
  salutation: string | null;
  birthDate: string | null;
  displayName: string;
  businessKind: string | null;
  contactPerson: string | null;
  landingPageId: string | null;
  invitationCode: string | null;
  /** The partner's code from the affiliate link the visitor followed (ADR 135). */
  affiliateCode: string | null;
  /** Where the profile is found; individuals give it later, in the profile step. */
  city: CityHit | null;
}

function signupWindow(clientIp: string): Window {
  return { bucket: `signup:ip:${clientIp}`, ...SIGNUP_LIMIT };
}

/** 409 at the field that collides; looked up again after a lost insert race. */
async function assertUnique(deps: ApiDeps, username: string, email: string): Promise<void> {
  const rows = await deps.db
    .selectFrom("users")
    .select(["username_key", "email_key"])
    .where((eb) => eb.or([eb("username_key", "=", username.toLowerCase()), eb("email_key", "=", email.toLowerCase())]))
    .execute();
  const items = [];
  if (rows.some((row) => row.username_key === username.toLowerCase()))
    items.push(errorItem(409, "exception.signup.username_taken", "username"));
  if (rows.some((row) => row.email_key === email.toLowerCase())) items.push(errorItem(409, "exception.signup.email_taken", "email"));
  if (items.length > 0) throw new ApiError(409, items);
}

async function createAccount(deps: ApiDeps, account: NewAccount, clientIp: string, language: Language): Promise<SignUpResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const window = signupWindow(clientIp);
  // Counted before the work and given back when the attempt fails on a
  // taken name, so parallel bursts cannot slip past and typos cost nothing.
  if ((await recordHit(db, now, window)) > window.limit) {
    await releaseHit(db, now, window);
    throw fail.tooMany("exception.signup.exceeded_limit");
  }
  try {
    await assertUnique(deps, account.username, account.email);
    const passwordHash = await hashPassword(account.password);
    const userId = await db
      .transaction()
      .execute(async (trx) => {
        // Redeemed in the same transaction: a failed sign-up gives the use back.
        // An unknown or used-up code does not stop the sign-up; it is just not recorded.
        const invitationCode =
          account.invitationCode && (await redeemInvitationCode({ ...deps, db: trx }, account.invitationCode))
            ? account.invitationCode
            : null;
        const row = await trx
          .insertInto("users")
          .values({
            username: account.username,
            username_key: account.username.toLowerCase(),
            email: account.email,
            email_key: account.email.toLowerCase(),
            password_hash: passwordHash,
            user_type: account.userType,
            gender: account.gender,
            salutation: account.salutation,
            birth_date: account.birthDate,
            language,
            member_until: null,
            email_verified_at: null,
            register_completed_step: SIGNUP_DONE_STEP,
            created_at: now,
            updated_at: now,
            last_login_at: now,
            landing_page_id: account.landingPageId,
            invitation_code: invitationCode,
            business_kind: account.businessKind,
            contact_person: account.contactPerson,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("profiles")
          .values({
            user_id: row.id,
            display_name: account.displayName,
            updated_at: now,
            ...(account.city ? profileCityColumns(account.city, row.id) : {}),
          })
          .execute();
        // Funnel stage "1": the business account exists (its "basic" step is the sign-up).
        if (account.userType === USER_TYPE.business) await recordBusinessSignupStep(trx, row.id, "basic", now);
        // Bound with the account or not at all; an unknown code or self-referral binds nothing (ADR 135).
        if (account.affiliateCode) await bindReferral(trx, { id: row.id, email: account.email }, account.affiliateCode, now);
        return row.id;
      })
      .catch(async (err: unknown) => {
        // Another request took the name or address between check and insert.
        await assertUnique(deps, account.username, account.email);
        throw err;
      });
    await sendVerificationMail(deps, userId, language);
    const tokens = await issueTokens(db, clock, userId, clientIp);
    return { ...tokens, user_id: userId, user_type: account.userType, register_completed_step: SIGNUP_DONE_STEP };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) await releaseHit(db, now, window);
    throw err;
  }
}

export async function signUpIndividual(
  deps: ApiDeps,
  input: IndividualSignUpInput,
  clientIp: string,
  language: Language,
): Promise<SignUpResult> {
  // The schema already refused dates that do not exist.
  const birthDate = birthDateOf(input.birth_day, input.birth_month, input.birth_year);
  if (!birthDate) throw fail.badRequest("validation.signup.birth_date_invalid", "birth_year");
  return createAccount(
    deps,
    {
      username: input.username,
      email: input.email,
      password: input.password,
      userType: input.user_type === "escort" ? USER_TYPE.escort : USER_TYPE.client,
      gender: input.gender,
      salutation: input.salutation,
      birthDate,
      displayName: input.username,
      businessKind: null,
      contactPerson: null,
      landingPageId: input.landing_page_id || null,
      invitationCode: input.invitation_code || null,
      affiliateCode: input.affiliate_code || null,
      city: null,
    },
    clientIp,
    language,
  );
}

export async function signUpBusiness(
  deps: ApiDeps,
  input: BusinessSignUpInput,
  clientIp: string,
  language: Language,
): Promise<SignUpResult> {
  // Before the sign-up allowance is counted: a mistyped city costs no attempt and creates nothing.
  const city = await resolveProfileCity(deps, input);
  return createAccount(
    deps,
    {
      username: input.username,
      email: input.email,
      password: input.password,
      userType: USER_TYPE.business,
      gender: null,
      salutation: null,
      birthDate: null,
      displayName: input.company_name,
      businessKind: input.business_kind,
      contactPerson: input.contact_person,
      landingPageId: input.landing_page_id || null,
      invitationCode: input.invitation_code || null,
      affiliateCode: input.affiliate_code || null,
      city,
    },
    clientIp,
    language,
  );
}

/** Whether a username or e-mail address is still free (the server check at sign-up is what counts). */
export async function checkUnique(deps: ApiDeps, input: { username?: string; email?: string }, clientIp: string): Promise<UniqueCheck> {
  const { db, clock } = deps;
  if ((await recordHit(db, clock.now(), { bucket: `signup-unique:ip:${clientIp}`, ...UNIQUE_CHECK_LIMIT })) > UNIQUE_CHECK_LIMIT.limit) {
    throw fail.tooMany("exception.signup.unique_exceeded_limit");
  }
  const field = input.username ? "username" : "email";
  const key = (input.username ?? input.email ?? "").toLowerCase();
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(field === "username" ? "username_key" : "email_key", "=", key)
    .executeTakeFirst();
  return { field, available: !row };
}

/** `random.signature`: a forged or mangled link is refused before any lookup. */
function signToken(secret: string, random: string): string {
  return `${random}.${hmac(secret, `email-verification:${random}`)}`;
}

function hasValidSignature(secret: string, token: string): boolean {
  const [random, signature, extra] = token.split(".");
  if (!random || !signature || extra !== undefined) return false;
  return safeEqual(signToken(secret, random), token);
}

function verificationPath(userType: number): string {
  return userType === USER_TYPE.business ? "join/business/email" : "join/user/email";
}

async function sendVerificationMail(deps: ApiDeps, userId: number, language: string): Promise<void> {
  const { db, clock, config, mailer } = deps;
  const user = await db
    .selectFrom("users")
    .select(["username", "email", "email_key", "user_type"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const now = clock.now();
  const token = signToken(config.appSecret, randomToken());
  await db
    .insertInto("email_verifications")
    .values({
      user_id: userId,
      email_key: user.email_key,
      token_hash: sha256(token),
      created_at: now,
      expires_at: now + EMAIL_VERIFICATION_TTL_MS,
      used_at: null,
    })
    .execute();
  const link = `${config.publicUrl}/${language}/${verificationPath(user.user_type)}?token=${encodeURIComponent(token)}`;
  await mailer.send(emailVerificationMail({ to: user.email, username: user.username, link, language }));
}

/** Verified now and not bounced since: nothing to do. */
function isVerified(user: { email_verified_at: number | null; is_bounced_email: number }): boolean {
  return user.email_verified_at !== null && user.is_bounced_email === 0;
}

export async function resendVerification(deps: ApiDeps, userId: number, language: string): Promise<VerificationMailSent> {
  const { db, clock } = deps;
  const user = await db.selectFrom("users").select(["email_verified_at", "is_bounced_email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw fail.notFound();
  if (isVerified(user)) throw fail.conflict("exception.email_verification.already_verified");
  if (
    (await recordHit(db, clock.now(), { bucket: `email-verification:user:${userId}`, ...VERIFICATION_RESEND_LIMIT })) >
    VERIFICATION_RESEND_LIMIT.limit
  ) {
    throw fail.tooMany("exception.email_verification.exceeded_limit");
  }
  await sendVerificationMail(deps, userId, language);
  return { sent: true };
}

/**
 * Confirms the address a link was sent to. The token is the proof (the link
 * works signed out too); signed in as someone else, it is refused, so one
 * account never confirms another's address by accident.
 */
export async function verifyEmail(deps: ApiDeps, token: string, callerId: number | null): Promise<EmailVerified> {
  const { db, clock, config } = deps;
  const invalid = () => fail.badRequest("exception.email_verification.invalid_or_expired", "token");
  if (!hasValidSignature(config.appSecret, token)) throw invalid();
  const now = clock.now();
  const row = await db
    .selectFrom("email_verifications")
    .innerJoin("users", "users.id", "email_verifications.user_id")
    .select(["email_verifications.id as id", "email_verifications.user_id as userId", "users.user_type as userType"])
    .where("email_verifications.token_hash", "=", sha256(token))
    .where("email_verifications.used_at", "is", null)
    .where("email_verifications.expires_at", ">", now)
    // A link for an address the account no longer has confirms nothing.
    .whereRef("email_verifications.email_key", "=", "users.email_key")
    .executeTakeFirst();
  if (!row) throw invalid();
  if (callerId !== null && callerId !== row.userId) throw fail.forbidden("exception.email_verification.other_account");
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("email_verifications")
      .set({ used_at: now })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw invalid();
    // Older links in the mailbox are spent too.
    await trx
      .updateTable("email_verifications")
      .set({ used_at: now })
      .where("user_id", "=", row.userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("users")
      .set({ email_verified_at: now, email_was_verified: 1, is_bounced_email: 0, updated_at: now })
      .where("id", "=", row.userId)
      .execute();
  });
  await grantEarnedRewards(deps, row.userId); // token rewards "email_verified" and the inviter's (issue 27, ADR 085)
  return { verified: true, user_type: row.userType };
}

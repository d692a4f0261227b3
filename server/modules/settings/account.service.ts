/**
 * user/email_password (issue 10): change the e-mail address (it takes effect only when the link sent to
 * the new address is opened; the old one is told twice, at the request and at the change) and the
 * password (the current one required; every other session ends). The current password guards both,
 * behind the login's per-account limit, so a stolen session cannot take the account over quietly.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  CURRENT_PASSWORD_LIMIT,
  EMAIL_CHANGE_LIMIT,
  EMAIL_CHANGE_TTL_MS,
  SELF_SERVICE_STATUSES,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type EmailSettings,
} from "../../contract/settings";
import { lockMembersForLimits } from "../../db/locks";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { recordHit, releaseHit, type Window } from "../../lib/rate-limit";
import { revokeOtherTokens } from "../auth/index";
import { maskTarget, UNUSABLE_PASSWORD } from "../claims/index";
import { grantEarnedRewards } from "../gifts/index";
import { closeOpenRequests, closeRequestOnce, openRequestByToken } from "./link-requests";
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail, passwordChangedMail } from "./mails";

interface Account {
  id: number;
  username: string;
  email: string;
  email_key: string;
  email_verified_at: number | null;
  password_hash: string;
  language: string;
}

async function loadAccount(deps: ApiDeps, userId: number): Promise<Account> {
  const row = await deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "email_key", "email_verified_at", "password_hash", "language"])
    .where("id", "=", userId)
    .where("status", "in", [...SELF_SERVICE_STATUSES])
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return row;
}

const currentPasswordWindow = (userId: number): Window => ({ bucket: `settings:current-password:${userId}`, ...CURRENT_PASSWORD_LIMIT });

/**
 * The current password, checked like a login: the attempt is counted before the check (so parallel guesses
 * cannot all pass the limit) and given back when it was right; past 5 wrong ones in 15 minutes none is
 * checked for a while (the login's numbers, its own bucket). Guards every change a stolen session must not
 * make quietly (address, password, deletion). An account without a password (Google sign-in) is told to
 * set one through "forgot password" first.
 */
export async function assertCurrentPassword(
  deps: ApiDeps,
  account: { id: number; password_hash: string },
  password: string,
): Promise<void> {
  if (account.password_hash === UNUSABLE_PASSWORD) throw fail.badRequest("exception.settings.no_password", "current_password");
  const now = deps.clock.now();
  const window = currentPasswordWindow(account.id);
  if ((await recordHit(deps.db, now, window)) > window.limit) {
    await releaseHit(deps.db, now, window);
    throw new ApiError(429, [errorItem(429, "exception.settings.too_many_attempts", "current_password")]);
  }
  if (!(await verifyPassword(password, account.password_hash))) {
    throw new ApiError(400, [errorItem(400, "exception.settings.current_password_wrong", "current_password")]);
  }
  await releaseHit(deps.db, now, window);
}

async function openChange(deps: ApiDeps, userId: number) {
  return deps.db
    .selectFrom("email_changes")
    .select(["id", "new_email", "expires_at"])
    .where("user_id", "=", userId)
    .where("closed_at", "is", null)
    .where("expires_at", ">", deps.clock.now())
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function emailSettings(deps: ApiDeps, userId: number): Promise<EmailSettings> {
  const account = await loadAccount(deps, userId);
  const pending = await openChange(deps, userId);
  return {
    email: account.email,
    is_email_verified: account.email_verified_at !== null,
    pending: pending ? { email: pending.new_email, expires_at: pending.expires_at } : null,
  };
}

/** Starts a change of address: a link to the new address, a notice to the old one. */
export async function requestEmailChange(deps: ApiDeps, userId: number, input: ChangeEmailInput, language: string): Promise<EmailSettings> {
  const account = await loadAccount(deps, userId);
  await assertCurrentPassword(deps, account, input.current_password);
  const newKey = input.email.toLowerCase();
  if (newKey === account.email_key) throw fail.badRequest("exception.settings.email_unchanged", "email");
  // Counted before the "taken" answer: the form must not become a free lookup of who has an account.
  const now = deps.clock.now();
  const limit = { bucket: `settings:email-change:${userId}`, ...EMAIL_CHANGE_LIMIT };
  if ((await recordHit(deps.db, now, limit)) > limit.limit)
    throw new ApiError(429, [errorItem(429, "exception.settings.too_many_attempts", "email")]);
  const taken = await deps.db.selectFrom("users").select("id").where("email_key", "=", newKey).executeTakeFirst();
  if (taken) throw new ApiError(409, [errorItem(409, "exception.signup.email_taken", "email")]);
  const token = randomToken();
  await deps.db.transaction().execute(async (trx) => {
    // Two requests at once must not both stay open: the second waits here, then closes the first's (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "emailChanges", [userId]);
    // One open request at a time: an earlier link stops working.
    await closeOpenRequests(trx, "email_changes", userId, now);
    await trx
      .insertInto("email_changes")
      .values({
        user_id: userId,
        new_email: input.email,
        new_email_key: newKey,
        token_hash: sha256(token),
        created_at: now,
        expires_at: now + EMAIL_CHANGE_TTL_MS,
        closed_at: null,
      })
      .execute();
  });
  const link = `${deps.config.publicUrl}/${language}/user/email_password?confirm=${encodeURIComponent(token)}`;
  await deps.mailer.send(emailChangeConfirmMail({ to: input.email, username: account.username, language, link }));
  await deps.mailer.send(
    emailChangeRequestedMail({ to: account.email, username: account.username, language, target: maskTarget("email", input.email) }),
  );
  return emailSettings(deps, userId);
}

/** Withdraws an open change: its link stops working. */
export async function cancelEmailChange(deps: ApiDeps, userId: number): Promise<EmailSettings> {
  await closeOpenRequests(deps.db, "email_changes", userId, deps.clock.now());
  return emailSettings(deps, userId);
}

/** Opens the link: the new address becomes the account's, verified (the link proves the mailbox). */
export async function confirmEmailChange(deps: ApiDeps, token: string, callerId: number | null): Promise<{ email: string }> {
  const now = deps.clock.now();
  const invalidKey = "exception.settings.email_change_invalid";
  const request = await openRequestByToken(deps.db, "email_changes", token, now, callerId, {
    invalid: invalidKey,
    otherAccount: "exception.email_verification.other_account",
  });
  const { newEmail, newKey } = await deps.db
    .selectFrom("email_changes")
    .select(["new_email as newEmail", "new_email_key as newKey"])
    .where("id", "=", request.id)
    .executeTakeFirstOrThrow();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await closeRequestOnce(trx, "email_changes", request.id, now))) throw fail.badRequest(invalidKey, "token");
    // Taken meanwhile by a sign-up: the unique key would refuse it anyway; say so at the field.
    const taken = await trx.selectFrom("users").select("id").where("email_key", "=", newKey).executeTakeFirst();
    if (taken) throw new ApiError(409, [errorItem(409, "exception.signup.email_taken", "token")]);
    // Links that went to the old address (reset, deletion, verification) stop working with it.
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", request.userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("email_verifications")
      .set({ used_at: now })
      .where("user_id", "=", request.userId)
      .where("used_at", "is", null)
      .execute();
    await closeOpenRequests(trx, "account_deletions", request.userId, now);
    await trx
      .updateTable("users")
      .set({
        email: newEmail,
        email_key: newKey,
        email_verified_at: now,
        email_was_verified: 1,
        is_bounced_email: 0,
        updated_at: now,
      })
      .where("id", "=", request.userId)
      .execute();
  });
  // The new address is confirmed: a member who never confirmed the old one earns that token reward now (ADR 085).
  await grantEarnedRewards(deps, request.userId);
  await deps.mailer.send(
    emailChangedMail({
      to: request.email,
      username: request.username,
      language: request.language,
      target: maskTarget("email", newEmail),
    }),
  );
  return { email: newEmail };
}

/** A new password; every other session ends (this one stays signed in). */
export async function changePassword(
  deps: ApiDeps,
  userId: number,
  tokenId: number,
  input: ChangePasswordInput,
): Promise<{ changed: true }> {
  const account = await loadAccount(deps, userId);
  await assertCurrentPassword(deps, account, input.current_password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", userId).execute();
    await revokeOtherTokens(trx, userId, tokenId, now);
    // Reset links still in the mailbox must not set a password later.
    await trx.updateTable("password_resets").set({ used_at: now }).where("user_id", "=", userId).where("used_at", "is", null).execute();
  });
  await deps.mailer.send(passwordChangedMail({ to: account.email, username: account.username, language: account.language }));
  return { changed: true };
}

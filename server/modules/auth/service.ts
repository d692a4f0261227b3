/**
 * Login, logout, password reset: the rules. Routes only translate HTTP.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { verifyCaptcha } from "./captcha";
import { loginWindows } from "./login-policy";
import { isOverLimit, recordHit } from "./rate-limit";
import { issueTokens, type IssuedTokens } from "./tokens";
import { passwordResetMail } from "./mails";

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export interface PasswordGrantInput {
  username: string;
  password: string;
  captcha_id?: string;
  captcha_answer?: string;
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a dummy keeps unknown accounts as slow as known ones. */
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword("timing-equaliser-0");
  return dummyHash;
}

export async function passwordGrant(deps: ApiDeps, input: PasswordGrantInput, clientIp: string): Promise<IssuedTokens> {
  const { db, clock } = deps;
  const now = clock.now();
  const account = input.username.trim().toLowerCase();
  const windows = loginWindows(account, clientIp);

  for (const window of [windows.ipDaily, windows.ip, windows.account, windows.global]) {
    if (!(await isOverLimit(db, now, window))) continue;
    if (!input.captcha_id || !input.captcha_answer) {
      throw new ApiError(429, [errorItem(429, window.key, "captcha_answer")], { error: "invalid_request", captcha_required: true });
    }
    if (!(await verifyCaptcha(deps, input.captcha_id, input.captcha_answer))) {
      throw new ApiError(400, [errorItem(400, "exception.login.captcha_not_verified", "captcha_answer")], {
        error: "invalid_request",
        captcha_required: true,
      });
    }
    break;
  }
  await recordHit(db, now, windows.ipDaily);

  const user = await db
    .selectFrom("users")
    .select(["id", "password_hash", "status"])
    .where((eb) => eb.or([eb("username_key", "=", account), eb("email_key", "=", account)]))
    .executeTakeFirst();
  const valid = user ? await verifyPassword(input.password, user.password_hash) : (await verifyPassword(input.password, await timingDummy()), false);
  if (!user || !valid || user.status === "deleted") {
    await recordHit(db, now, windows.account);
    await recordHit(db, now, windows.ip);
    await recordHit(db, now, windows.global);
    throw new ApiError(400, [errorItem(400, "exception.login.invalid_credentials", "password")], {
      error: "invalid_grant",
      error_description: "exception.login.invalid_credentials",
    });
  }
  if (user.status === "banned") {
    throw new ApiError(403, [errorItem(403, "exception.login.account_banned")], { error: "invalid_grant" });
  }
  await db.updateTable("users").set({ last_login_at: now }).where("id", "=", user.id).execute();
  return issueTokens(db, clock, user.id, clientIp);
}

/** Always answers the same, so the form cannot be used to probe for accounts. */
export async function requestPasswordReset(deps: ApiDeps, email: string, language: string): Promise<void> {
  const { db, clock, config, mailer } = deps;
  const now = clock.now();
  const window = { bucket: `password-reset:${email.toLowerCase()}`, windowMs: 60 * 60 * 1000, limit: 5 };
  if (await isOverLimit(db, now, window)) return;
  await recordHit(db, now, window);
  const user = await db.selectFrom("users").select(["id", "username", "email", "status"]).where("email_key", "=", email.toLowerCase()).executeTakeFirst();
  if (!user || user.status === "deleted" || user.status === "banned") return;
  const token = randomToken();
  await db
    .insertInto("password_resets")
    .values({ user_id: user.id, token_hash: sha256(token), created_at: now, expires_at: now + PASSWORD_RESET_TTL_MS, used_at: null })
    .execute();
  const link = `${config.publicUrl}/${language}/reset_password?token=${encodeURIComponent(token)}`;
  await mailer.send(passwordResetMail({ to: user.email, username: user.username, link, language }));
}

export async function resetPassword(deps: ApiDeps, token: string, password: string): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const reset = await db
    .selectFrom("password_resets")
    .select(["id", "user_id"])
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!reset) throw fail.badRequest("exception.password_reset.invalid_or_expired", "token");
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const used = await trx.updateTable("password_resets").set({ used_at: now }).where("id", "=", reset.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw fail.badRequest("exception.password_reset.invalid_or_expired", "token");
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", reset.user_id).execute();
    // A new password ends every existing session.
    await trx.updateTable("access_tokens").set({ revoked_at: now }).where("user_id", "=", reset.user_id).where("revoked_at", "is", null).execute();
  });
}

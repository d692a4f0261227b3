/**
 * Login, logout, password reset: the rules. Routes only translate HTTP.
 */
import type * as v from "valibot";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { loginSchema } from "../../contract/validation";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { issueCaptcha, verifyCaptcha, type IssuedCaptcha } from "./captcha";
import { captchaLevelFor, loginWindows } from "./login-policy";
import { countHits, isOverLimit, recordHit, releaseHit, type Window } from "../../lib/rate-limit";
import { issueTokens, type IssuedTokens } from "./tokens";
import { passwordResetMail } from "./mails";
import { refuseSuspendedAccount } from "../transparency/index";

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The password grant as the token route validated it (loginSchema; captcha_pow is the ALTCHA proof of work). */
export type PasswordGrantInput = v.InferOutput<typeof loginSchema>;

let dummyHash: Promise<string> | undefined;
/** Verifying against a dummy keeps unknown accounts as slow as known ones. */
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword("timing-equaliser-0");
  return dummyHash;
}

/**
 * The account a login identifier names: its username or its e-mail address
 * (both stored lowercased). Should a username ever equal another account's
 * e-mail address, the username wins, so the answer never depends on row order.
 */
async function findLoginAccount(deps: ApiDeps, identifier: string) {
  const rows = await deps.db
    .selectFrom("users")
    .select(["id", "username_key", "password_hash", "status"])
    .where((eb) => eb.or([eb("username_key", "=", identifier), eb("email_key", "=", identifier)]))
    .limit(2)
    .execute();
  return rows.find((row) => row.username_key === identifier) ?? rows[0];
}

/**
 * The login windows of an identifier (username or e-mail address, as typed) from an address. The account limit
 * follows the account, not its spelling: guesses by username and by e-mail address share one counter.
 */
async function windowsOf(deps: ApiDeps, identifier: string, clientIp: string) {
  const key = identifier.trim().toLowerCase();
  const user = await findLoginAccount(deps, key);
  return { user, windows: loginWindows(user ? `user:${user.id}` : `name:${key}`, clientIp) };
}

/**
 * A captcha for the login form (GET /captcha), its proof of work at the level a login from this address needs now,
 * and for this account when the form names it (ADR 056). Without a name the address alone sets it; the token
 * endpoint still demands the account's level, so leaving the name out buys nothing.
 */
export async function issueLoginCaptcha(deps: ApiDeps, clientIp: string, identifier?: string): Promise<IssuedCaptcha> {
  return issueCaptcha(deps, clientIp, async () => {
    const now = deps.clock.now();
    const ip = await countHits(deps.db, now, loginWindows("", clientIp).ip);
    const account = identifier ? await countHits(deps.db, now, (await windowsOf(deps, identifier, clientIp)).windows.account) : 0;
    return captchaLevelFor({ ip, account });
  });
}

async function releaseHits(deps: ApiDeps, now: number, windows: Window[]): Promise<void> {
  for (const window of windows) await releaseHit(deps.db, now, window);
}

export async function passwordGrant(deps: ApiDeps, input: PasswordGrantInput, clientIp: string): Promise<IssuedTokens> {
  const { db, clock } = deps;
  const now = clock.now();
  const { user, windows } = await windowsOf(deps, input.username, clientIp);

  // Per-IP and per-account hits are counted BEFORE the password is checked and
  // given back when the attempt is refused or succeeds. Checking first and
  // counting after would let a burst of parallel guesses all pass the check.
  // The global window is one hot row for the whole platform, so it is only
  // read here and counted on failure; a small overshoot does not matter at 1000.
  const provisional = [windows.ipDaily, windows.ip, windows.account];
  const hits: number[] = [];
  for (const window of provisional) hits.push(await recordHit(db, now, window));
  const [, ipHits = 0, accountHits = 0] = hits;
  const exceeded =
    provisional.find((window, i) => hits[i]! > window.limit) ?? ((await isOverLimit(db, now, windows.global)) ? windows.global : undefined);

  if (exceeded) {
    if (!input.captcha_pow && (!input.captcha_id || !input.captcha_answer)) {
      await releaseHits(deps, now, provisional);
      throw new ApiError(429, [errorItem(429, exceeded.key, "captcha_answer")], { error: "invalid_request", captcha_required: true });
    }
    // The failures before this attempt set the proof of work's price (each hit above includes this attempt, and
    // parallel attempts count each other): one solved before the latest failures is too cheap now.
    const level = captchaLevelFor({ ip: ipHits - 1, account: accountHits - 1 });
    if (!(await verifyCaptcha(deps, { id: input.captcha_id, answer: input.captcha_answer, pow: input.captcha_pow }, level))) {
      await releaseHits(deps, now, provisional);
      throw new ApiError(400, [errorItem(400, "exception.login.captcha_not_verified", "captcha_answer")], {
        error: "invalid_request",
        captcha_required: true,
      });
    }
  }

  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : (await verifyPassword(input.password, await timingDummy()), false);
  if (!user || !valid || user.status === "deleted") {
    await recordHit(db, now, windows.global);
    // The next attempt will need a captcha: say so, so a form can show it right away.
    const captchaNext = exceeded !== undefined || provisional.some((window, i) => hits[i]! >= window.limit);
    throw new ApiError(400, [errorItem(400, "exception.login.invalid_credentials", "password")], {
      error: "invalid_grant",
      error_description: "exception.login.invalid_credentials",
      ...(captchaNext ? { captcha_required: true } : {}),
    });
  }
  // Not a failure after all; the daily window counts attempts and keeps its hit.
  await releaseHits(deps, now, [windows.ip, windows.account]);
  if (user.status === "banned") {
    throw new ApiError(403, [errorItem(403, "exception.login.account_banned")], { error: "invalid_grant" });
  }
  // A suspension for misuse (DSA Art. 23, ADR 115) refuses sign-in until its end.
  await refuseSuspendedAccount(db, user.id, now);
  await db.updateTable("users").set({ last_login_at: now }).where("id", "=", user.id).execute();
  return issueTokens(db, clock, user.id, clientIp, { keepLoggedIn: input.keep_logged_in === "1" });
}

/** Reset mails per address: enough for a lost mail or two, too few to flood an inbox. */
export const PASSWORD_RESET_LIMIT = { windowMs: 60 * 60 * 1000, limit: 5 } as const;

function passwordResetWindow(email: string): Window {
  return { bucket: `password-reset:${sha256(email.trim().toLowerCase())}`, ...PASSWORD_RESET_LIMIT };
}

/** Always answers the same, so the form cannot be used to probe for accounts. */
export async function requestPasswordReset(deps: ApiDeps, email: string, language: string): Promise<void> {
  const { db, clock, config, mailer } = deps;
  const now = clock.now();
  // Counted and checked in one step (parallel requests cannot slip past the
  // limit); the bucket holds a digest, not the address itself.
  if ((await recordHit(db, now, passwordResetWindow(email))) > PASSWORD_RESET_LIMIT.limit) return;
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "email", "status"])
    .where("email_key", "=", email.toLowerCase())
    .executeTakeFirst();
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
    const used = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw fail.badRequest("exception.password_reset.invalid_or_expired", "token");
    // Other reset links still in the user's mailbox must not set a password later.
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", reset.user_id)
      .where("used_at", "is", null)
      .execute();
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", reset.user_id).execute();
    // A new password ends every existing session.
    await trx
      .updateTable("access_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", reset.user_id)
      .where("revoked_at", "is", null)
      .execute();
  });
}

/**
 * The staff second factor's gate (issue 30 item 5, ADR 117), in the API layer beside the staff permission check so the
 * router can ask it without importing modules. A staff sign-in is a staff session only once it has passed the second
 * step (access_tokens.second_factor_at, set by the stafftotp module), or when nothing is asked of the account: no
 * authenticator and an installation that does not require one (development, tests), or one of the demo's seeded staff
 * accounts in DEMO_MODE. Until then the router lets it reach only the routes that declare `beforeSecondFactor`
 * (its second step or enrolment, /user/data, sign-out): everything else is 403 — or, where guests are welcome, the
 * guest's answer. Decided here from the database on every request, so it fails closed however the token was issued
 * (password, Google, a refresh).
 */
import { DEMO_STAFF_USERNAMES, type SecondFactorDue } from "../contract/staff-totp";
import { isStaffUserType } from "../contract/users";
import type { ApiDeps, TokenOwner } from "./types";

export async function secondFactorDueOf(deps: Pick<ApiDeps, "db" | "config">, owner: TokenOwner): Promise<SecondFactorDue | null> {
  if (!isStaffUserType(owner.userType) || (owner.secondFactorAt ?? null) !== null) return null;
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
    .select(["users.username_key", "staff_totp.enabled_at"])
    .where("users.id", "=", owner.userId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.enabled_at !== null) return "verify";
  if (deps.config.staffSecondFactor !== "required") return null;
  // The demo stays one command (README's demo logins): its seeded staff only, and only in DEMO_MODE.
  if (deps.config.demoMode && DEMO_STAFF_USERNAMES.includes(row.username_key)) return null;
  return "enrol";
}

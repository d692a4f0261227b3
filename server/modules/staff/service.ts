/**
 * Staff accounts (ADR 056): the back office's team and backend logins. Nobody signs up as staff and production never
 * runs the demo seed, so an operator creates them on the command line (server/ops/accounts-cli.ts) through this.
 */
import * as v from "valibot";
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { issuesToErrorItems } from "../../api/validate";
import type { ErrorItem } from "../../contract/errors";
import { STAFF_ROLES, staffAccountSchema, type StaffRole } from "../../contract/staff";
import { REGISTER_COMPLETED_STEP, STAFF_USER_TYPES } from "../../contract/users";
import type { DB } from "../../db/index";
import { DEMO_PASSWORD } from "../../db/seed/demo-login";
import { hashPassword } from "../../lib/crypto";

/** What the operator types for the first staff account (the start-up hint and the refusal name it). */
export const STAFF_CREATE_COMMAND = "`npm run staff:create -- --username <name> --email <address> --role backend`";

export interface StaffAccountCreated {
  id: number;
  username: string;
  email: string;
  role: StaffRole;
}

async function takenItems(db: DB, username: string, email: string): Promise<ErrorItem[]> {
  const rows = await db
    .selectFrom("users")
    .select(["username_key", "email_key"])
    .where((eb) => eb.or([eb("username_key", "=", username.toLowerCase()), eb("email_key", "=", email.toLowerCase())]))
    .execute();
  const items: ErrorItem[] = [];
  if (rows.some((row) => row.username_key === username.toLowerCase()))
    items.push(errorItem(409, "exception.signup.username_taken", "username"));
  if (rows.some((row) => row.email_key === email.toLowerCase())) items.push(errorItem(409, "exception.signup.email_taken", "email"));
  return items;
}

/**
 * Creates a team or backend account that can sign in at once (active, registration complete, the address taken as
 * the operator typed it). Refuses what the staff rules refuse (server/contract/staff.ts) and a taken name or address.
 */
export async function createStaffAccount(
  deps: Pick<ApiDeps, "db" | "clock">,
  input: Record<string, unknown>,
): Promise<StaffAccountCreated> {
  const parsed = v.safeParse(staffAccountSchema, input);
  if (!parsed.success) throw new ApiError(400, issuesToErrorItems(parsed.issues));
  const account = parsed.output;
  // The demo's password is printed in the README: with a character added it would pass every other rule.
  if (account.password.toLowerCase().includes(DEMO_PASSWORD))
    throw new ApiError(400, [errorItem(400, "validation.password.too_common", "password")]);
  const taken = await takenItems(deps.db, account.username, account.email);
  if (taken.length > 0) throw new ApiError(409, taken);
  const now = deps.clock.now();
  const passwordHash = await hashPassword(account.password);
  const row = await deps.db
    .insertInto("users")
    .values({
      username: account.username,
      username_key: account.username.toLowerCase(),
      email: account.email,
      email_key: account.email.toLowerCase(),
      password_hash: passwordHash,
      user_type: STAFF_ROLES[account.role],
      language: account.language,
      email_verified_at: now,
      email_was_verified: 1,
      register_completed_step: REGISTER_COMPLETED_STEP,
      status: "active",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(async (err: unknown) => {
      // Taken between the check and the insert (a unique index said no).
      const raced = await takenItems(deps.db, account.username, account.email);
      throw raced.length > 0 ? new ApiError(409, raced) : err;
    });
  return { id: row.id, username: account.username, email: account.email, role: account.role };
}

/** Whether anyone can open the back office (the start says how to create the first staff account otherwise). */
export async function hasStaffAccount(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("user_type", "in", [...STAFF_USER_TYPES])
    .where("status", "=", "active")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Seed part "accounts": the users rows of a chunk. It runs first and hands out the ids every other part
 * uses (server/db/seed/part.ts).
 */
import type { Transaction } from "kysely";
import type { Database } from "../schema";
import { insertAll } from "./part";
import type { PersonPlan } from "./people";

export async function writeAccounts(
  trx: Transaction<Database>,
  people: readonly PersonPlan[],
  passwordHash: string,
): Promise<(person: PersonPlan) => number> {
  const rows = await insertAll(
    trx,
    "users",
    people.map((p) => ({
      username: p.username,
      username_key: p.username.toLowerCase(),
      email: p.email,
      email_key: p.email.toLowerCase(),
      password_hash: passwordHash,
      user_type: p.userType,
      gender: p.gender,
      salutation: p.salutation,
      birth_date: p.birthDate,
      language: p.language,
      is_member: p.isMember ? 1 : 0,
      member_until: p.memberUntil,
      email_verified_at: p.emailVerifiedAt,
      email_was_verified: p.emailVerifiedAt === null ? 0 : 1,
      register_completed_step: p.registerCompletedStep,
      status: p.status,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      last_login_at: p.lastLoginAt,
      business_kind: p.kind === "agency" || p.kind === "club" ? p.kind : null,
      // The marker a production start refuses (ADR 056): this account's password is in the README.
      demo_account: 1,
    })),
    ["id", "username_key"],
  );
  // Matched by key: neither database promises RETURNING rows in input order.
  const ids = new Map(rows.map((row) => [String(row.username_key), Number(row.id)]));
  return (p: PersonPlan) => {
    const id = ids.get(p.username.toLowerCase());
    if (id === undefined) throw new Error(`no id for ${p.username}`);
    return id;
  };
}

/**
 * Account restrictions (ADR 112): what a report decided "account_restricted" does. For ACCOUNT_RESTRICTION_DAYS the
 * member starts no new conversation and files no report; everything else stays. One row per decision; an appeal that
 * reverses the decision lifts it (lifted_at), the end date lifts it by itself.
 */
import type { Transaction } from "kysely";
import { ACCOUNT_RESTRICTION_DAYS } from "../../contract/reports";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";

const DAY = 24 * 60 * 60 * 1000;

/** The end of a restriction decided at `now`: the statement names it (Art. 17(3)(a) "duration"), the row keeps it. */
export function restrictionEndsAt(now: number): number {
  return now + ACCOUNT_RESTRICTION_DAYS * DAY;
}

export async function imposeRestriction(
  trx: Transaction<Database>,
  input: { userId: number; statementId: number; endsAt: number },
  now: number,
): Promise<void> {
  await trx
    .insertInto("account_restrictions")
    .values({ user_id: input.userId, statement_id: input.statementId, starts_at: now, ends_at: input.endsAt, lifted_at: null })
    .execute();
}

export async function liftRestriction(trx: Transaction<Database>, statementId: number, now: number): Promise<void> {
  await trx
    .updateTable("account_restrictions")
    .set({ lifted_at: now })
    .where("statement_id", "=", statementId)
    .where("lifted_at", "is", null)
    .execute();
}

/** Whether the member is restricted at `now` (a running restriction, not lifted). */
export async function isRestricted(db: DB | Transaction<Database>, userId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("account_restrictions")
    .select("id")
    .where("user_id", "=", userId)
    .where("ends_at", ">", now)
    .where("starts_at", "<=", now)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

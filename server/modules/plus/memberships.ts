/**
 * Reading a member's contract and keeping users.is_member / member_until equal to it (ADR 061, 076). Every write to
 * `memberships` ends with syncUserPlus in the same transaction, so the kernel, the pages and search (the users
 * triggers refresh search_profiles in the same statement) never disagree with the contract.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { MembershipsTable } from "./schema";

type Db = Kysely<Database> | Transaction<Database>;
export type Membership = Selectable<MembershipsTable>;

/** Statuses whose contract still gives plus until its end. */
export const LIVE_STATUSES = ["running", "cancelled", "past_due"] as const;

/** When a contract's plus ends: a cancelled or one-off contract's end, else its paid period's end. */
export function effectiveEnd(m: Pick<Membership, "period_end" | "ends_at">): number {
  return m.ends_at === null ? Number(m.period_end) : Math.min(Number(m.ends_at), Number(m.period_end));
}

function normalize(row: Membership): Membership {
  // PostgreSQL returns bigint columns as strings.
  return {
    ...row,
    id: Number(row.id),
    started_at: Number(row.started_at),
    first_term_end: Number(row.first_term_end),
    period_start: Number(row.period_start),
    period_end: Number(row.period_end),
    cancel_requested_at: row.cancel_requested_at === null ? null : Number(row.cancel_requested_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The member's live contract at `at` (the newest one whose plus has not ended), or null. */
export async function activeMembership(db: Db, userId: number, at: number): Promise<Membership | null> {
  const rows = await db
    .selectFrom("memberships")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", LIVE_STATUSES)
    .where("period_end", ">", at)
    .orderBy("id", "desc")
    .execute();
  const live = rows.map(normalize).find((m) => effectiveEnd(m) > at);
  return live ?? null;
}

/**
 * Whether a contract renews at its period's end as things stand at `at`: live, renewable, neither cancelled nor set to
 * end (a past-due contract still renews: dunning charges it again, ADR 078). The membership page's next renewal and
 * the wallet's auto recharge (ADR 081) ask this one question.
 */
export function renewsAt(m: Pick<Membership, "status" | "renewable" | "ends_at" | "period_end">, at: number): boolean {
  return (m.status === "running" || m.status === "past_due") && m.renewable === 1 && m.ends_at === null && effectiveEnd(m) > at;
}

/**
 * Why a member has no renewing contract at `at`, or null when they have one: `renewal_cancelled` while a live contract
 * runs to its end without renewing (cancelled, withdrawn, one-off), `no_renewing_plus` when no contract is live.
 */
export async function renewalStateOf(
  db: Db,
  userId: number,
  at: number,
): Promise<{ renewing: Membership; reason: null } | { renewing: null; reason: "renewal_cancelled" | "no_renewing_plus" }> {
  const rows = await db
    .selectFrom("memberships")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", LIVE_STATUSES)
    .where("period_end", ">", at)
    .orderBy("id", "desc")
    .execute();
  const live = rows.map(normalize).filter((m) => effectiveEnd(m) > at);
  const renewing = live.find((m) => renewsAt(m, at));
  if (renewing) return { renewing, reason: null };
  return { renewing: null, reason: live.length > 0 ? "renewal_cancelled" : "no_renewing_plus" };
}

/** The member's newest contract, live or over (the membership page shows an ended one's end). */
export async function latestMembership(db: Db, userId: number): Promise<Membership | null> {
  const row = await db.selectFrom("memberships").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
  return row ? normalize(row) : null;
}

export async function membershipById(db: Db, id: number): Promise<Membership | null> {
  const row = await db.selectFrom("memberships").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? normalize(row) : null;
}

/**
 * users.is_member and member_until from the member's contracts: plus runs until the latest live contract's end; with
 * none, plus is off and member_until says when it ended (not later than now).
 */
export async function syncUserPlus(trx: Db, userId: number, now: number): Promise<void> {
  const rows = await trx
    .selectFrom("memberships")
    .select(["period_end", "ends_at"])
    .where("user_id", "=", userId)
    .where("status", "in", LIVE_STATUSES)
    .execute();
  const end = rows.reduce((latest, row) => Math.max(latest, effectiveEnd(row)), 0);
  if (end > now) {
    await trx.updateTable("users").set({ is_member: 1, member_until: end }).where("id", "=", userId).execute();
    return;
  }
  const user = await trx.selectFrom("users").select("member_until").where("id", "=", userId).executeTakeFirst();
  const until = user?.member_until === null || user?.member_until === undefined ? now : Math.min(Number(user.member_until), now);
  await trx
    .updateTable("users")
    .set({ is_member: 0, member_until: Math.max(end, 0) || until })
    .where("id", "=", userId)
    .execute();
}

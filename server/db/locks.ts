/**
 * Transaction-scoped advisory locks on PostgreSQL, and the one registry of their key spaces (ADR 058).
 *
 * A limit that counts rows and then inserts ("at most 10 open requests") is a race under READ COMMITTED: two
 * transactions count 9, both insert, 11. `lockMembersForLimits` serializes the limited inserts of the members a
 * transaction names, before it counts: the second waits until the first committed, then counts its row.
 *
 * Why advisory locks and not `SELECT … FOR UPDATE` on the member's users row: FOR UPDATE also conflicts with the
 * KEY SHARE lock every foreign key check takes on that row, so while it is held nobody could insert a message, a
 * favorite or a date that points at the member; an advisory lock only meets the same lock. It costs one statement
 * per member and lasts until COMMIT or ROLLBACK.
 *
 * SQLite needs none: Kysely's SQLite driver has one connection and holds it from BEGIN to COMMIT, so the
 * transactions of a process run one after the other. (Its BEGIN is deferred, not IMMEDIATE: a second process on the
 * same file whose transaction read before another process's write committed gets SQLITE_BUSY when it writes —
 * an error, never a count passed twice.)
 */
import { sql, type Transaction } from "kysely";
import type { Dialect } from "./dialect";
import { SEARCH_PROFILES_LOCK_SPACE } from "./migrations/search-profiles-sql";
import type { Database } from "./schema";

/**
 * The first key of every two-key advisory lock the product takes (`pg_advisory_xact_lock(space, key)`), each once,
 * so two features never wait on each other's keys by accident. A new limit takes a new space here.
 */
export const LOCK_SPACES = {
  /** search_profiles refreshes, per user id (fixed in the trigger function's SQL by migration 0011). */
  searchProfilesRefresh: SEARCH_PROFILES_LOCK_SPACE,
  /** The messenger's sends of one pair, keyed by hashtext(pair_key): messages commit in id order (ADR 042, 052). */
  messengerPair: 12,
  /** Date requests: the sender's open and daily requests, the receiver's waiting ones (ADR 046). */
  dateRequests: 13,
  /** Tours: at most TOURS_MAX_OPEN open (ADR 028). */
  tours: 14,
  /** Friend links: requests (open, received, per day) and the friend limit on both sides (ADR 037). */
  friendLinks: 15,
  /** Favorites: FAVORITES_LIMIT (ADR 036). */
  favorites: 16,
  /** The block list: BLOCK_LIST_LIMIT. */
  blocks: 17,
  /** Data exports: one a day (ADR 032). */
  dataExports: 18,
  /** Push subscriptions: PUSH_SUBSCRIPTIONS_MAX devices (ADR 044). */
  pushSubscriptions: 19,
  /** E-mail changes: one open request. */
  emailChanges: 20,
  /** First contacts a recipient takes from basic members a day, FIRST_CONTACTS_RECEIVED_PER_DAY (ADR 043). */
  firstContactsReceived: 21,
  /** Account deletions: one open request (ADR 026). */
  accountDeletions: 22,
  /** A business's named escorts: one list, replaced whole, at most BUSINESS_ESCORTS_MAX. */
  businessEscorts: 23,
  /** Promo codes, keyed by the code's id: its total and per-member limits counted one confirmation at a time (issue 26). */
  promoCodes: 24,
  /** Tips: MONTHLY_TIP_LIMIT per payer (issue 27). */
  tips: 25,
  /** Payouts: PAYOUT_MAX_ONGOING per member, and bank detail changes (issue 27). */
  payouts: 26,
  /** Auto recharge: AUTO_RECHARGE_MONTHLY_MAX per member (issue 27). */
  autoRecharge: 27,
  /** Rise-ups: the plus members' free rise-ups a month, and one running rise-up per profile (issue 27). */
  riseUps: 28,
  /** Gifts and token rewards: each reward once per member (issue 27). */
  gifts: 29,
  /** Bundles: a creator's bundles while one is edited, published or bought (issue 28). */
  bundles: 31,
  /** Pay-per-view media: a buyer's purchases (issue 28). */
  mediumPurchases: 32,
  /** Fan subscriptions: one live subscription per fan and creator, renewals of one subscription (issue 28). */
  fanSubscriptions: 33,
  /** Event attendance, keyed by the event's id: max_attendees counted one change at a time (issue 29, ADR 100). */
  eventAttendance: 34,
  /** Misuse checks (DSA Art. 23, ADR 115): one member's warnings and suspensions decided one at a time. */
  misuse: 38,
  /** Live streams (issue 31, ADR 124): a member's payments for paid streams and recordings, one at a time. */
  livePurchases: 44,
  /** The activity tracker's rollup (issue 32, ADR 132): one run at a time, key 0. */
  activityRollup: 49,
} as const;

export type LockSpace = keyof typeof LOCK_SPACES;
/** The spaces keyed by a member's id (the other four have their own keys). */
export type MemberLockSpace = Exclude<
  LockSpace,
  "searchProfilesRefresh" | "messengerPair" | "promoCodes" | "eventAttendance" | "activityRollup"
>;

/** Serializes the reservations of one promo code for the rest of the transaction (PostgreSQL; SQLite: see above). */
export async function lockPromoCode(trx: Transaction<Database>, dialect: Dialect, promoCodeId: number): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACES.promoCodes}::integer, ${promoCodeId}::integer)`.execute(trx);
}

/** Serializes the attendance changes of one event for the rest of the transaction (PostgreSQL; SQLite: see above). */
export async function lockEventAttendance(trx: Transaction<Database>, dialect: Dialect, eventId: number): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACES.eventAttendance}::integer, ${eventId}::integer)`.execute(trx);
}

/**
 * Serializes the limited inserts of these members in one space for the rest of the transaction (PostgreSQL; a no-op
 * on SQLite, see above). Call it first in the transaction that counts and inserts. Several members are locked in
 * ascending id order, one statement each in that order, so two transactions that both lock A and B cannot wait on
 * each other crosswise.
 */
export async function lockMembersForLimits(
  trx: Transaction<Database>,
  dialect: Dialect,
  space: MemberLockSpace,
  memberIds: readonly number[],
): Promise<void> {
  if (dialect !== "postgres") return;
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  for (const id of ids) await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACES[space]}::integer, ${id}::integer)`.execute(trx);
}

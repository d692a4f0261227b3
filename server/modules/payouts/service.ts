/**
 * Earnings and payouts (issue 27 items 5–7, ADR 086). Earnings (tips) wait in the member's `pending` account for
 * EARNINGS_PROBATION_DAYS, then the release job makes each one available (DEFROST, once per earning). An escort or a
 * business pays out an available balance of at least PAYOUT_MIN to the bank account they gave, confirmed by their
 * secure code; the amount leaves the wallet into `payout` at once and waits there for the back office, which
 * approves payouts into a pain.001 file, marks the file sent (the payouts succeeded) and books a transfer the bank
 * returned (the amount is available again). Money moves only through the ledger; these tables say what it was for.
 */
import { requireStaffPermission } from "../access/index";
import { randomBytes } from "node:crypto";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BANK_ERRORS, checkBic, checkHolder, checkIban } from "../../contract/bank";
import {
  maskIban,
  PAYOUT_ERRORS,
  type PayoutBankAccount,
  type PayoutBankAccountInput,
  type PayoutBatchSent,
  type PayoutBatchSummary,
  type PayoutItem,
  type PayoutOverview,
  type PayoutQueue,
  type PayoutRequestAnswer,
  type PayoutRequestInput,
  type PendingEarning,
  type QueuedPayout,
} from "../../contract/payouts";
import { USER_TYPE } from "../../contract/users";
import {
  EARNINGS_PROBATION_DAYS,
  IBAN_CHANGE_BLOCK_HOURS,
  PAYOUT_CENTS_PER_DOLLAR,
  PAYOUT_MAX_ONGOING,
  PAYOUT_MIN,
  PAYOUT_STATUSES,
  SECURE_CODE_MAX_TRIES,
  walletPaths,
} from "../../contract/wallet";
import { DEFAULT_LANGUAGE, isLanguage } from "../../contract/locales";
import { lockMembersForLimits } from "../../db/locks";
import { enqueueJob } from "../../jobs/queue";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { recordAudit } from "../audit/index";
import { payoutHeldFacts, recordStatement } from "../statements/index";
import { termsReference } from "../../contract/statements";
import { bankDayAfter, buildPain001, dayOf, markBankLineReturned, type ReturnedTransferLine } from "../bank/index";
import { dollarOperations, LedgerInsufficient, postOperationIn } from "../ledger/index";
import { afterCommit, transactionWithAfterCommit } from "../../db/after-commit";
import type { Database } from "../../db/schema";
import { dollarBalances, notifyWalletAfterCommit } from "../wallet/index";
import { assertKycComplete, kycStateOf, payoutNotHeldSql } from "../kyc/index";
import { payoutFailedMail, secureCodeResetMail } from "./mails";
import type { Selectable, Transaction } from "kysely";
import type { PayoutsTable } from "./schema";

/** A transaction whose changes of wallets reach the members' live balance once it committed (ADR 081). */
function inWalletTransaction<T>(deps: ApiDeps, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return transactionWithAfterCommit(deps.db, work, (error) => deps.log.warn({ err: error }, "payouts: the live balance was not published"));
}

type PayoutRow = Selectable<PayoutsTable>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const PROBATION_MS = EARNINGS_PROBATION_DAYS * DAY_MS;
const IBAN_BLOCK_MS = IBAN_CHANGE_BLOCK_HOURS * HOUR_MS;
/** A reset link lives as long as a password reset's. */
const RESET_TTL_MS = HOUR_MS;
/** The release job runs this often (earnings free within the hour their probation ends). */
export const RELEASE_INTERVAL_MS = HOUR_MS;
/** Earnings released per job run; the next run takes the rest. */
const RELEASE_BATCH = 500;

const num = (value: number | string | bigint | null): number => Number(value ?? 0);

// --- Who may ------------------------------------------------------------------------------------------------------

async function memberOf(deps: ApiDeps, userId: number) {
  return deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "language", "user_type", "status"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Escorts and businesses earn (tips, later fan money); only they are paid out. */
export function isEarner(userType: number): boolean {
  return userType === USER_TYPE.escort || userType === USER_TYPE.business;
}

async function requireEarner(deps: ApiDeps, userId: number) {
  const member = await memberOf(deps, userId);
  if (!isEarner(member.user_type)) throw fail.forbidden(PAYOUT_ERRORS.notEarner);
  return member;
}

/** Backend accounts only (ADR 080): everyone else, team included, is refused. */
async function requireBackend(deps: ApiDeps, staffId: number): Promise<void> {
  await requireStaffPermission(deps, staffId, "money.manage");
}

// --- The secure code ----------------------------------------------------------------------------------------------

export async function initSecureCode(deps: ApiDeps, userId: number, code: string): Promise<{ set: true }> {
  await requireEarner(deps, userId);
  const now = deps.clock.now();
  const hash = await hashPassword(code);
  const inserted = await deps.db
    .insertInto("payout_secure_codes")
    .values({ user_id: userId, code_hash: hash, failed_tries: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  // A code once chosen changes only through the e-mailed reset (whoever holds the session must not replace it).
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw fail.conflict(PAYOUT_ERRORS.secureCodeSet);
  return { set: true };
}

/** Mails a reset link to the account's address (the only way to a new code, and out of a lock). */
export async function requestSecureCodeReset(deps: ApiDeps, userId: number, language: string): Promise<{ sent: true }> {
  const member = await requireEarner(deps, userId);
  const now = deps.clock.now();
  const token = randomToken();
  await deps.db
    .insertInto("payout_secure_code_resets")
    .values({ user_id: userId, token_hash: sha256(token), created_at: now, expires_at: now + RESET_TTL_MS, used_at: null })
    .execute();
  const link = `${deps.config.publicUrl}/${language}/user/dollar/payout/secure-code?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(secureCodeResetMail({ to: member.email, username: member.username, link, language }));
  return { sent: true };
}

/** Sets a new code with a reset link of the signed-in member's own (another member's link is refused alike). */
export async function resetSecureCode(deps: ApiDeps, userId: number, token: string, code: string): Promise<{ set: true }> {
  await requireEarner(deps, userId);
  const now = deps.clock.now();
  const hash = await hashPassword(code);
  await inWalletTransaction(deps, async (trx) => {
    const used = await trx
      .updateTable("payout_secure_code_resets")
      .set({ used_at: now })
      .where("token_hash", "=", sha256(token))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw fail.badRequest(PAYOUT_ERRORS.resetInvalid, "token");
    // The other links still in the mailbox are spent with it.
    await trx
      .updateTable("payout_secure_code_resets")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("payout_secure_codes")
      .values({ user_id: userId, code_hash: hash, failed_tries: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ code_hash: hash, failed_tries: 0, updated_at: now }))
      .execute();
  });
  return { set: true };
}

/**
 * Checks the code a payout or a bank change was confirmed with. A wrong one counts a try (a conditional update, so
 * parallel guesses cannot pass the limit); the last allowed wrong try locks the code until a reset. A right one
 * clears the count.
 */
export async function verifySecureCode(deps: ApiDeps, userId: number, entry: string): Promise<void> {
  const row = await deps.db.selectFrom("payout_secure_codes").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.conflict(PAYOUT_ERRORS.secureCodeMissing);
  if (row.failed_tries >= SECURE_CODE_MAX_TRIES) throw fail.conflict(PAYOUT_ERRORS.secureCodeLocked);
  if (await verifyPassword(entry, row.code_hash)) {
    if (row.failed_tries > 0)
      await deps.db.updateTable("payout_secure_codes").set({ failed_tries: 0 }).where("user_id", "=", userId).execute();
    return;
  }
  const counted = await deps.db
    .updateTable("payout_secure_codes")
    .set((eb) => ({ failed_tries: eb("failed_tries", "+", 1), updated_at: deps.clock.now() }))
    .where("user_id", "=", userId)
    .where("failed_tries", "<", SECURE_CODE_MAX_TRIES)
    .returning("failed_tries")
    .executeTakeFirst();
  if (!counted || counted.failed_tries >= SECURE_CODE_MAX_TRIES) throw fail.conflict(PAYOUT_ERRORS.secureCodeLocked);
  throw new ApiError(400, [
    errorItem(400, PAYOUT_ERRORS.secureCodeWrong, "secure_code", { tries_left: SECURE_CODE_MAX_TRIES - counted.failed_tries }),
  ]);
}

// --- Bank account -------------------------------------------------------------------------------------------------

function accountView(row: { iban: string; holder: string; bic: string | null; iban_changed_at: number | string }): PayoutBankAccount {
  return { iban_masked: maskIban(row.iban), holder: row.holder, bic: row.bic, blocked_until: num(row.iban_changed_at) + IBAN_BLOCK_MS };
}

/**
 * Saves the account payouts go to: the IBAN checked (format, country reachable by SEPA, check digits), the BIC if
 * given, the holder's name as typed; confirmed by the secure code. A new or changed IBAN starts the block.
 */
export async function saveBankAccount(deps: ApiDeps, userId: number, input: PayoutBankAccountInput): Promise<PayoutBankAccount> {
  await requireEarner(deps, userId);
  const errors = [];
  const iban = checkIban(input.iban);
  if (!iban.ok) errors.push(errorItem(400, iban.error, "iban"));
  else if (!iban.sepa) errors.push(errorItem(400, BANK_ERRORS.ibanCountry, "iban"));
  const holder = checkHolder(input.holder);
  if (!holder.ok) errors.push(errorItem(400, holder.error, "holder"));
  let bic: string | null = null;
  if (input.bic.trim() !== "") {
    const checked = checkBic(input.bic, iban.ok ? iban.country : null);
    if (checked.ok) bic = checked.bic;
    else errors.push(errorItem(400, checked.error, "bic"));
  }
  if (errors.length > 0 || !iban.ok || !holder.ok) throw new ApiError(400, errors);
  await verifySecureCode(deps, userId, input.secure_code);
  const now = deps.clock.now();
  const saved = await inWalletTransaction(deps, async (trx) => {
    // A payout request reads the account under the same lock: it never pays to an IBAN changed at the same moment.
    await lockMembersForLimits(trx, deps.dialect, "payouts", [userId]);
    const current = await trx.selectFrom("payout_bank_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    const changedAt = current && current.iban === iban.iban ? num(current.iban_changed_at) : now;
    const row = { iban: iban.iban, bic, holder: holder.holder, iban_changed_at: changedAt, updated_at: now };
    if (current) await trx.updateTable("payout_bank_accounts").set(row).where("user_id", "=", userId).execute();
    else
      await trx
        .insertInto("payout_bank_accounts")
        .values({ user_id: userId, ...row })
        .execute();
    return row;
  });
  return accountView(saved);
}

// --- The member's payouts -----------------------------------------------------------------------------------------

function itemOf(row: PayoutRow): PayoutItem {
  return {
    id: row.id,
    amount: num(row.amount),
    amount_cents: num(row.amount_cents),
    status: num(row.status) as PayoutItem["status"],
    outcome: row.outcome,
    approved: row.batch_id !== null,
    iban_masked: maskIban(row.iban),
    created_at: num(row.created_at),
    settled_at: row.settled_at === null ? null : num(row.settled_at),
  };
}

/** The earnings in the member's probation: the transfers into their pending account not released yet. */
async function pendingEarnings(deps: ApiDeps, userId: number, limit = 50): Promise<PendingEarning[]> {
  const rows = await deps.db
    .selectFrom("ledger_transfers as t")
    .innerJoin("ledger_accounts as a", "a.id", "t.to_account_id")
    .leftJoin("earning_releases as r", "r.transfer_id", "t.id")
    .select(["t.amount", "t.created_at"])
    .where("a.user_id", "=", userId)
    .where("a.purpose", "=", "pending")
    .where("a.currency", "=", "dollar")
    .where("r.transfer_id", "is", null)
    .orderBy("t.created_at")
    .orderBy("t.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ amount: num(row.amount), earned_at: num(row.created_at), frees_at: num(row.created_at) + PROBATION_MS }));
}

export async function payoutOverview(deps: ApiDeps, userId: number): Promise<PayoutOverview> {
  const member = await memberOf(deps, userId);
  const [balances, earnings, code, account, ongoing, kyc] = await Promise.all([
    dollarBalances(deps, userId),
    pendingEarnings(deps, userId),
    deps.db.selectFrom("payout_secure_codes").select("failed_tries").where("user_id", "=", userId).executeTakeFirst(),
    deps.db.selectFrom("payout_bank_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    deps.db
      .selectFrom("payouts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("status", "=", PAYOUT_STATUSES.ongoing)
      .executeTakeFirstOrThrow(),
    kycStateOf(deps.db, userId, deps.clock.now()),
  ]);
  const now = deps.clock.now();
  const earner = isEarner(member.user_type);
  const locked = code ? code.failed_tries >= SECURE_CODE_MAX_TRIES : false;
  const bank = account ? accountView(account) : null;
  const blocked = bank?.blocked_until !== undefined && bank.blocked_until !== null && bank.blocked_until > now;
  const ongoingCount = num(ongoing.n);
  return {
    earner,
    available: balances.available,
    pending: balances.pending,
    in_payout: balances.in_payout,
    pending_earnings: earnings,
    minimum: PAYOUT_MIN,
    ongoing: ongoingCount,
    max_ongoing: PAYOUT_MAX_ONGOING,
    secure_code: {
      set: code !== undefined,
      locked,
      tries_left: code ? Math.max(0, SECURE_CODE_MAX_TRIES - code.failed_tries) : SECURE_CODE_MAX_TRIES,
    },
    bank_account: bank ? { ...bank, blocked_until: blocked ? bank.blocked_until : null } : null,
    kyc_state: kyc.state,
    can_request:
      earner &&
      kyc.state === "complete" &&
      code !== undefined &&
      !locked &&
      bank !== null &&
      !blocked &&
      balances.available >= PAYOUT_MIN &&
      ongoingCount < PAYOUT_MAX_ONGOING,
  };
}

export async function listPayouts(deps: ApiDeps, userId: number): Promise<{ items: PayoutItem[] }> {
  const rows = await deps.db.selectFrom("payouts").selectAll().where("user_id", "=", userId).orderBy("id", "desc").limit(100).execute();
  return { items: rows.map(itemOf) };
}

async function payoutByKey(deps: ApiDeps, requestKey: string): Promise<PayoutItem | null> {
  const row = await deps.db.selectFrom("payouts").selectAll().where("request_key", "=", requestKey).executeTakeFirst();
  return row ? itemOf(row) : null;
}

/** A SEPA end-to-end id (at most 35 characters): the bank statement names the payout by it. */
const endToEndId = () => `VLRPO${randomBytes(8).toString("hex").toUpperCase()}`;

/**
 * Requests a payout of `amount` dollars under the client's key. A retry with the key answers the first payout. The
 * ongoing count is taken under the member's payouts lock, so parallel requests cannot pass PAYOUT_MAX_ONGOING; the
 * payout row and the ledger's PAYOUT_ONGOING commit together, or neither (too little available: nothing moved).
 */
export async function requestPayout(deps: ApiDeps, userId: number, input: PayoutRequestInput): Promise<PayoutRequestAnswer> {
  await requireEarner(deps, userId);
  const requestKey = `payout:${userId}:${input.key}`;
  const earlier = await payoutByKey(deps, requestKey);
  if (earlier) return { payout: earlier, replayed: true };
  await verifySecureCode(deps, userId, input.secure_code);
  const now = deps.clock.now();
  try {
    const created = await inWalletTransaction(deps, async (trx) => {
      await lockMembersForLimits(trx, deps.dialect, "payouts", [userId]);
      // Every payout passes here: none while the member's KYC is not complete (ADR 109).
      await assertKycComplete(trx, userId, now);
      const account = await trx.selectFrom("payout_bank_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
      if (!account) throw fail.conflict(PAYOUT_ERRORS.bankMissing);
      if (num(account.iban_changed_at) + IBAN_BLOCK_MS > now) throw fail.conflict(PAYOUT_ERRORS.ibanBlocked);
      const ongoing = await trx
        .selectFrom("payouts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("status", "=", PAYOUT_STATUSES.ongoing)
        .executeTakeFirstOrThrow();
      if (num(ongoing.n) >= PAYOUT_MAX_ONGOING) throw fail.conflict(PAYOUT_ERRORS.tooManyOngoing);
      // The row first: its id is the ledger operation's reference ("payout:8"); the same key from a parallel retry
      // waits here on the unique key and then finds the first request's payout.
      const row = await trx
        .insertInto("payouts")
        .values({
          user_id: userId,
          request_key: requestKey,
          amount: input.amount,
          amount_cents: input.amount * PAYOUT_CENTS_PER_DOLLAR,
          status: PAYOUT_STATUSES.ongoing,
          outcome: null,
          iban: account.iban,
          bic: account.bic,
          holder: account.holder,
          end_to_end_id: endToEndId(),
          operation_id: 0,
          batch_id: null,
          created_at: now,
          settled_at: null,
          confirmed_at: null,
        })
        .onConflict((oc) => oc.column("request_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return null;
      const posted = await postOperationIn(trx, deps, {
        key: requestKey,
        kind: "PAYOUT_ONGOING",
        currency: "dollar",
        actorId: userId,
        reference: `payout:${row.id}`,
        transfers: dollarOperations.payoutRequest(userId, input.amount).transfers,
      });
      await trx.updateTable("payouts").set({ operation_id: posted.operationId }).where("id", "=", row.id).execute();
      notifyWalletAfterCommit(trx, deps, userId);
      return row.id;
    });
    const payout = await payoutByKey(deps, requestKey);
    if (!payout) throw new Error(`payout ${requestKey} vanished`);
    return { payout, replayed: created === null };
  } catch (error) {
    if (error instanceof LedgerInsufficient) throw new ApiError(409, [errorItem(409, PAYOUT_ERRORS.insufficient, "amount")]);
    throw error;
  }
}

/** The read-confirmation: the member saw a succeeded or failed payout (status confirmed); again answers the same. */
export async function confirmPayout(deps: ApiDeps, userId: number, payoutId: number): Promise<PayoutItem> {
  const row = await deps.db.selectFrom("payouts").selectAll().where("id", "=", payoutId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound();
  const status = num(row.status);
  if (status === PAYOUT_STATUSES.confirmed) return itemOf(row);
  if (status !== PAYOUT_STATUSES.succeeded && status !== PAYOUT_STATUSES.failed) throw fail.conflict(PAYOUT_ERRORS.notConfirmable);
  await deps.db
    .updateTable("payouts")
    .set({ status: PAYOUT_STATUSES.confirmed, confirmed_at: deps.clock.now() })
    .where("id", "=", payoutId)
    .where("status", "=", status)
    .execute();
  const after = await deps.db.selectFrom("payouts").selectAll().where("id", "=", payoutId).executeTakeFirstOrThrow();
  return itemOf(after);
}

// --- Probation: releasing earnings --------------------------------------------------------------------------------

/**
 * Releases every earning whose probation ended: each transfer into a pending account older than
 * EARNINGS_PROBATION_DAYS becomes available by its own DEFROST (key `release:<transfer id>`), recorded in
 * earning_releases in the same transaction — once per earning, however often or concurrently the job runs.
 */
export async function releaseDueEarnings(deps: ApiDeps): Promise<number> {
  const cutoff = deps.clock.now() - PROBATION_MS;
  const due = await deps.db
    .selectFrom("ledger_transfers as t")
    .innerJoin("ledger_accounts as a", "a.id", "t.to_account_id")
    .innerJoin("ledger_operations as o", "o.id", "t.operation_id")
    .leftJoin("earning_releases as r", "r.transfer_id", "t.id")
    .select(["t.id", "t.amount", "a.user_id", "o.reference"])
    .where("a.purpose", "=", "pending")
    .where("a.currency", "=", "dollar")
    .where("t.created_at", "<=", cutoff)
    .where("r.transfer_id", "is", null)
    .orderBy("t.id")
    .limit(RELEASE_BATCH)
    .execute();
  let released = 0;
  for (const earning of due) {
    const earner = num(earning.user_id);
    const amount = num(earning.amount);
    try {
      await inWalletTransaction(deps, async (trx) => {
        const posted = await postOperationIn(trx, deps, {
          key: `release:${earning.id}`,
          kind: "DEFROST",
          currency: "dollar",
          actorId: null,
          reference: earning.reference,
          transfers: dollarOperations.release(earner, amount).transfers,
        });
        await trx
          .insertInto("earning_releases")
          .values({ transfer_id: earning.id, user_id: earner, amount, operation_id: posted.operationId, released_at: deps.clock.now() })
          .onConflict((oc) => oc.column("transfer_id").doNothing())
          .execute();
        notifyWalletAfterCommit(trx, deps, earner);
      });
      released += 1;
    } catch (err) {
      if (!(err instanceof LedgerInsufficient)) throw err;
      // The pending account holds less than the earning (staff moved it): left for staff, never released twice.
      deps.log.warn({ transferId: earning.id, earner }, "payouts: an earning's release found too little pending");
    }
  }
  return released;
}

/** The release job: what is due, then the next run. */
export async function runEarningRelease(deps: ApiDeps): Promise<void> {
  await releaseDueEarnings(deps);
  await scheduleEarningRelease(deps, deps.clock.now() + RELEASE_INTERVAL_MS);
}

/** Enqueues the release run of the slot `at` falls in (a no-op when it is queued already); maintenance calls it too. */
export async function scheduleEarningRelease(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  const slot = Math.floor(at / RELEASE_INTERVAL_MS);
  await enqueueJob(deps.db, deps.clock, "payouts.release", {}, { key: `payouts.release:${slot}`, runAt: Math.max(at, deps.clock.now()) });
}

// --- The back office ----------------------------------------------------------------------------------------------

const QUEUE_LIMIT = 200;

function queuedOf(row: PayoutRow & { username: string }): QueuedPayout {
  return { ...itemOf(row), user_id: row.user_id, username: row.username, holder: row.holder, batch_id: row.batch_id };
}

function batchOf(row: {
  id: number;
  message_id: string;
  due_date: string;
  transactions: number;
  control_sum_cents: number | string;
  sent_at: number | string | null;
  created_at: number | string;
}): PayoutBatchSummary {
  return {
    id: row.id,
    message_id: row.message_id,
    due_date: row.due_date,
    transactions: num(row.transactions),
    control_sum_cents: num(row.control_sum_cents),
    sent: row.sent_at !== null,
    created_at: num(row.created_at),
  };
}

const BATCH_COLUMNS = ["id", "message_id", "due_date", "transactions", "control_sum_cents", "sent_at", "created_at"] as const;

export async function payoutQueue(deps: ApiDeps, staffId: number): Promise<PayoutQueue> {
  await requireBackend(deps, staffId);
  const rows = (where: "waiting" | "approved" | "succeeded") => {
    let query = deps.db
      .selectFrom("payouts")
      .innerJoin("users", "users.id", "payouts.user_id")
      .selectAll("payouts")
      .select("users.username");
    // Payouts held by KYC (ADR 109) wait out of the approval list until the member's KYC is complete again.
    if (where === "waiting")
      query = query
        .where("payouts.status", "=", PAYOUT_STATUSES.ongoing)
        .where("payouts.batch_id", "is", null)
        .where((eb) => payoutNotHeldSql(eb));
    if (where === "approved") query = query.where("payouts.status", "=", PAYOUT_STATUSES.ongoing).where("payouts.batch_id", "is not", null);
    if (where === "succeeded") query = query.where("payouts.outcome", "=", "succeeded");
    return query
      .orderBy("payouts.id", where === "succeeded" ? "desc" : "asc")
      .limit(QUEUE_LIMIT)
      .execute();
  };
  const [waiting, approved, succeeded, batches] = await Promise.all([
    rows("waiting"),
    rows("approved"),
    rows("succeeded"),
    deps.db.selectFrom("payout_batches").select(BATCH_COLUMNS).orderBy("id", "desc").limit(50).execute(),
  ]);
  return {
    waiting: waiting.map(queuedOf),
    approved: approved.map(queuedOf),
    succeeded: succeeded.slice(0, 50).map(queuedOf),
    batches: batches.map(batchOf),
  };
}

/**
 * Approves waiting payouts into one pain.001 file (executed the next bank day). Each payout is taken by a conditional
 * update, so one approved twice at once lands in one file; each approval writes its audit row in the transaction.
 */
export async function approvePayouts(deps: ApiDeps, staffId: number, payoutIds: readonly number[]): Promise<PayoutBatchSummary> {
  await requireBackend(deps, staffId);
  const now = deps.clock.now();
  const day = bankDayAfter(dayOf(now), 1);
  const messageId = `VLR-PO-${day.replace(/-/g, "")}-${randomBytes(5).toString("hex").toUpperCase()}`;
  const row = await inWalletTransaction(deps, async (trx) => {
    const payouts = await trx
      .selectFrom("payouts")
      .selectAll()
      .where("id", "in", [...new Set(payoutIds)])
      .where("status", "=", PAYOUT_STATUSES.ongoing)
      .where("batch_id", "is", null)
      .where((eb) => payoutNotHeldSql(eb))
      .orderBy("id")
      .execute();
    if (payouts.length === 0) throw fail.conflict(PAYOUT_ERRORS.nothingToApprove, "payout_ids");
    const xml = buildPain001(
      deps.config.bank,
      { messageId, createdAt: now, dueDate: day },
      payouts.map((p) => ({
        endToEndId: p.end_to_end_id,
        amountCents: num(p.amount_cents),
        creditorName: p.holder,
        creditorIban: p.iban,
        creditorBic: p.bic,
        remittance: `Velora payout ${p.id}`,
      })),
    );
    const batch = await trx
      .insertInto("payout_batches")
      .values({
        message_id: messageId,
        due_date: day,
        transactions: payouts.length,
        control_sum_cents: payouts.reduce((sum, p) => sum + num(p.amount_cents), 0),
        xml,
        created_by: staffId,
        created_at: now,
        sent_by: null,
        sent_at: null,
      })
      .returning(BATCH_COLUMNS)
      .executeTakeFirstOrThrow();
    const taken = await trx
      .updateTable("payouts")
      .set({ batch_id: batch.id })
      .where(
        "id",
        "in",
        payouts.map((p) => p.id),
      )
      .where("batch_id", "is", null)
      .where("status", "=", PAYOUT_STATUSES.ongoing)
      .executeTakeFirst();
    // Another approval took one of them meanwhile: this file would pay it twice.
    if (Number(taken.numUpdatedRows) !== payouts.length) throw fail.conflict(PAYOUT_ERRORS.nothingToApprove, "payout_ids");
    for (const p of payouts)
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "payout.approve",
          subjectType: "payout",
          subjectId: String(p.id),
          reason: null,
          before: { status: num(p.status), batch_id: null },
          after: { status: num(p.status), batch_id: batch.id, message_id: messageId },
        },
        now,
      );
    return batch;
  });
  return batchOf(row);
}

export async function payoutBatchXml(deps: ApiDeps, staffId: number, batchId: number): Promise<{ name: string; xml: string }> {
  await requireBackend(deps, staffId);
  const row = await deps.db.selectFrom("payout_batches").select(["message_id", "xml"]).where("id", "=", batchId).executeTakeFirst();
  if (!row) throw fail.notFound();
  return { name: `${row.message_id}.xml`, xml: row.xml };
}

/** The file went to the bank: each of its ongoing payouts succeeded (PAYOUT: the dollars left the platform). */
export async function markBatchSent(deps: ApiDeps, staffId: number, batchId: number): Promise<PayoutBatchSent> {
  await requireBackend(deps, staffId);
  const now = deps.clock.now();
  return inWalletTransaction(deps, async (trx) => {
    const taken = await trx
      .updateTable("payout_batches")
      .set({ sent_by: staffId, sent_at: now })
      .where("id", "=", batchId)
      .where("sent_at", "is", null)
      .returning(BATCH_COLUMNS)
      .executeTakeFirst();
    if (!taken) {
      const exists = await trx.selectFrom("payout_batches").select("id").where("id", "=", batchId).executeTakeFirst();
      throw exists ? fail.conflict(PAYOUT_ERRORS.batchSent) : fail.notFound();
    }
    const payouts = await trx
      .selectFrom("payouts")
      .selectAll()
      .where("batch_id", "=", batchId)
      .where("status", "=", PAYOUT_STATUSES.ongoing)
      .orderBy("id")
      .execute();
    for (const p of payouts) {
      await postOperationIn(trx, deps, {
        key: `payout-succeeded:${p.id}`,
        kind: "PAYOUT",
        currency: "dollar",
        actorId: null,
        reference: `payout:${p.id}`,
        transfers: dollarOperations.payoutSucceeded(p.user_id, num(p.amount)).transfers,
      });
      notifyWalletAfterCommit(trx, deps, p.user_id);
      await trx
        .updateTable("payouts")
        .set({ status: PAYOUT_STATUSES.succeeded, outcome: "succeeded", settled_at: now })
        .where("id", "=", p.id)
        .execute();
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "payout.sent",
          subjectType: "payout",
          subjectId: String(p.id),
          reason: null,
          before: { status: PAYOUT_STATUSES.ongoing },
          after: { status: PAYOUT_STATUSES.succeeded, batch_id: batchId },
        },
        now,
      );
    }
    return { batch: batchOf(taken), succeeded: payouts.length };
  });
}

/** What ends a payout as failed: a transfer the bank returned (by hand or from a statement), or staff refusing it. */
type PayoutFailure = "returned" | "rejected";

/**
 * Whether the bank can still return this payout, or staff refuse it. Returned: it succeeded (the file was marked
 * sent; its dollars are in paid_out), or its file went out and was not marked sent yet (they are still in transit).
 * Rejected: it waits and is in no file.
 */
function failable(row: PayoutRow, how: PayoutFailure): boolean {
  const status = num(row.status);
  if (how === "rejected") return status === PAYOUT_STATUSES.ongoing && row.batch_id === null;
  return row.outcome === "succeeded" || (status === PAYOUT_STATUSES.ongoing && row.batch_id !== null);
}

/**
 * Ends a payout as failed (status 2) inside `trx`, its amount available again, and tells the member: the status by a
 * conditional update (a second failure of the same payout, at the same moment or later, finds it failed and answers
 * false), the ledger's PAYOUT_RETURNED under the key `payout-<how>:<id>` (the manual and the statement's booking of
 * one return share it), the audit row, the live balance and the member's mail after the commit.
 */
async function failPayoutIn(
  trx: Transaction<Database>,
  deps: ApiDeps,
  row: PayoutRow,
  how: PayoutFailure,
  audit: { actorId: number | null; reason: string },
): Promise<boolean> {
  if (!failable(row, how)) return false;
  const now = deps.clock.now();
  const status = num(row.status);
  const taken = await trx
    .updateTable("payouts")
    .set({ status: PAYOUT_STATUSES.failed, outcome: "failed", settled_at: now, confirmed_at: null })
    .where("id", "=", row.id)
    .where("status", "=", status)
    .where((eb) => (row.outcome === null ? eb("outcome", "is", null) : eb("outcome", "=", row.outcome)))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  const amount = num(row.amount);
  // Paid out already: the dollars come back from paid_out; still in transit (waiting, or in a file not marked sent):
  // from the member's payout account.
  const operation = row.outcome === "succeeded" ? dollarOperations.payoutBounced : dollarOperations.payoutReturned;
  await postOperationIn(trx, deps, {
    key: `payout-${how}:${row.id}`,
    kind: "PAYOUT_RETURNED",
    currency: "dollar",
    actorId: null,
    reference: `payout:${row.id}`,
    transfers: operation(row.user_id, amount).transfers,
  });
  notifyWalletAfterCommit(trx, deps, row.user_id);
  await recordAudit(
    trx,
    {
      actorId: audit.actorId,
      action: `payout.${how}`,
      subjectType: "payout",
      subjectId: String(row.id),
      reason: audit.reason,
      before: { status, outcome: row.outcome },
      after: { status: PAYOUT_STATUSES.failed, outcome: "failed" },
    },
    now,
  );
  const member = await trx.selectFrom("users").select(["username", "email", "language"]).where("id", "=", row.user_id).executeTakeFirst();
  if (member?.email)
    afterCommit(trx, () =>
      deps.mailer.send(
        payoutFailedMail({
          to: member.email,
          username: member.username,
          language: member.language,
          link: `${deps.config.publicUrl}${walletPaths.payout(isLanguage(member.language) ? member.language : DEFAULT_LANGUAGE)}`,
          values: { amount: String(amount) },
        }),
      ),
    );
  return true;
}

/**
 * A payout ends as failed (status 2) and its amount is available again: `returned` for one the bank sent back
 * (staff book it from the statement by hand, ADR 086), `rejected` for one staff refuse before approving it. The
 * member sees it failed until they confirm having seen it.
 */
export async function failPayout(
  deps: ApiDeps,
  staffId: number,
  payoutId: number,
  how: PayoutFailure,
  reason: string,
): Promise<PayoutItem> {
  await requireBackend(deps, staffId);
  await inWalletTransaction(deps, async (trx) => {
    const row = await trx.selectFrom("payouts").selectAll().where("id", "=", payoutId).executeTakeFirst();
    if (!row) throw fail.notFound();
    if (!(await failPayoutIn(trx, deps, row, how, { actorId: staffId, reason }))) throw fail.conflict(PAYOUT_ERRORS.notReturnable);
    // The team refusing a payout holds money back (DSA Art. 17(1)(c)); a transfer the bank returned is no decision of ours.
    if (how === "rejected") {
      const member = await trx.selectFrom("users").select("language").where("id", "=", row.user_id).executeTakeFirstOrThrow();
      await recordStatement(
        trx,
        {
          kind: "payout_refusal",
          userId: row.user_id,
          subjectKind: "payout",
          subjectId: row.id,
          restriction: "monetary_suspended",
          ground: "terms",
          groundReference: termsReference("payout_checks"),
          facts: payoutHeldFacts(member.language, num(row.amount_cents), "EUR", reason),
          source: "own_initiative",
          language: member.language,
          decidedBy: staffId,
        },
        deps.clock.now(),
      );
    }
  });
  const after = await deps.db.selectFrom("payouts").selectAll().where("id", "=", payoutId).executeTakeFirstOrThrow();
  return itemOf(after);
}

/** The payout a returned transfer names (ADR 091): its end-to-end id, else its batch's message id and the amount. */
async function payoutOfReturn(trx: Transaction<Database>, line: ReturnedTransferLine): Promise<PayoutRow | null> {
  if (line.endToEndId) {
    const byId = await trx.selectFrom("payouts").selectAll().where("end_to_end_id", "=", line.endToEndId).executeTakeFirst();
    if (byId) return byId;
  }
  if (!line.batchReference) return null;
  // Several payouts of the same amount in one file cannot be told apart: the manual list decides.
  const candidates = await trx
    .selectFrom("payouts")
    .innerJoin("payout_batches", "payout_batches.id", "payouts.batch_id")
    .selectAll("payouts")
    .where("payout_batches.message_id", "=", line.batchReference)
    .where("payouts.amount_cents", "=", line.amountCents)
    .limit(2)
    .execute();
  return candidates.length === 1 ? (candidates[0] as PayoutRow) : null;
}

/**
 * The bank's transfer-return hook (bank import, ADR 091): a statement line that brought back one of our payouts
 * books it as returned — the exact amount, a payout the bank could return — with its line marked and a
 * `payout_returns` row in the same transaction. Anything else (no payout named, another amount, a payout failed
 * already) answers false: the line stays in the manual list.
 */
export async function bookReturnedPayout(deps: ApiDeps, line: ReturnedTransferLine): Promise<boolean> {
  return inWalletTransaction(deps, async (trx) => {
    const row = await payoutOfReturn(trx, line);
    if (!row || num(row.amount_cents) !== line.amountCents) return false;
    const reason = `camt ${line.returnReason ?? "return"} ${line.bankReference}`.slice(0, 200);
    if (!(await failPayoutIn(trx, deps, row, "returned", { actorId: line.staffId, reason }))) return false;
    const now = deps.clock.now();
    await trx
      .insertInto("payout_returns")
      .values({
        payout_id: row.id,
        bank_line_id: line.lineId,
        amount_cents: line.amountCents,
        return_reason: line.returnReason,
        booked_at: now,
      })
      .execute();
    // The line taken meanwhile by hand: everything here rolls back, the line keeps what staff decided.
    if (!(await markBankLineReturned(trx, line.lineId, now))) throw new Error(`bank line ${line.lineId} was taken meanwhile`);
    return true;
  });
}

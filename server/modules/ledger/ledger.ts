/**
 * The ledger kernel (issue 27 item 1, ADR 073): the only code that moves money. An operation is a list of transfers
 * in one currency, posted in one transaction under an idempotency key:
 *
 * 1. A retry finds its key and answers what the first attempt answered (a key reused for a different request is
 *    refused). Two attempts with one key at once: the second waits on the key's unique index until the first
 *    commits, then answers its result.
 * 2. Member accounts carry a cached balance, changed only by a conditional update in the operation's transaction
 *    (`balance + delta >= 0`), in ascending account id order so two operations never wait on each other in a circle.
 *    An update that finds too little changes nothing: the operation rolls back and is recorded as `insufficient`.
 * 3. Platform accounts (SYSTEM_ACCOUNTS) are not cached: their balance is the sum of their transfers. Every purchase
 *    and every spend touches one of them, and a cached platform row would make all of them wait for each other.
 * 4. Transfers are inserted, never updated or deleted.
 * 5. On PostgreSQL an operation is one round trip: the same steps run in the server (postInOneStatement, ADR 087).
 */
import { sql, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import {
  IDEMPOTENCY_KEY_MAX,
  type AccountRef,
  type LedgerCurrency,
  type LedgerOperationResult,
  type MemberAccount,
  type SystemAccount,
  type LedgerOperationKind,
  type TransferInput,
} from "../../contract/ledger";
import type { DB, Dialect } from "../../db/index";
import type { Database } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";

export interface LedgerDeps {
  db: DB;
  dialect: Dialect;
  clock: Clock;
}

/** A transfer whose amount is "as much of `amount` as `from` holds" (a chargeback's reclaim). */
export interface PartialTransferInput extends TransferInput {
  upTo: true;
}

export interface OperationRequest {
  /** Chosen by the client (a form's hidden field, a job's id): the same key, the same answer. */
  key: string;
  kind: LedgerOperationKind;
  currency: LedgerCurrency;
  /** The member who asked; null for the platform's own operations. */
  actorId: number | null;
  reference?: string | null;
  transfers: Array<TransferInput | PartialTransferInput>;
}

/** The operation ran out of money in a member account: nothing moved. */
export class LedgerInsufficient extends Error {
  constructor() {
    super("ledger: a member account would go below zero");
  }
}

const refKey = (ref: AccountRef) => ("member" in ref ? `m:${ref.member}:${ref.account}` : `s:${ref.system}`);
const isPartial = (transfer: TransferInput | PartialTransferInput): transfer is PartialTransferInput => "upTo" in transfer;

function checkRequest(request: OperationRequest): void {
  if (request.key.length === 0 || request.key.length > IDEMPOTENCY_KEY_MAX)
    throw fail.badRequest("exception.ledger.idempotency_key", "key");
  if (request.transfers.length === 0) throw fail.badRequest("exception.ledger.no_transfer");
  for (const transfer of request.transfers) {
    if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) throw fail.badRequest("exception.ledger.invalid_amount", "amount");
    if (refKey(transfer.from) === refKey(transfer.to)) throw fail.badRequest("exception.ledger.same_account");
    // A partial transfer is resolved when its source is locked; only a platform account may receive it, so no
    // member account's change waits for another account's lock (ADR 073).
    if (isPartial(transfer) && (!("member" in transfer.from) || "member" in transfer.to))
      throw new Error("upTo: from a member to the platform only");
  }
}

/** What was asked, as a hash: a key reused for another request is refused instead of answering the wrong thing. */
function fingerprintOf(request: OperationRequest): string {
  const transfers = request.transfers.map((t) => [refKey(t.from), refKey(t.to), t.amount, isPartial(t) ? 1 : 0]);
  return sha256(JSON.stringify([request.kind, request.currency, request.actorId, request.reference ?? null, transfers]));
}

/**
 * Account ids by database, then by currency and account: an account is never deleted nor renumbered, so once read its
 * id holds for the life of the process, and the hot path of a spend asks the database nothing about accounts.
 */
const knownAccounts = new WeakMap<DB, Map<string, number>>();

/** The ids of the accounts, created on first use (outside the money transaction: creation never waits on money). */
async function accountIdsOf(
  deps: LedgerDeps,
  refs: AccountRef[],
  currency: LedgerCurrency,
  trx?: Transaction<Database>,
): Promise<Map<string, number>> {
  let known = knownAccounts.get(deps.db);
  if (!known) knownAccounts.set(deps.db, (known = new Map()));
  // Inside a caller's transaction an account read or created may vanish with a rollback: it is not remembered.
  const db: DB = trx ?? deps.db;
  const ids = new Map<string, number>();
  const now = deps.clock.now();
  for (const ref of refs) {
    const key = refKey(ref);
    if (ids.has(key)) continue;
    const cached = known.get(`${currency}:${key}`);
    if (cached !== undefined) {
      ids.set(key, cached);
      continue;
    }
    const userId = "member" in ref ? ref.member : null;
    const purpose = "member" in ref ? ref.account : ref.system;
    const find = () => {
      let query = db.selectFrom("ledger_accounts").select("id").where("purpose", "=", purpose).where("currency", "=", currency);
      query = userId === null ? query.where("user_id", "is", null) : query.where("user_id", "=", userId);
      return query.executeTakeFirst();
    };
    let row = await find();
    if (!row) {
      await db
        .insertInto("ledger_accounts")
        .values({ user_id: userId, purpose, currency, balance: 0, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await find();
    }
    if (!row) throw new Error(`ledger account ${key} could not be created`);
    ids.set(key, row.id);
    if (!trx) known.set(`${currency}:${key}`, row.id);
  }
  return ids;
}

async function answerOf(db: DB, key: string, fingerprint: string): Promise<LedgerOperationResult | null> {
  const row = await db
    .selectFrom("ledger_operations")
    .select(["id", "kind", "status", "fingerprint"])
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== fingerprint) throw fail.conflict("exception.ledger.idempotency_key_reused", "key");
  const moved = await db
    .selectFrom("ledger_transfers")
    .select((eb) => eb.fn.sum<number>("amount").as("sum"))
    .where("operation_id", "=", row.id)
    .executeTakeFirst();
  return { operationId: row.id, kind: row.kind, status: row.status, moved: Number(moved?.sum ?? 0), replayed: true };
}

/** Claims the key in the transaction; null when another attempt holds it (its answer is read after this rolls back). */
async function claimKey(
  trx: Transaction<Database>,
  request: OperationRequest,
  fingerprint: string,
  status: "succeeded" | "insufficient",
  now: number,
): Promise<number | null> {
  const inserted = await trx
    .insertInto("ledger_operations")
    .values({
      idempotency_key: request.key,
      fingerprint,
      kind: request.kind,
      status,
      actor_user_id: request.actorId,
      reference: request.reference ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Locks a member account and reads its balance (PostgreSQL; SQLite's one connection runs transactions in turn). */
async function lockedBalance(trx: Transaction<Database>, dialect: Dialect, accountId: number): Promise<number> {
  const query = trx.selectFrom("ledger_accounts").select("balance").where("id", "=", accountId);
  const row = await (dialect === "postgres" ? query.forNoKeyUpdate() : query).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * The operation's writes inside `trx`: claims the key (null when another attempt holds it), moves the member balances
 * by conditional updates in ascending account order (LedgerInsufficient when one would go below zero) and inserts the
 * transfers. Shared by postOperation (its own transaction) and postOperationIn (the caller's).
 */
async function applyOperation(
  trx: Transaction<Database>,
  dialect: Dialect,
  request: OperationRequest,
  fingerprint: string,
  idOf: (ref: AccountRef) => number,
  memberIds: Set<number>,
  now: number,
): Promise<{ id: number; moved: number } | null> {
  const id = await claimKey(trx, request, fingerprint, "succeeded", now);
  if (id === null) return null;
  const amounts = request.transfers.map((t) => t.amount);
  const delta = new Map<number, number>();
  const add = (account: number, amount: number) => delta.set(account, (delta.get(account) ?? 0) + amount);
  for (const accountId of [...memberIds].sort((a, b) => a - b)) {
    // This account's partial transfers take what it holds, up to their amount, under its row lock.
    for (const [index, transfer] of request.transfers.entries()) {
      if (!isPartial(transfer) || idOf(transfer.from) !== accountId) continue;
      const available = (await lockedBalance(trx, dialect, accountId)) + (delta.get(accountId) ?? 0);
      amounts[index] = Math.max(0, Math.min(transfer.amount, available));
      add(accountId, -(amounts[index] as number));
    }
    for (const [index, transfer] of request.transfers.entries()) {
      if (isPartial(transfer)) continue;
      if (idOf(transfer.from) === accountId) add(accountId, -(amounts[index] as number));
      if (idOf(transfer.to) === accountId) add(accountId, amounts[index] as number);
    }
    const change = delta.get(accountId) ?? 0;
    if (change === 0) continue;
    const updated = await trx
      .updateTable("ledger_accounts")
      .set({ balance: sql<number>`balance + ${change}` })
      .where("id", "=", accountId)
      .where(sql<boolean>`balance + ${change} >= 0`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new LedgerInsufficient();
  }
  const rows = request.transfers
    .map((t, index) => ({
      operation_id: id,
      from_account_id: idOf(t.from),
      to_account_id: idOf(t.to),
      amount: amounts[index] as number,
      created_at: now,
    }))
    .filter((row) => row.amount > 0);
  if (rows.length > 0) await trx.insertInto("ledger_transfers").values(rows).execute();
  return { id, moved: rows.reduce((sum, row) => sum + row.amount, 0) };
}

/**
 * Posts an operation: all its transfers or none. Answers `succeeded`, or `insufficient` when a member account would
 * go below zero (then nothing moved); a retry with the same key answers the same, `replayed: true`.
 */
export async function postOperation(deps: LedgerDeps, request: OperationRequest): Promise<LedgerOperationResult> {
  checkRequest(request);
  const fingerprint = fingerprintOf(request);
  // PostgreSQL posts in one round trip (the account ids are known after their first use); a partial transfer, which
  // must read its source's balance under the lock first, takes the stepwise path below.
  if (deps.dialect === "postgres" && !request.transfers.some(isPartial)) return postInOneStatement(deps, request, fingerprint);
  const earlier = await answerOf(deps.db, request.key, fingerprint);
  if (earlier) return earlier;
  const ids = await accountIdsOf(
    deps,
    request.transfers.flatMap((t) => [t.from, t.to]),
    request.currency,
  );
  const idOf = (ref: AccountRef) => ids.get(refKey(ref)) as number;
  const memberIds = new Set(
    request.transfers
      .flatMap((t) => [t.from, t.to])
      .filter((ref) => "member" in ref)
      .map(idOf),
  );
  const now = deps.clock.now();
  try {
    const posted = await deps.db
      .transaction()
      .execute((trx) => applyOperation(trx, deps.dialect, request, fingerprint, idOf, memberIds, now));
    if (posted !== null) return { operationId: posted.id, kind: request.kind, status: "succeeded", moved: posted.moved, replayed: false };
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    const recorded = await deps.db.transaction().execute((trx) => claimKey(trx, request, fingerprint, "insufficient", now));
    if (recorded !== null) return { operationId: recorded, kind: request.kind, status: "insufficient", moved: 0, replayed: false };
  }
  // Another attempt with this key committed first: its answer is this one's.
  const answer = await answerOf(deps.db, request.key, fingerprint);
  if (!answer) throw new Error(`ledger operation ${request.key} vanished`);
  return answer;
}

/**
 * postOperation on PostgreSQL in one statement: `ledger_post_operation` (migration 0074, ADR 087) claims the key, moves
 * the member balances by conditional updates in ascending account order and inserts the transfers, all in the
 * statement's own transaction; it records `insufficient` when an update finds too little, and answers the earlier
 * attempt when the key is taken (a retry: one round trip too). The same answers as the stepwise path.
 */
async function postInOneStatement(deps: LedgerDeps, request: OperationRequest, fingerprint: string): Promise<LedgerOperationResult> {
  const ids = await accountIdsOf(
    deps,
    request.transfers.flatMap((t) => [t.from, t.to]),
    request.currency,
  );
  const idOf = (ref: AccountRef) => ids.get(refKey(ref)) as number;
  const delta = new Map<number, number>();
  for (const transfer of request.transfers) {
    if ("member" in transfer.from) delta.set(idOf(transfer.from), (delta.get(idOf(transfer.from)) ?? 0) - transfer.amount);
    if ("member" in transfer.to) delta.set(idOf(transfer.to), (delta.get(idOf(transfer.to)) ?? 0) + transfer.amount);
  }
  const accounts = [...delta.keys()].filter((id) => delta.get(id) !== 0).sort((a, b) => a - b);
  const { rows } = await sql<{
    operation_id: number;
    status: LedgerOperationResult["status"];
    fingerprint: string;
    moved: string | number;
    replayed: boolean;
  }>`
    SELECT * FROM ledger_post_operation(
      ${request.key}, ${fingerprint}, ${request.kind}, ${request.actorId}::integer, ${request.reference ?? null}::text,
      ${deps.clock.now()}::bigint, ${accounts}::integer[], ${accounts.map((id) => delta.get(id))}::bigint[],
      ${request.transfers.map((t) => idOf(t.from))}::integer[], ${request.transfers.map((t) => idOf(t.to))}::integer[],
      ${request.transfers.map((t) => t.amount)}::bigint[])`.execute(deps.db);
  const row = rows[0];
  if (!row) throw new Error(`ledger operation ${request.key} vanished`);
  if (row.fingerprint !== fingerprint) throw fail.conflict("exception.ledger.idempotency_key_reused", "key");
  return { operationId: row.operation_id, kind: request.kind, status: row.status, moved: Number(row.moved), replayed: row.replayed };
}

/**
 * Posts an operation inside the caller's transaction (issue 26: a paid order's euros commit with its delivery and its
 * invoice, or not at all). The same writes as postOperation; a retry with the same key answers the first result. A
 * member account that would go below zero throws LedgerInsufficient, and the caller's transaction rolls back.
 */
export async function postOperationIn(
  trx: Transaction<Database>,
  deps: LedgerDeps,
  request: OperationRequest,
): Promise<LedgerOperationResult> {
  checkRequest(request);
  const fingerprint = fingerprintOf(request);
  const earlier = await answerOf(trx, request.key, fingerprint);
  if (earlier) return earlier;
  const refs = request.transfers.flatMap((t) => [t.from, t.to]);
  const ids = await accountIdsOf(deps, refs, request.currency, trx);
  const idOf = (ref: AccountRef) => ids.get(refKey(ref)) as number;
  const memberIds = new Set(refs.filter((ref) => "member" in ref).map(idOf));
  const now = deps.clock.now();
  const posted = await applyOperation(trx, deps.dialect, request, fingerprint, idOf, memberIds, now);
  if (posted !== null) return { operationId: posted.id, kind: request.kind, status: "succeeded", moved: posted.moved, replayed: false };
  const answer = await answerOf(trx, request.key, fingerprint);
  if (!answer) throw new Error(`ledger operation ${request.key} vanished`);
  return answer;
}

/** A member's cached balances in one currency (0 for accounts not opened yet). */
export async function memberBalances(deps: LedgerDeps, memberId: number, currency: LedgerCurrency): Promise<Record<MemberAccount, number>> {
  const rows = await deps.db
    .selectFrom("ledger_accounts")
    .select(["purpose", "balance"])
    .where("user_id", "=", memberId)
    .where("currency", "=", currency)
    .execute();
  const balances: Record<MemberAccount, number> = { wallet: 0, pending: 0, frozen: 0, payout: 0 };
  for (const row of rows) balances[row.purpose as MemberAccount] = Number(row.balance);
  return balances;
}

/** A platform account's balance: the sum of its transfers. */
export async function systemBalance(deps: LedgerDeps, account: SystemAccount, currency: LedgerCurrency): Promise<number> {
  const row = await deps.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("user_id", "is", null)
    .where("purpose", "=", account)
    .where("currency", "=", currency)
    .executeTakeFirst();
  if (!row) return 0;
  const [incoming, outgoing] = await Promise.all([
    deps.db
      .selectFrom("ledger_transfers")
      .select((eb) => eb.fn.sum<number>("amount").as("sum"))
      .where("to_account_id", "=", row.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom("ledger_transfers")
      .select((eb) => eb.fn.sum<number>("amount").as("sum"))
      .where("from_account_id", "=", row.id)
      .executeTakeFirst(),
  ]);
  return Number(incoming?.sum ?? 0) - Number(outgoing?.sum ?? 0);
}

/**
 * Tips (issue 27 item 3, ADR 082): a member gives dollars to an escort or business for a profile, a medium or (the
 * live issue) a live stream. The dollars go from the payer's wallet to the receiver's `pending` account
 * (dollarOperations.tip) and become available after the probation (part F's release job).
 *
 * The monthly limit counts rows, so a tip is one transaction that (1) takes the payer's tips lock
 * (LOCK_SPACES.tips), (2) sums the payer's succeeded tips of the month, (3) reads the payer's wallet balance under
 * its row lock, (4) posts the ledger operation inside the same transaction (postOperationIn) when the balance covers
 * it, and (5) records the attempt in `tips`. So the limit's sum and the ledger never disagree: both commit or
 * neither. An attempt the balance does not cover is recorded as `insufficient` in `tips` only (the ledger is not
 * asked, so nothing is held against the limit), and a retry with the same key answers it again.
 */
import type { Kysely, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { isStaffUserType } from "../../contract/moderation";
import { TIP_ERRORS, tipLedgerKey, type TipAmount, type TipAnswer, type TipReceiver } from "../../contract/tips";
import { USER_TYPE } from "../../contract/users";
import { MONEY_KEY_PATTERN, MONTHLY_TIP_LIMIT, TIP_AMOUNTS, TIP_MIN, type TipTarget } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import {
  findOwner,
  isBlockedBetween,
  isPublishedFor,
  isReachable,
  mayOpenMedium,
  MEDIA_OWNER_COLUMNS,
  mediaAccess,
  mediaOwnerOf,
  viewerContext,
} from "../access/index";
import { dollarOperations, memberBalances, postOperationIn } from "../ledger/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import type { TipsTable } from "./schema";
import { notifyWalletChanged } from "../wallet/index";
import { operatorMonthOf } from "../../contract/calendar";

/** Who may receive tips: the creators (escorts and businesses). */
const RECEIVER_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

/** The calendar month of a moment in the operator's zone ("2026-12"): the monthly limit's period. */
export const tipMonthOf = (at: number): string => operatorMonthOf(at);

export interface TipRequest {
  payer: number;
  target: { kind: TipTarget; id: number };
  /** Whole dollars, at least TIP_MIN (the API's schema checks it too; the live issue calls this directly). */
  amount: number;
  /** The client's idempotency key (contract/wallet MONEY_KEY_PATTERN), without the ledger's `tip:` prefix. */
  key: string;
}

const overLimit = (remaining: number) =>
  new ApiError(409, [errorItem(409, TIP_ERRORS.overLimit, "amount", { remaining, limit: MONTHLY_TIP_LIMIT })]);

async function receiverInfo(db: Kysely<Database>, userId: number): Promise<TipReceiver | null> {
  const row = await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.id", "users.username", "profiles.display_name"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return row ? { user_id: row.id, username: row.username, display_name: row.display_name ?? row.username } : null;
}

/**
 * The member a tip goes to, checked for this payer: the target exists and the payer may see it (listed, no block,
 * a medium at a level the payer has), it is not the payer's own, and its owner is a creator. Unknown, unlisted,
 * paused, deleted, invisible and blocked answer alike (404), as everywhere (access/reach.ts).
 */
async function receiverOf(deps: ApiDeps, payer: number, target: TipRequest["target"]): Promise<TipReceiver> {
  let ownerId: number;
  let ownerType: number;
  if (target.kind === "profile") {
    const owner = await findOwner(deps.db, { id: target.id });
    if (owner && owner.id === payer) throw fail.badRequest(TIP_ERRORS.self, "id");
    if (!owner || !(await isReachable(deps, payer, owner))) throw fail.notFound(TIP_ERRORS.notFound);
    ownerId = owner.id;
    ownerType = owner.user_type;
  } else if (target.kind === "medium") {
    const row = await deps.db
      .selectFrom("media")
      .innerJoin("users", "users.id", "media.user_id")
      .leftJoin("profiles", "profiles.user_id", "media.user_id")
      .select([...MEDIA_OWNER_COLUMNS, "media.id", "media.visibility", "media.status", "media.access", "media.publish_at"])
      .where("media.id", "=", target.id)
      .executeTakeFirst();
    if (row && row.user_id === payer) throw fail.badRequest(TIP_ERRORS.self, "id");
    if (!row) throw fail.notFound(TIP_ERRORS.notFound);
    const owner = mediaOwnerOf(row);
    const viewer = await viewerContext(deps, { id: payer });
    const blocked = await isBlockedBetween(deps, payer, owner.id);
    if (mediaAccess(viewer, owner, row, { blocked, granted: false }) === null) throw fail.notFound(TIP_ERRORS.notFound);
    // Issue 28 (ADR 093): only media the payer may open — published, and a paid or fans-only one bought or subscribed
    // to — the same rule as the gallery and the file route (access/paid-media.ts).
    const paidViewer = { id: payer, isStaff: isStaffUserType(viewer.userType) };
    const now = deps.clock.now();
    if (!isPublishedFor(paidViewer, row, now) || !(await mayOpenMedium(deps.db, paidViewer, row, now)))
      throw fail.notFound(TIP_ERRORS.notFound);
    ownerId = owner.id;
    ownerType = owner.user_type;
  } else {
    // A live stream (issue 31, ADR 126): its creator, while it is on air. Only the live chat calls this, after
    // liveAccess admitted the payer (the one rule of who may watch); the block is checked again here all the same.
    const stream = await deps.db
      .selectFrom("live_streams")
      .innerJoin("users", "users.id", "live_streams.creator_id")
      .select(["users.id", "users.user_type", "users.status"])
      .where("live_streams.id", "=", target.id)
      .where("live_streams.state", "=", "live")
      .executeTakeFirst();
    if (stream && stream.id === payer) throw fail.badRequest(TIP_ERRORS.self, "id");
    if (!stream || stream.status !== "active" || (await isBlockedBetween(deps, payer, stream.id))) throw fail.notFound(TIP_ERRORS.notFound);
    ownerId = stream.id;
    ownerType = stream.user_type;
  }
  if (!RECEIVER_TYPES.includes(ownerType)) throw fail.forbidden(TIP_ERRORS.cannotReceive);
  const info = await receiverInfo(deps.db, ownerId);
  if (!info) throw fail.notFound(TIP_ERRORS.notFound);
  return info;
}

async function assertMayTip(deps: ApiDeps, payer: number): Promise<void> {
  const row = await deps.db.selectFrom("users").select("user_type").where("id", "=", payer).executeTakeFirst();
  if (!row) throw fail.unauthorized();
  if (isStaffUserType(row.user_type)) throw fail.forbidden(TIP_ERRORS.staff);
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < TIP_MIN) throw fail.badRequest(TIP_ERRORS.amount, "amount");
}

/** What the payer tipped (succeeded) in this month. */
async function usedInMonth(db: Kysely<Database>, payer: number, month: string): Promise<number> {
  const row = await db
    .selectFrom("tips")
    .select((eb) => eb.fn.sum<number>("amount").as("sum"))
    .where("payer_id", "=", payer)
    .where("month", "=", month)
    .where("status", "=", "succeeded")
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/**
 * The payer's spendable dollars under the wallet account's row lock (PostgreSQL; SQLite runs one transaction at a
 * time): nothing else can spend them until this transaction ends, so the decision "covered or insufficient" holds
 * when the ledger posts. Read only; the ledger alone writes its tables.
 */
async function lockedWallet(trx: Transaction<Database>, deps: ApiDeps, payer: number): Promise<number> {
  const query = trx
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("user_id", "=", payer)
    .where("purpose", "=", "wallet")
    .where("currency", "=", "dollar");
  const row = await (deps.dialect === "postgres" ? query.forNoKeyUpdate() : query).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

const tipByKey = (db: Kysely<Database>, ledgerKey: string) =>
  db.selectFrom("tips").selectAll().where("idempotency_key", "=", ledgerKey).executeTakeFirst();

type TipRow = Omit<TipsTable, "id"> & { id: number };

/** The answer of a recorded attempt; another payer's key, or the key of another tip, is refused (409). */
async function answerOf(deps: ApiDeps, row: TipRow, request: TipRequest | null, clientKey: string, replayed: boolean): Promise<TipAnswer> {
  const same =
    request === null ||
    (row.payer_id === request.payer &&
      row.target_kind === request.target.kind &&
      row.target_id === request.target.id &&
      row.amount === request.amount);
  if (!same) throw fail.conflict(TIP_ERRORS.keyReused, "key");
  const balances = await memberBalances(deps, row.payer_id, "dollar");
  return {
    status: row.status,
    operation_id: row.operation_id,
    kind: "TRANSFER",
    amount: row.status === "succeeded" ? row.amount : 0,
    balance: balances.wallet,
    replayed,
    key: clientKey,
    receiver: await receiverInfo(deps.db, row.receiver_id),
  };
}

/**
 * Sends a tip: succeeded (the dollars are in the receiver's pending account), insufficient (nothing moved, nothing
 * counted), or refused before anything (400 amount or self, 403 receiver or staff, 404 target, 409 over the monthly
 * limit with what is left, 409 a key reused for another tip). A retry with the key answers the first result.
 */
export async function sendTip(deps: ApiDeps, request: TipRequest): Promise<TipAnswer> {
  if (!MONEY_KEY_PATTERN.test(request.key)) throw fail.badRequest("validation.invalid", "key");
  const ledgerKey = tipLedgerKey(request.key);
  const earlier = await tipByKey(deps.db, ledgerKey);
  if (earlier) return answerOf(deps, earlier, request, request.key, true);
  assertAmount(request.amount);
  await assertMayTip(deps, request.payer);
  const receiver = await receiverOf(deps, request.payer, request.target);
  const now = deps.clock.now();
  const month = tipMonthOf(now);
  const operation = dollarOperations.tip(request.payer, receiver.user_id, request.amount);
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<{ row: TipRow; replayed: boolean; hints: NotificationHints }> => {
      // Tips of one payer run one after the other from here (ADR 058): the sum below is exact when the row is added.
      await lockMembersForLimits(trx, deps.dialect, "tips", [request.payer]);
      const again = await tipByKey(trx, ledgerKey);
      if (again) return { row: again, replayed: true, hints: [] };
      const remaining = Math.max(0, MONTHLY_TIP_LIMIT - (await usedInMonth(trx, request.payer, month)));
      if (request.amount > remaining) throw overLimit(remaining);
      const covered = (await lockedWallet(trx, deps, request.payer)) >= request.amount;
      const posted = covered
        ? await postOperationIn(trx, deps, {
            key: ledgerKey,
            kind: operation.kind,
            currency: "dollar",
            actorId: request.payer,
            reference: `${request.target.kind}:${request.target.id}`,
            transfers: operation.transfers,
          })
        : null;
      const values = {
        idempotency_key: ledgerKey,
        payer_id: request.payer,
        receiver_id: receiver.user_id,
        target_kind: request.target.kind,
        target_id: request.target.id,
        amount: request.amount,
        status: posted?.status === "succeeded" ? ("succeeded" as const) : ("insufficient" as const),
        operation_id: posted?.operationId ?? null,
        month,
        created_at: now,
      };
      const { id } = await trx.insertInto("tips").values(values).returning("id").executeTakeFirstOrThrow();
      const hints =
        values.status === "succeeded"
          ? await notify(deps, trx, {
              userId: receiver.user_id,
              event: "tip_received",
              actorId: request.payer,
              subject: { type: request.target.kind, id: request.target.id },
              params: { amount: String(request.amount) },
              url: "user/dollar",
            })
          : [];
      return { row: { ...values, id }, replayed: false, hints };
    });
  await publishNotificationHints(deps, outcome.hints);
  if (!outcome.replayed && outcome.row.status === "succeeded")
    await Promise.all([notifyWalletChanged(deps, request.payer), notifyWalletChanged(deps, outcome.row.receiver_id)]);
  return answerOf(deps, outcome.row, request, request.key, outcome.replayed);
}

/** GET /wallets/tip/{key}: the viewer's own tip under this key, or "pending" while none is recorded (the script's poll). */
export async function tipStatus(deps: ApiDeps, viewer: number, clientKey: string): Promise<TipAnswer> {
  if (!MONEY_KEY_PATTERN.test(clientKey)) throw fail.badRequest("validation.invalid", "key");
  const row = await tipByKey(deps.db, tipLedgerKey(clientKey));
  // Another member's key reads as no tip at all: it tells nothing about them.
  if (row && row.payer_id === viewer) return answerOf(deps, row, null, clientKey, true);
  const balances = await memberBalances(deps, viewer, "dollar");
  return {
    status: "pending",
    operation_id: null,
    kind: "TRANSFER",
    amount: 0,
    balance: balances.wallet,
    replayed: false,
    key: clientKey,
    receiver: null,
  };
}

/**
 * GET /wallets/tip-amount: the amounts, the viewer's monthly limit and balance; with a target its receiver (checked
 * as a tip checks it), with an amount too the quote: 400 for an invalid amount, 409 over what is left this month.
 */
export async function tipAmount(
  deps: ApiDeps,
  viewer: number,
  query: { target?: "profile" | "medium"; id?: number; amount?: number },
): Promise<TipAmount> {
  await assertMayTip(deps, viewer);
  const used = await usedInMonth(deps.db, viewer, tipMonthOf(deps.clock.now()));
  const remaining = Math.max(0, MONTHLY_TIP_LIMIT - used);
  const balance = (await memberBalances(deps, viewer, "dollar")).wallet;
  const receiver = query.target && query.id !== undefined ? await receiverOf(deps, viewer, { kind: query.target, id: query.id }) : null;
  const amount = query.amount ?? null;
  if (amount !== null) {
    assertAmount(amount);
    if (amount > remaining) throw overLimit(remaining);
  }
  return {
    amounts: [...TIP_AMOUNTS],
    min: TIP_MIN,
    monthly_limit: MONTHLY_TIP_LIMIT,
    used,
    remaining,
    balance,
    receiver,
    amount,
    balance_after: amount !== null && balance >= amount ? balance - amount : null,
  };
}

/**
 * can-tip-media (spec): signed in, not the owner, the medium visible to the viewer and openable by them (a locked paid
 * or fans-only medium is not tipped until bought or subscribed to; a scheduled one not before its publication), its
 * owner a creator who may receive.
 */
export async function canTipMedia(deps: ApiDeps, viewer: number | null, mediumId: number): Promise<boolean> {
  if (viewer === null) return false;
  try {
    await assertMayTip(deps, viewer);
    await receiverOf(deps, viewer, { kind: "medium", id: mediumId });
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

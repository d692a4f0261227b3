/**
 * The ledger in the back office (issue 27 item 7, ADR 087). Staff read any member's ledger; they move a member's
 * dollars only by posting a new operation (a grant, a debit correction, a freeze or its defrost) with a reason, under
 * the form's idempotency key, in one transaction with its audit row. Backend accounts only (ADR 080).
 */
import { requireStaffPermission } from "../access/index";
import type { Kysely, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { type LedgerCurrency, type MemberAccount } from "../../contract/ledger";
import {
  LEDGER_OFFICE_PAGE_SIZE,
  type LedgerOfficeAccount,
  type LedgerOfficeAccountName,
  type LedgerOfficeMember,
  type LedgerOfficeOperation,
  type StaffLedgerAction,
  type StaffLedgerBody,
  type StaffLedgerDone,
} from "../../contract/ledger-office";
import type { Database } from "../../db/schema";
import { recordAudit } from "../audit/index";
import { dollarOperations, LedgerInsufficient, postOperationIn, type DollarOperation } from "../ledger/index";
import { notifyWalletChanged } from "../wallet/index";

type Db = Kysely<Database>;

/** Money is the backend role's alone (ADR 080): the staff matrix's money.manage, refused with 403 like every back-office area (ADR 116). */
export async function requireBackend(deps: Pick<ApiDeps, "db">, staffId: number): Promise<void> {
  await requireStaffPermission(deps, staffId, "money.manage");
}

const memberNotFound = () => new ApiError(404, [errorItem(404, "exception.ledger_office.member_not_found", "member")]);

/** A member by username (any case) or by id, as staff type it; erased members are found by id only. */
async function findMember(db: Db, member: string): Promise<{ id: number; username: string; status: string }> {
  const byId = /^[1-9]\d{0,9}$/.test(member) ? Number(member) : null;
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "status"])
    .where((eb) =>
      byId !== null && byId <= 2_147_483_647
        ? eb.or([eb("username_key", "=", member.toLowerCase()), eb("id", "=", byId)])
        : eb("username_key", "=", member.toLowerCase()),
    )
    .orderBy("id")
    .executeTakeFirst();
  if (!row) throw memberNotFound();
  return row;
}

async function accountsOf(db: Db, memberId: number): Promise<LedgerOfficeAccount[]> {
  const rows = await db
    .selectFrom("ledger_accounts")
    .select(["id", "purpose", "currency", "balance"])
    .where("user_id", "=", memberId)
    .orderBy("currency")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, purpose: row.purpose as MemberAccount, currency: row.currency, balance: Number(row.balance) }));
}

/**
 * A member's ledger, read-only: the accounts with their cached balances, and the operations that touched them (plus
 * the member's own refused ones, which moved nothing), newest first, each with its transfers.
 */
export async function memberLedger(deps: ApiDeps, staffId: number, query: { member: string; page: number }): Promise<LedgerOfficeMember> {
  await requireBackend(deps, staffId);
  const member = await findMember(deps.db, query.member);
  const accounts = await accountsOf(deps.db, member.id);
  const accountIds = accounts.map((a) => a.id);
  // Operations of the member: every one with a transfer of theirs, and their refused ones (no transfer).
  const touched = deps.db
    .selectFrom("ledger_operations")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("actor_user_id", "=", member.id), eb("status", "=", "insufficient")]),
        ...(accountIds.length === 0
          ? []
          : [
              eb(
                "id",
                "in",
                eb
                  .selectFrom("ledger_transfers")
                  .select("operation_id")
                  .where((t) => t.or([t("from_account_id", "in", accountIds), t("to_account_id", "in", accountIds)])),
              ),
            ]),
      ]),
    );
  const [{ n: total }, rows] = await Promise.all([
    deps.db
      .selectFrom(touched.as("touched"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("ledger_operations as o")
      .leftJoin("users as actor", "actor.id", "o.actor_user_id")
      .select(["o.id", "o.kind", "o.status", "o.reference", "o.actor_user_id", "actor.username as actor_name", "o.created_at"])
      .where("o.id", "in", touched)
      .orderBy("o.id", "desc")
      .limit(LEDGER_OFFICE_PAGE_SIZE)
      .offset((query.page - 1) * LEDGER_OFFICE_PAGE_SIZE)
      .execute(),
  ]);
  const transfers =
    rows.length === 0
      ? []
      : await deps.db
          .selectFrom("ledger_transfers as t")
          .innerJoin("ledger_accounts as f", "f.id", "t.from_account_id")
          .innerJoin("ledger_accounts as r", "r.id", "t.to_account_id")
          .leftJoin("users as fu", "fu.id", "f.user_id")
          .leftJoin("users as ru", "ru.id", "r.user_id")
          .select([
            "t.id",
            "t.operation_id",
            "t.amount",
            "f.currency",
            "f.purpose as from_purpose",
            "f.user_id as from_user",
            "fu.username as from_name",
            "r.purpose as to_purpose",
            "r.user_id as to_user",
            "ru.username as to_name",
          ])
          .where(
            "t.operation_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("t.id")
          .execute();
  const side = (purpose: string, userId: number | null, username: string | null): LedgerOfficeAccountName => ({
    purpose,
    userId,
    username,
  });
  const operations: LedgerOfficeOperation[] = rows.map((row) => {
    const own = transfers.filter((t) => t.operation_id === row.id);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      currency: own[0]?.currency ?? "dollar",
      reference: row.reference,
      actorId: row.actor_user_id,
      actorName: row.actor_name ?? null,
      createdAt: Number(row.created_at),
      transfers: own.map((t) => ({
        id: t.id,
        amount: Number(t.amount),
        from: side(t.from_purpose, t.from_user, t.from_name ?? null),
        to: side(t.to_purpose, t.to_user, t.to_name ?? null),
      })),
    };
  });
  return {
    member,
    accounts,
    operations,
    page: query.page,
    pageSize: LEDGER_OFFICE_PAGE_SIZE,
    total: Number(total),
  };
}

/** Each staff action as the ledger's operation (operations.ts decides what moves where). */
const STAFF_OPERATIONS: Record<StaffLedgerAction, (memberId: number, amount: number) => DollarOperation> = {
  grant: (memberId, amount) => dollarOperations.grant(memberId, amount, "GRANT"),
  debit: (memberId, amount) => dollarOperations.correction(memberId, amount),
  freeze: (memberId, amount) => dollarOperations.freeze(memberId, amount),
  defrost: (memberId, amount) => dollarOperations.defrost(memberId, amount),
};

/** The account whose balance an action needs (what is missing is named there). */
const SOURCE_ACCOUNT: Record<StaffLedgerAction, MemberAccount | null> = {
  grant: null,
  debit: "wallet",
  freeze: "wallet",
  defrost: "frozen",
};

const dollarBalancesIn = async (trx: Transaction<Database>, memberId: number) =>
  Object.fromEntries(
    (await accountsOf(trx, memberId)).filter((a) => a.currency === ("dollar" satisfies LedgerCurrency)).map((a) => [a.purpose, a.balance]),
  );

/**
 * One staff action on a member's dollars: a new operation under `ledger-office:<key>` with the staff member as its
 * actor and its audit row (reason, balances before and after) in the same transaction. A retry with the key answers
 * the first result and writes no second audit row. Taking more than the account holds answers 409 at `amount`.
 */
export async function actOnLedger(deps: ApiDeps, staffId: number, body: StaffLedgerBody): Promise<StaffLedgerDone> {
  await requireBackend(deps, staffId);
  const member = await findMember(deps.db, body.member);
  if (member.id === staffId) throw fail.conflict("exception.ledger_office.own_account", "member");
  const operation = STAFF_OPERATIONS[body.action](member.id, body.amount);
  const now = deps.clock.now();
  try {
    const answer = await deps.db.transaction().execute(async (trx) => {
      const before = await dollarBalancesIn(trx, member.id);
      const result = await postOperationIn(trx, deps, {
        key: `ledger-office:${body.key}`,
        currency: "dollar",
        actorId: staffId,
        reference: `user:${member.id}`,
        ...operation,
      });
      if (!result.replayed)
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: `ledger.${body.action}`,
            subjectType: "user",
            subjectId: String(member.id),
            reason: body.reason,
            before,
            after: { ...(await dollarBalancesIn(trx, member.id)), operation: result.operationId, amount: body.amount },
          },
          now,
        );
      return result;
    });
    if (!answer.replayed) await notifyWalletChanged(deps, member.id);
    return { operation: answer, accounts: await accountsOf(deps.db, member.id) };
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    const account = SOURCE_ACCOUNT[body.action] ?? "wallet";
    const held = (await accountsOf(deps.db, member.id)).find((a) => a.currency === "dollar" && a.purpose === account)?.balance ?? 0;
    throw new ApiError(409, [errorItem(409, "exception.ledger_office.insufficient", "amount", { held })]);
  }
}

/**
 * The dollar history (issue 27 item 6, ADR 081): the member's ledger movements, newest first. One line is one
 * operation's net movement on one of the member's accounts (a release from pending to wallet is two lines), so the
 * amounts of a page add up to the change of the balances. Only the member's own accounts are ever read: the accounts
 * are found by the member's id first, and every query is bound to them.
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { DB } from "../../db/index";
import type { MemberAccount, TransactionKind } from "../../contract/ledger";
import {
  berlinMonthRange,
  DOLLAR_HISTORY_PAGE_SIZE,
  recentMonths,
  type DollarHistoryEntry,
  type DollarHistoryPage,
  type DollarHistoryQuery,
} from "../../contract/wallet";

interface MemberAccountRow {
  id: number;
  purpose: MemberAccount;
  balance: number;
}

async function dollarAccountsOf(db: DB, memberId: number): Promise<MemberAccountRow[]> {
  const rows = await db
    .selectFrom("ledger_accounts")
    .select(["id", "purpose", "balance"])
    .where("user_id", "=", memberId)
    .where("currency", "=", "dollar")
    .execute();
  return rows.map((row) => ({ id: row.id, purpose: row.purpose as MemberAccount, balance: Number(row.balance) }));
}

interface Movement {
  operation_id: number;
  account_id: number;
  net: number;
}

/**
 * The net movements per operation and account, newest first; `since` (exclusive) limits them to later operations.
 * Grouped in SQL: an operation may move several times between the same accounts.
 */
function movementsQuery(db: DB, accountIds: number[]) {
  return db
    .selectFrom("ledger_transfers as t")
    .innerJoin("ledger_accounts as a", (join) =>
      join.on((eb) => eb.or([eb("a.id", "=", eb.ref("t.from_account_id")), eb("a.id", "=", eb.ref("t.to_account_id"))])),
    )
    .innerJoin("ledger_operations as o", "o.id", "t.operation_id")
    .where("a.id", "in", accountIds)
    .select([
      "t.operation_id",
      "a.id as account_id",
      sql<number>`sum(case when t.to_account_id = a.id then t.amount else -t.amount end)`.as("net"),
    ])
    .groupBy(["t.operation_id", "a.id"])
    .having(sql<boolean>`sum(case when t.to_account_id = a.id then t.amount else -t.amount end) <> 0`);
}

/** The entries matching the filters (a page of them, or all with `limit` null), each with its balance after. */
async function historyEntries(
  db: DB,
  memberId: number,
  query: Pick<DollarHistoryQuery, "kind" | "month">,
  window: { limit: number; offset: number } | null,
): Promise<DollarHistoryEntry[]> {
  const accounts = await dollarAccountsOf(db, memberId);
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  let rows = db
    .selectFrom("ledger_transfers as t")
    .innerJoin("ledger_accounts as a", (join) =>
      join.on((eb) => eb.or([eb("a.id", "=", eb.ref("t.from_account_id")), eb("a.id", "=", eb.ref("t.to_account_id"))])),
    )
    .innerJoin("ledger_operations as o", "o.id", "t.operation_id")
    .where("a.id", "in", ids)
    .select([
      "o.id as operation_id",
      "o.kind",
      "o.created_at",
      "o.reference",
      "a.id as account_id",
      "a.purpose",
      sql<number>`sum(case when t.to_account_id = a.id then t.amount else -t.amount end)`.as("net"),
    ])
    .groupBy(["o.id", "o.kind", "o.created_at", "o.reference", "a.id", "a.purpose"])
    .having(sql<boolean>`sum(case when t.to_account_id = a.id then t.amount else -t.amount end) <> 0`)
    .orderBy("o.id", "desc")
    .orderBy("a.purpose", "asc");
  if (query.kind) rows = rows.where("o.kind", "=", query.kind);
  if (query.month) {
    const { from, until } = berlinMonthRange(query.month);
    rows = rows.where("o.created_at", ">=", from).where("o.created_at", "<", until);
  }
  if (window) rows = rows.limit(window.limit).offset(window.offset);
  const found = await rows.execute();
  if (found.length === 0) return [];

  // The balance after each line: today's balance minus everything that moved the account later. Later movements are
  // read once for the whole page (all kinds and months: a filter must not change a balance), from its oldest line on.
  const oldest = Math.min(...found.map((row) => Number(row.operation_id)));
  const later: Movement[] = (await movementsQuery(db, ids).where("t.operation_id", ">", oldest).execute()).map((m) => ({
    operation_id: Number(m.operation_id),
    account_id: Number(m.account_id),
    net: Number(m.net),
  }));
  const balanceOf = new Map(accounts.map((a) => [a.id, a.balance]));
  return found.map((row) => {
    const operationId = Number(row.operation_id);
    const accountId = Number(row.account_id);
    const movedSince = later.filter((m) => m.account_id === accountId && m.operation_id > operationId).reduce((sum, m) => sum + m.net, 0);
    return {
      operation_id: operationId,
      at: Number(row.created_at),
      kind: row.kind as TransactionKind,
      amount: Number(row.net),
      account: row.purpose as MemberAccount,
      reference: row.reference,
      balance_after: (balanceOf.get(accountId) ?? 0) - movedSince,
    };
  });
}

/** One page of the member's own history (DOLLAR_HISTORY_PAGE_SIZE lines). */
export async function dollarHistory(deps: ApiDeps, memberId: number, query: DollarHistoryQuery): Promise<DollarHistoryPage> {
  const page = query.page;
  const size = DOLLAR_HISTORY_PAGE_SIZE;
  // One more than the page holds tells whether another page follows, without counting.
  const entries = await historyEntries(deps.db, memberId, query, { limit: size + 1, offset: (page - 1) * size });
  return {
    entries: entries.slice(0, size),
    page,
    page_size: size,
    has_next: entries.length > size,
    filters: { kind: query.kind ?? null, month: query.month ?? null },
    months: recentMonths(deps.clock.now()),
  };
}

/**
 * The CSV's separator per language (ADR 081): Excel splits a CSV by the list separator of the system's region, which
 * is ";" where the decimal separator is a comma (de, es, pl) and "," in English.
 */
export function csvSeparatorFor(language: string): ";" | "," {
  return language === "en" ? "," : ";";
}

/** A cell as RFC 4180 wants it, and never a formula when a spreadsheet opens it (a reference is free text). */
function csvCell(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV's columns, stable names for spreadsheets and scripts (not translated: a header is a key, not a text). */
export const HISTORY_CSV_COLUMNS = ["date", "operation_id", "kind", "amount", "account", "balance_after", "reference"] as const;

/** The whole history under the filters as CSV: UTF-8 with a byte order mark (Excel reads it as UTF-8 then), CRLF. */
export async function dollarHistoryCsv(
  deps: ApiDeps,
  memberId: number,
  query: Pick<DollarHistoryQuery, "kind" | "month">,
  language: string,
): Promise<{ body: string; fileName: string }> {
  const entries = await historyEntries(deps.db, memberId, query, null);
  const separator = csvSeparatorFor(language);
  const lines = [HISTORY_CSV_COLUMNS.join(separator)];
  for (const entry of entries) {
    const cells = [
      berlinTimestamp(entry.at),
      String(entry.operation_id),
      entry.kind,
      String(entry.amount),
      entry.account,
      String(entry.balance_after),
      entry.reference ?? "",
    ];
    lines.push(cells.map((cell) => csvCell(cell, separator)).join(separator));
  }
  const fileName = `dollar-history-${query.month ?? "all"}${query.kind ? `-${query.kind.toLowerCase()}` : ""}.csv`;
  return { body: `\uFEFF${lines.join("\r\n")}\r\n`, fileName };
}

const berlinTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-12-06 05:12:03" in Europe/Berlin: sortable, and every spreadsheet reads it as a date. */
function berlinTimestamp(at: number): string {
  return berlinTime.format(at);
}

/** The member's whole dollar history as user/dollar shows it, for the data export (ADR 059: the member's own view). */
export async function dollarHistoryForExport(db: DB, memberId: number): Promise<DollarHistoryEntry[]> {
  return await historyEntries(db, memberId, {}, null);
}

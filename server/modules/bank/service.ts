/**
 * The bank's rules (issue 26 item 3, ADR 079): direct-debit mandates, pre-notifications and collection files;
 * statements imported and matched to bank-transfer orders; returned debits turned into chargebacks; transfers the
 * platform owes, exported as pain.001. Money reaches the product only through payments' settlePaymentEvent, with the
 * provider "sepa" (one transaction id per collection) or "transfer" (one per statement line), so a file built again
 * or a statement imported twice changes nothing.
 */
import { requireStaffPermission } from "../access/index";
import { randomBytes } from "node:crypto";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BANK_ERRORS, checkBic, checkHolder, checkIban, type BankFileSummary } from "../../contract/bank";
import { creditorReferencesIn, unseal } from "../../integrations/payments/bank-seal";
import { SEPA_PROVIDER, TRANSFER_PROVIDER, type SealedDebit } from "../../integrations/payments/bank-providers";
import type { PaymentEvent } from "../../integrations/payments/port";
import { recordAudit } from "../audit/index";
import { settlePaymentEvent } from "../payments/index";
import { parseStatement, type StatementLine } from "./camt";
import { bankDayAfter, dayOf, isBankDay } from "./days";
import { prenotificationMail } from "./mails";
import { buildPain001, buildPain008 } from "./sepa-files";
import type { Database } from "../../db/schema";
import type { Kysely } from "kysely";

export interface StatementImportResult {
  /** Lines matched exactly to an open order and settled (overpaid ones included). */
  matched: number;
  /** Lines matched to an order with less than it still owes (recorded; the rest stays open, listed). */
  partial: number;
  /** Lines no order could be found for: the back office's manual list. */
  unmatched: number;
  /** R-transactions (returned direct debits) turned into chargebacks. */
  returned: number;
  /** Credit transfers of ours (payouts) the payee's bank sent back, booked back by the transfer-return hooks. */
  payouts_returned: number;
  /** Lines seen in an earlier import (same bank reference): skipped. */
  duplicates: number;
}

export interface UnmatchedBankLine {
  id: number;
  booked_at: number;
  amount_cents: number;
  debtor_name: string | null;
  remittance: string | null;
  bank_reference: string;
}

/** A matched line the back office should still look at: a part payment (the order waits for the rest) or too much paid. */
export interface ListedBankLine extends UnmatchedBankLine {
  status: "partial" | "overpaid";
  order_ref: string | null;
  /** What the order still owes (partial) or what was paid beyond it (overpaid), in cents. */
  difference_cents: number;
}

export const BANK_LINES_PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** The money actions of the bank are for backend accounts only (issue 26 item 7), read fresh from the database. */
export async function requireBackend(deps: ApiDeps, staffId: number): Promise<void> {
  await requireStaffPermission(deps, staffId, "money.manage");
}

async function settle(deps: ApiDeps, event: PaymentEvent): Promise<boolean> {
  try {
    return (await settlePaymentEvent(deps, event)).applied;
  } catch (err) {
    // The line or collection stays recorded; the back office sees it and settles it again by assigning.
    deps.log.error({ err, provider: event.provider, txn: event.providerTxnId }, "bank: settlement failed");
    return false;
  }
}

// --- Statements ---------------------------------------------------------------------------------------------------

/** A statement line that brought back a transfer the platform sent, as a transfer-return hook sees it. */
export interface ReturnedTransferLine extends StatementLine {
  /** The bank_lines row: the hook marks it with `markBankLineReturned` in the transaction that books the return. */
  lineId: number;
  /** Who imported the statement (the audit's actor). */
  staffId: number;
}

/**
 * A module that sends money by credit transfer books what comes back: answers true when the line was its transfer
 * and is booked (the line marked in the same transaction), false to leave it to the next hook or the manual list.
 */
export type TransferReturnHook = (deps: ApiDeps, line: ReturnedTransferLine) => Promise<boolean>;

const transferReturnHooks: TransferReturnHook[] = [];

/** Registers a transfer-return hook (once, from the module's index.ts; payouts do: ADR 091). */
export function onTransferReturn(hook: TransferReturnHook): void {
  transferReturnHooks.push(hook);
}

/**
 * Marks a statement line as a booked return, inside the booking's transaction; false when the line was taken
 * already (by another import's run or by hand), so the caller rolls its booking back.
 */
export async function markBankLineReturned(trx: Kysely<Database>, lineId: number, now: number): Promise<boolean> {
  const taken = await trx
    .updateTable("bank_lines")
    .set({ status: "returned", updated_at: now })
    .where("id", "=", lineId)
    .where("status", "=", "unmatched")
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

async function applyTransferReturn(deps: ApiDeps, line: ReturnedTransferLine): Promise<boolean> {
  for (const hook of transferReturnHooks) {
    try {
      if (await hook(deps, line)) return true;
    } catch (err) {
      // The line stays in the manual list; staff book it by hand.
      deps.log.error({ err, bankReference: line.bankReference }, "bank: a returned transfer could not be booked");
      return false;
    }
  }
  return false;
}

interface OpenOrder {
  id: number;
  public_id: string;
  gross_cents: number;
  status: string;
}

/** The open order a credit names: by its TR creditor reference, else by the order's id written in the text. */
async function orderForCredit(deps: ApiDeps, remittance: string | null): Promise<OpenOrder | null> {
  const references = creditorReferencesIn(remittance);
  if (references.length > 0) {
    const byReference = await deps.db
      .selectFrom("orders")
      .select(["id", "public_id", "gross_cents", "status"])
      .where("provider", "=", TRANSFER_PROVIDER)
      .where("provider_reference", "in", references)
      .orderBy("id")
      .executeTakeFirst();
    if (byReference) return byReference;
  }
  const words = [...new Set((remittance ?? "").split(/[^A-Za-z0-9_-]+/).filter((w) => w.length >= 8 && w.length <= 64))].slice(0, 20);
  if (words.length === 0) return null;
  return (
    (await deps.db
      .selectFrom("orders")
      .select(["id", "public_id", "gross_cents", "status"])
      .where("public_id", "in", words)
      .where("method", "=", "TR")
      .orderBy("id")
      .executeTakeFirst()) ?? null
  );
}

/** What the order's earlier part payments brought. */
async function receivedBefore(deps: ApiDeps, orderId: number, lineId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("bank_lines")
    .select((eb) => eb.fn.sum<number>("amount_cents").as("total"))
    .where("order_id", "=", orderId)
    .where("status", "=", "partial")
    .where("id", "<>", lineId)
    .executeTakeFirst();
  return num(row?.total);
}

/** Applies a credit line to an order that is waiting for a transfer; answers the line's new status. */
async function applyCredit(
  deps: ApiDeps,
  lineId: number,
  line: Pick<StatementLine, "bankReference" | "amountCents" | "debtorIban">,
  order: OpenOrder,
) {
  const now = deps.clock.now();
  if (order.status !== "paying" && order.status !== "open") {
    // Paid already (a second transfer), or given up: money we hold that needs a person.
    const status = order.status === "paid" ? "overpaid" : "unmatched";
    await deps.db
      .updateTable("bank_lines")
      .set({ status, order_id: status === "overpaid" ? order.id : null, updated_at: now })
      .where("id", "=", lineId)
      .execute();
    return status;
  }
  const received = (await receivedBefore(deps, order.id, lineId)) + line.amountCents;
  const gross = num(order.gross_cents);
  if (received < gross) {
    await deps.db
      .updateTable("bank_lines")
      .set({ status: "partial", order_id: order.id, updated_at: now })
      .where("id", "=", lineId)
      .execute();
    return "partial";
  }
  const status = received === gross ? "matched" : "overpaid";
  await deps.db.updateTable("bank_lines").set({ status, order_id: order.id, updated_at: now }).where("id", "=", lineId).execute();
  // The earlier parts are now part of a complete payment.
  await deps.db
    .updateTable("bank_lines")
    .set({ status: "matched", updated_at: now })
    .where("order_id", "=", order.id)
    .where("status", "=", "partial")
    .execute();
  await settle(deps, {
    provider: TRANSFER_PROVIDER,
    providerTxnId: `camt:${line.bankReference}`,
    orderRef: order.public_id,
    outcome: "success",
    amountCents: gross,
    method: "TR",
    paymentCountry: line.debtorIban ? line.debtorIban.slice(0, 2) : null,
  });
  return status;
}

/** A returned direct debit: its collection is charged back (the order's good is taken back by payments). */
async function applyReturn(deps: ApiDeps, lineId: number, line: StatementLine): Promise<boolean> {
  let query = deps.db
    .selectFrom("sepa_collections")
    .innerJoin("orders", "orders.id", "sepa_collections.order_id")
    .innerJoin("sepa_mandates", "sepa_mandates.id", "sepa_collections.mandate_id")
    .select([
      "sepa_collections.id",
      "sepa_collections.end_to_end_id",
      "sepa_collections.amount_cents",
      "orders.public_id",
      "orders.id as order_id",
    ])
    .where("sepa_collections.status", "in", ["submitted", "returned"]);
  if (line.endToEndId) query = query.where("sepa_collections.end_to_end_id", "=", line.endToEndId);
  else if (line.mandateId)
    query = query.where("sepa_mandates.reference", "=", line.mandateId).where("sepa_collections.amount_cents", "=", line.amountCents);
  else return false;
  const collection = await query.orderBy("sepa_collections.id", "desc").executeTakeFirst();
  if (!collection) return false;
  const now = deps.clock.now();
  await deps.db
    .updateTable("sepa_collections")
    .set({ status: "returned", return_reason: line.returnReason, updated_at: now })
    .where("id", "=", collection.id)
    .execute();
  await deps.db
    .updateTable("bank_lines")
    .set({ status: "returned", order_id: collection.order_id, updated_at: now })
    .where("id", "=", lineId)
    .execute();
  await settle(deps, {
    provider: SEPA_PROVIDER,
    providerTxnId: collection.end_to_end_id,
    orderRef: collection.public_id,
    outcome: "chargeback",
    amountCents: num(collection.amount_cents),
    method: "DD",
    raw: { return_reason: line.returnReason, bank_reference: line.bankReference },
  });
  return true;
}

/**
 * Imports a camt.053 or camt.054 file (XML text) for the back office; `staffId` is kept with each line. The import is
 * two steps (ADR 088): the lines and the audit row commit in one transaction, then each new line is matched and
 * settled in its own (settlement has its transaction). A matching that fails leaves its line in the manual list.
 */
export async function importBankStatement(deps: ApiDeps, xml: string, staffId: number): Promise<StatementImportResult> {
  const parsed = parseStatement(xml);
  const result: StatementImportResult = { matched: 0, partial: 0, unmatched: 0, returned: 0, payouts_returned: 0, duplicates: 0 };
  const now = deps.clock.now();
  const recorded = await deps.db.transaction().execute(async (trx) => {
    const fresh: Array<{ id: number; line: StatementLine }> = [];
    for (const line of parsed.lines) {
      const inserted = await trx
        .insertInto("bank_lines")
        .values({
          bank_reference: line.bankReference,
          statement_id: parsed.messageId.slice(0, 120),
          kind: line.kind,
          booked_at: line.bookedAt,
          amount_cents: line.amountCents,
          debtor_name: line.debtorName,
          debtor_iban: line.debtorIban,
          remittance: line.remittance,
          end_to_end_id: line.endToEndId,
          return_reason: line.returnReason,
          status: "unmatched",
          order_id: null,
          imported_by: staffId,
          assigned_by: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("bank_reference").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) fresh.push({ id: inserted.id, line });
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "bank.import",
        subjectType: "bank_statement",
        subjectId: parsed.messageId.slice(0, 120),
        reason: null,
        before: null,
        after: { kind: parsed.kind, lines: fresh.length, duplicates: parsed.lines.length - fresh.length },
      },
      now,
    );
    return fresh;
  });
  result.duplicates = parsed.lines.length - recorded.length;
  for (const { id, line } of recorded) {
    if (line.kind === "return") {
      if (await applyReturn(deps, id, line)) result.returned += 1;
      else result.unmatched += 1;
      continue;
    }
    if (line.kind === "transfer_return") {
      // Never matched to an order as a payment: a transfer of ours coming back is booked by its sender, or by hand.
      if (await applyTransferReturn(deps, { ...line, lineId: id, staffId })) result.payouts_returned += 1;
      else result.unmatched += 1;
      continue;
    }
    const order = await orderForCredit(deps, line.remittance);
    if (!order) {
      result.unmatched += 1;
      continue;
    }
    const status = await applyCredit(deps, id, line, order);
    if (status === "partial") result.partial += 1;
    else if (status === "unmatched") result.unmatched += 1;
    else result.matched += 1;
  }
  return result;
}

const lineColumns = ["id", "booked_at", "amount_cents", "debtor_name", "remittance", "bank_reference"] as const;

/** Everything the statements brought for an order. */
async function paidToOrder(deps: ApiDeps, orderId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("bank_lines")
    .select((eb) => eb.fn.sum<number>("amount_cents").as("total"))
    .where("order_id", "=", orderId)
    .where("status", "in", ["partial", "matched", "overpaid", "assigned"])
    .where("kind", "=", "credit")
    .executeTakeFirst();
  return num(row?.total);
}

/** The incoming lines no order matched, oldest first, for the back office to assign or return. */
export async function unmatchedBankLines(deps: ApiDeps, page: number): Promise<UnmatchedBankLine[]> {
  const rows = await deps.db
    .selectFrom("bank_lines")
    .select([...lineColumns])
    .where("status", "=", "unmatched")
    .orderBy("booked_at")
    .orderBy("id")
    .limit(BANK_LINES_PAGE_SIZE)
    .offset(Math.max(0, page - 1) * BANK_LINES_PAGE_SIZE)
    .execute();
  return rows.map((row) => ({ ...row, booked_at: num(row.booked_at), amount_cents: num(row.amount_cents) }));
}

/** Part payments whose order still waits for the rest, and payments beyond what was owed, oldest first. */
export async function listedBankLines(deps: ApiDeps, page: number): Promise<ListedBankLine[]> {
  const rows = await deps.db
    .selectFrom("bank_lines")
    .leftJoin("orders", "orders.id", "bank_lines.order_id")
    .select([
      "bank_lines.id",
      "bank_lines.booked_at",
      "bank_lines.amount_cents",
      "bank_lines.debtor_name",
      "bank_lines.remittance",
      "bank_lines.bank_reference",
      "bank_lines.status",
      "bank_lines.order_id",
      "orders.public_id",
      "orders.gross_cents",
    ])
    .where("bank_lines.status", "in", ["partial", "overpaid"])
    .orderBy("bank_lines.booked_at")
    .orderBy("bank_lines.id")
    .limit(BANK_LINES_PAGE_SIZE)
    .offset(Math.max(0, page - 1) * BANK_LINES_PAGE_SIZE)
    .execute();
  const out: ListedBankLine[] = [];
  for (const row of rows) {
    const gross = num(row.gross_cents);
    const paid = row.order_id === null ? 0 : await paidToOrder(deps, row.order_id);
    out.push({
      id: row.id,
      booked_at: num(row.booked_at),
      amount_cents: num(row.amount_cents),
      debtor_name: row.debtor_name,
      remittance: row.remittance,
      bank_reference: row.bank_reference,
      status: row.status as ListedBankLine["status"],
      order_ref: row.public_id ?? null,
      difference_cents: row.status === "partial" ? gross - paid : paid - gross,
    });
  }
  return out;
}

/** Assigns an unmatched credit to an order by hand (back office), settling what it pays. */
export async function assignBankLine(deps: ApiDeps, lineId: number, orderRef: string, staffId: number): Promise<void> {
  await requireBackend(deps, staffId);
  const line = await deps.db.selectFrom("bank_lines").selectAll().where("id", "=", lineId).executeTakeFirst();
  if (!line || line.status !== "unmatched" || line.kind !== "credit") throw fail.notFound(BANK_ERRORS.lineNotFound);
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "public_id", "gross_cents", "status"])
    .where("public_id", "=", orderRef.trim())
    .executeTakeFirst();
  if (!order) throw new ApiError(404, [errorItem(404, BANK_ERRORS.orderNotFound, "order_ref")]);
  // Taken by this call only: a second staff member assigning the same line at once finds it assigned. The assignment
  // and its audit row commit together (ADR 088); the settlement that follows has its own transaction.
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("bank_lines")
      .set({ status: "assigned", assigned_by: staffId, order_id: order.id, updated_at: now })
      .where("id", "=", lineId)
      .where("status", "=", "unmatched")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw fail.notFound(BANK_ERRORS.lineNotFound);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "bank.assign",
        subjectType: "bank_line",
        subjectId: String(lineId),
        reason: null,
        before: { status: "unmatched" },
        after: { order_ref: order.public_id },
      },
      now,
    );
  });
  const status = await applyCredit(
    deps,
    lineId,
    { bankReference: line.bank_reference, amountCents: num(line.amount_cents), debtorIban: line.debtor_iban },
    order,
  );
  // applyCredit answers "unmatched" for an order that was given up: the assignment stands, recorded by hand.
  if (status === "unmatched") {
    await deps.db.updateTable("bank_lines").set({ status: "assigned", order_id: order.id }).where("id", "=", lineId).execute();
  }
}

// --- Direct debits ------------------------------------------------------------------------------------------------

function endToEndId(orderId: number): string {
  return `VLR-DD-${orderId}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

/**
 * Turns the direct-debit orders waiting for collection into mandates and scheduled collections, and sends each
 * member the pre-notification. Idempotent (one collection per order); run by the maintenance pass and before a file.
 */
export async function prepareDirectDebits(deps: ApiDeps): Promise<number> {
  const bank = deps.config.bank;
  const waiting = await deps.db
    .selectFrom("orders")
    .leftJoin("sepa_collections", "sepa_collections.order_id", "orders.id")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.public_id",
      "orders.user_id",
      "orders.gross_cents",
      "orders.provider_reference",
      "orders.language",
      "orders.customer",
      "users.username",
      "users.email",
    ])
    .where("orders.provider", "=", SEPA_PROVIDER)
    .where("orders.status", "=", "paying")
    .where("sepa_collections.id", "is", null)
    .orderBy("orders.id")
    .limit(500)
    .execute();
  let scheduled = 0;
  for (const order of waiting) {
    const debit = unseal<SealedDebit>(deps.config.appSecret, order.provider_reference);
    if (!debit || debit.kind !== "debit" || debit.orderRef !== order.public_id) {
      deps.log.warn({ order: order.public_id }, "bank: a direct-debit order without a readable mandate");
      continue;
    }
    const now = deps.clock.now();
    let mandate: { id: number; reference: string; iban: string; holder: string; first_collected_at: number | null } | undefined;
    if (debit.iban && debit.holder && debit.mandateReference) {
      await deps.db
        .insertInto("sepa_mandates")
        .values({
          user_id: order.user_id,
          reference: debit.mandateReference,
          iban: debit.iban,
          bic: debit.bic ?? null,
          holder: debit.holder,
          creditor_id: bank.creditorId,
          signed_at: debit.signedAt ?? now,
          status: "active",
          first_collected_at: null,
          created_at: now,
        })
        .onConflict((oc) => oc.column("reference").doNothing())
        .execute();
    }
    if (debit.mandateReference) {
      mandate = await deps.db
        .selectFrom("sepa_mandates")
        .select(["id", "reference", "iban", "holder", "first_collected_at"])
        .where("reference", "=", debit.mandateReference)
        .where("user_id", "=", order.user_id)
        .where("status", "=", "active")
        .executeTakeFirst();
    }
    if (!mandate) {
      deps.log.warn({ order: order.public_id }, "bank: no active mandate for a direct-debit order");
      continue;
    }
    const dueDate = bankDayAfter(dayOf(now), bank.prenotificationDays);
    const inserted = await deps.db
      .insertInto("sepa_collections")
      .values({
        order_id: order.id,
        mandate_id: mandate.id,
        amount_cents: num(order.gross_cents),
        due_date: dueDate,
        sequence_type: mandate.first_collected_at === null ? "FRST" : "RCUR",
        end_to_end_id: endToEndId(order.id),
        status: "scheduled",
        prenotified_at: null,
        file_id: null,
        return_reason: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("order_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) continue;
    const customer = parseCustomerEmail(order.customer);
    await deps.mailer.send(
      prenotificationMail({
        to: customer ?? order.email,
        username: order.username,
        language: order.language,
        amountCents: num(order.gross_cents),
        dueDate,
        mandateReference: mandate.reference,
        creditorId: bank.creditorId,
        creditorName: bank.creditorName,
        iban: mandate.iban,
        holder: mandate.holder,
        reference: order.public_id,
      }),
    );
    await deps.db.updateTable("sepa_collections").set({ prenotified_at: now, updated_at: now }).where("id", "=", inserted.id).execute();
    scheduled += 1;
  }
  return scheduled;
}

function parseCustomerEmail(customer: string | null): string | null {
  if (!customer) return null;
  try {
    const email = (JSON.parse(customer) as { email?: unknown }).email;
    return typeof email === "string" && email.includes("@") ? email : null;
  } catch {
    return null;
  }
}

/** Settles the collections that went out in a file whose order still waits (after a crash between the two). */
export async function settleSubmittedCollections(deps: ApiDeps): Promise<number> {
  const rows = await deps.db
    .selectFrom("sepa_collections")
    .innerJoin("orders", "orders.id", "sepa_collections.order_id")
    .innerJoin("sepa_mandates", "sepa_mandates.id", "sepa_collections.mandate_id")
    .select([
      "sepa_collections.end_to_end_id",
      "sepa_collections.amount_cents",
      "orders.public_id",
      "sepa_mandates.iban",
      "sepa_mandates.reference",
    ])
    .where("sepa_collections.status", "=", "submitted")
    .where("orders.status", "=", "paying")
    .execute();
  let settled = 0;
  for (const row of rows) {
    const applied = await settle(deps, {
      provider: SEPA_PROVIDER,
      providerTxnId: row.end_to_end_id,
      orderRef: row.public_id,
      outcome: "success",
      amountCents: num(row.amount_cents),
      method: "DD",
      paymentCountry: row.iban.slice(0, 2),
      // The member's mandate pays their renewals: the DD provider's charge() takes its reference as the token.
      rebillToken: row.reference,
    });
    if (applied) settled += 1;
  }
  return settled;
}

function messageId(kind: "DD" | "CT", day: string): string {
  return `VLR-${kind}-${day.replace(/-/g, "")}-${randomBytes(5).toString("hex").toUpperCase()}`;
}

function summary(row: {
  id: number;
  kind: "pain.008" | "pain.001";
  format: string;
  message_id: string;
  due_date: string;
  transactions: number;
  control_sum_cents: number | string;
  created_at: number | string;
}): BankFileSummary {
  return { ...row, transactions: num(row.transactions), control_sum_cents: num(row.control_sum_cents), created_at: num(row.created_at) };
}

/** The audit row of a built file, written in the file's transaction: no file without its row, no row without it. */
function fileAudit(staffId: number, action: "bank.collections" | "bank.transfers", row: Parameters<typeof summary>[0]) {
  const file = summary(row);
  return { actorId: staffId, action, subjectType: "bank_file", subjectId: String(file.id), reason: null, before: null, after: file };
}

/**
 * Builds the pain.008 file for a collection day (default: the next bank day; CORE debits reach the bank a day
 * ahead) from every scheduled collection due by then whose pre-notification is old enough. Putting a collection
 * into the file settles its order: access is granted when the debit is submitted (ADR 079); a return later charges
 * it back.
 */
export async function buildCollectionFile(deps: ApiDeps, staffId: number, requestedDay?: string): Promise<BankFileSummary> {
  await requireBackend(deps, staffId);
  const bank = deps.config.bank;
  await prepareDirectDebits(deps);
  await settleSubmittedCollections(deps);
  const now = deps.clock.now();
  const earliest = bankDayAfter(dayOf(now), 1);
  const day = requestedDay ?? earliest;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || day < earliest || !isBankDay(day))
    throw fail.badRequest("validation.bank.collection_day", "due_date");
  const due = await deps.db
    .selectFrom("sepa_collections")
    .innerJoin("sepa_mandates", "sepa_mandates.id", "sepa_collections.mandate_id")
    .innerJoin("orders", "orders.id", "sepa_collections.order_id")
    .select([
      "sepa_collections.id",
      "sepa_collections.amount_cents",
      "sepa_collections.end_to_end_id",
      "sepa_collections.sequence_type",
      "sepa_collections.prenotified_at",
      "sepa_mandates.id as mandate_id",
      "sepa_mandates.reference",
      "sepa_mandates.signed_at",
      "sepa_mandates.iban",
      "sepa_mandates.bic",
      "sepa_mandates.holder",
      "orders.public_id",
    ])
    .where("sepa_collections.status", "=", "scheduled")
    .where("sepa_collections.due_date", "<=", day)
    .where("orders.status", "=", "paying")
    .orderBy("sepa_collections.id")
    .execute();
  // The member was told at least prenotificationDays ahead of this day.
  const ready = due.filter((c) => c.prenotified_at !== null && dayOf(num(c.prenotified_at) + bank.prenotificationDays * DAY_MS) <= day);
  if (ready.length === 0) throw fail.conflict(BANK_ERRORS.nothingToCollect);
  const id = messageId("DD", day);
  const xml = buildPain008(
    bank,
    { messageId: id, createdAt: now, dueDate: day },
    ready.map((c) => ({
      endToEndId: c.end_to_end_id,
      amountCents: num(c.amount_cents),
      mandateReference: c.reference,
      mandateSignedAt: num(c.signed_at),
      sequenceType: c.sequence_type,
      debtorName: c.holder,
      debtorIban: c.iban,
      debtorBic: c.bic,
      remittance: `${bank.creditorName} ${c.public_id}`,
    })),
  );
  const controlSum = ready.reduce((sum, c) => sum + num(c.amount_cents), 0);
  const file = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bank_files")
      .values({
        kind: "pain.008",
        format: bank.pain008Format,
        message_id: id,
        due_date: day,
        transactions: ready.length,
        control_sum_cents: controlSum,
        xml,
        created_by: staffId,
        created_at: now,
      })
      .returning(["id", "kind", "format", "message_id", "due_date", "transactions", "control_sum_cents", "created_at"])
      .executeTakeFirstOrThrow();
    const taken = await trx
      .updateTable("sepa_collections")
      .set({ status: "submitted", file_id: row.id, due_date: day, updated_at: now })
      .where(
        "id",
        "in",
        ready.map((c) => c.id),
      )
      .where("status", "=", "scheduled")
      .executeTakeFirst();
    // Another file took some of them at the same moment: this one is rolled back whole.
    if (Number(taken.numUpdatedRows) !== ready.length) throw fail.conflict(BANK_ERRORS.nothingToCollect);
    await trx
      .updateTable("sepa_mandates")
      .set({ first_collected_at: now })
      .where(
        "id",
        "in",
        ready.map((c) => c.mandate_id),
      )
      .where("first_collected_at", "is", null)
      .execute();
    await recordAudit(trx, fileAudit(staffId, "bank.collections", row), now);
    return row;
  });
  await settleSubmittedCollections(deps);
  return summary(file);
}

// --- Transfers out (pain.001) -------------------------------------------------------------------------------------

export interface TransferRefundRequest {
  orderId: number;
  iban: string;
  holder: string;
  bic?: string | null;
  amountCents: number;
  reason: string;
  /** The staff member who records it, or null when the member gave the account themselves. */
  staffId: number | null;
}

/**
 * Records a refund the law requires to be paid by transfer (cash to code: the provider refunds nothing) to the
 * account the member gives; exported with the next pain.001 file. Bad account data is a 400 at its field.
 */
export async function requestTransferRefund(deps: ApiDeps, request: TransferRefundRequest): Promise<{ transferId: number }> {
  const errors = [];
  const iban = checkIban(request.iban);
  if (!iban.ok) errors.push(errorItem(400, iban.error, "iban"));
  else if (!iban.sepa) errors.push(errorItem(400, BANK_ERRORS.ibanCountry, "iban"));
  const holder = checkHolder(request.holder);
  if (!holder.ok) errors.push(errorItem(400, holder.error, "holder"));
  let bic: string | null = null;
  if (request.bic) {
    const checked = checkBic(request.bic, iban.ok ? iban.country : null);
    if (!checked.ok) errors.push(errorItem(400, checked.error, "bic"));
    else bic = checked.bic;
  }
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    errors.push(errorItem(400, "validation.invalid", "amount_cents"));
  if (errors.length > 0 || !iban.ok || !holder.ok) throw new ApiError(400, errors);
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "user_id", "public_id"])
    .where("id", "=", request.orderId)
    .executeTakeFirst();
  if (!order) throw fail.notFound(BANK_ERRORS.orderNotFound);
  const now = deps.clock.now();
  return await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bank_transfers")
      .values({
        order_id: order.id,
        user_id: order.user_id,
        iban: iban.iban,
        bic,
        holder: holder.holder,
        amount_cents: request.amountCents,
        remittance: `${deps.config.bank.creditorName} ${order.public_id}`,
        reason: request.reason.slice(0, 500),
        end_to_end_id: `VLR-RF-${order.id}-${randomBytes(4).toString("hex").toUpperCase()}`,
        status: "requested",
        file_id: null,
        created_by: request.staffId,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The account's holder and number stay in bank_transfers (which the erasure rules cover); the append-only trail
    // keeps only what identifies the refund.
    const after = { order: order.public_id, amount_cents: request.amountCents, iban_last4: iban.iban.slice(-4), status: "requested" };
    const audit = { actorId: request.staffId, action: "bank.refund_transfer", subjectType: "bank_transfer", subjectId: String(row.id) };
    await recordAudit(trx, { ...audit, reason: request.reason.slice(0, 500), before: null, after }, now);
    return { transferId: row.id };
  });
}

/**
 * Refunds payments recorded for direct debits and bank transfers go back by transfer to the account the money came
 * from (the mandate's; the matched statement line's): one transfer per refund transaction, idempotent.
 */
export async function queueRefundTransfers(deps: ApiDeps): Promise<number> {
  const refunds = await deps.db
    .selectFrom("payment_transactions")
    .innerJoin("orders", "orders.id", "payment_transactions.order_id")
    .select([
      "payment_transactions.id",
      "payment_transactions.provider",
      "payment_transactions.amount_cents",
      "orders.id as order_id",
      "orders.user_id",
      "orders.public_id",
    ])
    .where("payment_transactions.outcome", "=", "refund")
    .where("payment_transactions.provider", "in", [SEPA_PROVIDER, TRANSFER_PROVIDER])
    .execute();
  let queued = 0;
  for (const refund of refunds) {
    const e2e = `VLR-RT-${refund.id}`;
    let account: { iban: string | null; holder: string | null } | undefined;
    if (refund.provider === SEPA_PROVIDER) {
      account = await deps.db
        .selectFrom("sepa_collections")
        .innerJoin("sepa_mandates", "sepa_mandates.id", "sepa_collections.mandate_id")
        .select(["sepa_mandates.iban", "sepa_mandates.holder"])
        .where("sepa_collections.order_id", "=", refund.order_id)
        .executeTakeFirst();
    } else {
      account = await deps.db
        .selectFrom("bank_lines")
        .select(["debtor_iban as iban", "debtor_name as holder"])
        .where("order_id", "=", refund.order_id)
        .where("status", "in", ["matched", "overpaid", "assigned"])
        .where("debtor_iban", "is not", null)
        .orderBy("id")
        .executeTakeFirst();
    }
    if (!account?.iban || !account.holder) continue;
    const inserted = await deps.db
      .insertInto("bank_transfers")
      .values({
        order_id: refund.order_id,
        user_id: refund.user_id,
        iban: account.iban,
        bic: null,
        holder: account.holder,
        amount_cents: Math.abs(num(refund.amount_cents)),
        remittance: `${deps.config.bank.creditorName} ${refund.public_id}`,
        reason: "refund",
        end_to_end_id: e2e,
        status: "requested",
        file_id: null,
        created_by: null,
        created_at: deps.clock.now(),
      })
      .onConflict((oc) => oc.column("end_to_end_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) queued += 1;
  }
  return queued;
}

/** Builds the pain.001 file of every requested transfer for an execution day (default: the next bank day). */
export async function buildTransferFile(deps: ApiDeps, staffId: number, requestedDay?: string): Promise<BankFileSummary> {
  await requireBackend(deps, staffId);
  const bank = deps.config.bank;
  await queueRefundTransfers(deps);
  const now = deps.clock.now();
  const earliest = bankDayAfter(dayOf(now), 1);
  const day = requestedDay ?? earliest;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || day < dayOf(now))
    throw fail.badRequest("validation.bank.collection_day", "due_date");
  const requested = await deps.db.selectFrom("bank_transfers").selectAll().where("status", "=", "requested").orderBy("id").execute();
  if (requested.length === 0) throw fail.conflict(BANK_ERRORS.nothingToCollect);
  const id = messageId("CT", day);
  const xml = buildPain001(
    bank,
    { messageId: id, createdAt: now, dueDate: day },
    requested.map((t) => ({
      endToEndId: t.end_to_end_id,
      amountCents: num(t.amount_cents),
      creditorName: t.holder,
      creditorIban: t.iban,
      creditorBic: t.bic,
      remittance: t.remittance,
    })),
  );
  const controlSum = requested.reduce((sum, t) => sum + num(t.amount_cents), 0);
  const file = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("bank_files")
      .values({
        kind: "pain.001",
        format: bank.pain001Format,
        message_id: id,
        due_date: day,
        transactions: requested.length,
        control_sum_cents: controlSum,
        xml,
        created_by: staffId,
        created_at: now,
      })
      .returning(["id", "kind", "format", "message_id", "due_date", "transactions", "control_sum_cents", "created_at"])
      .executeTakeFirstOrThrow();
    const taken = await trx
      .updateTable("bank_transfers")
      .set({ status: "exported", file_id: row.id })
      .where(
        "id",
        "in",
        requested.map((t) => t.id),
      )
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== requested.length) throw fail.conflict(BANK_ERRORS.nothingToCollect);
    await recordAudit(trx, fileAudit(staffId, "bank.transfers", row), now);
    return row;
  });
  return summary(file);
}

// --- Files for the back office ------------------------------------------------------------------------------------

export async function listBankFiles(deps: ApiDeps, staffId: number): Promise<BankFileSummary[]> {
  await requireBackend(deps, staffId);
  const rows = await deps.db
    .selectFrom("bank_files")
    .select(["id", "kind", "format", "message_id", "due_date", "transactions", "control_sum_cents", "created_at"])
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map(summary);
}

export async function bankFileXml(deps: ApiDeps, staffId: number, fileId: number): Promise<{ name: string; xml: string }> {
  await requireBackend(deps, staffId);
  const row = await deps.db.selectFrom("bank_files").select(["kind", "message_id", "xml"]).where("id", "=", fileId).executeTakeFirst();
  if (!row) throw fail.notFound(BANK_ERRORS.fileNotFound);
  return { name: `${row.message_id}.${row.kind}.xml`, xml: row.xml };
}

/** The maintenance pass: new direct-debit orders get their mandate and pre-notification; lost settlements are redone. */
export async function runBankMaintenance(deps: ApiDeps): Promise<void> {
  if (!deps.config.bank.enabled) return;
  await prepareDirectDebits(deps);
  await settleSubmittedCollections(deps);
  await queueRefundTransfers(deps);
}

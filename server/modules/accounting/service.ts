/**
 * The back office for money (issue 26 item 7, ADR 080): lists, refunds, the bank import, promo codes, revenue. Every
 * call first asks `requireBackend` (the staff matrix's money.manage): only an active backend account passes; members get
 * 403 staff_only and the team 403 role_forbidden (ADR 116). Every change writes its audit row in the transaction of the change: here for promo
 * codes, in payments (refunds) and bank (imports, assignments, files) for theirs (ADR 080, 088).
 */
import { requireStaffPermission } from "../access/index";
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  ACCOUNTING_ERRORS,
  ACCOUNTING_PAGE_SIZE,
  accountingDayOf,
  accountingDayStart,
  nextDay,
  REVENUE_MAX_DAYS,
  REVENUE_MAX_MONTHS,
  type AccountingInvoice,
  type AccountingOrder,
  type AccountingOrderDetail,
  type AccountingPayment,
  type AuditItem,
  type BankImportDone,
  type BankLineList,
  type BankListedLineList,
  type InvoiceFilter,
  type OrderFilter,
  type PaymentFilter,
  type PromoCode,
  type PromoCodeBody,
  type RefundDone,
  type Revenue,
  type RevenueBucket,
  type RevenueGranularity,
} from "../../contract/accounting";
import type { Database } from "../../db/schema";
import { auditTrailOf, recordAudit } from "../audit/index";
import {
  assignBankLine,
  buildCollectionFile,
  buildTransferFile,
  importBankStatement,
  listedBankLines,
  unmatchedBankLines,
} from "../bank/index";
import type { BankFileSummary } from "../../contract/bank";
import { refundOrder } from "../payments/index";

type Db = Kysely<Database>;

/** Money is the backend role's alone (ADR 080): the staff matrix's money.manage, refused with 403 like every back-office area (ADR 116). */
export async function requireBackend(deps: Pick<ApiDeps, "db">, staffId: number): Promise<void> {
  await requireStaffPermission(deps, staffId, "money.manage");
}

const num = (value: unknown) => Number(value ?? 0);
const offsetOf = (page: number) => (page - 1) * ACCOUNTING_PAGE_SIZE;

/** [start, end) of a filter's days in the accounting zone; an open side is left out. */
function dayRange(from: string, to: string): { start: number | null; end: number | null } {
  return { start: from ? accountingDayStart(from) : null, end: to ? accountingDayStart(nextDay(to)) : null };
}

/** The row a list's base query selects. */
type RowOf<Query extends (db: Db) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<ReturnType<Query>["executeTakeFirstOrThrow"]>
>;

/** A list narrowed to the filter's days on `column` (the accounting zone's [from, to]); an open side is left out. */
function withinDays<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  filter: { from: string; to: string },
) {
  const { start, end } = dayRange(filter.from, filter.to);
  if (start !== null) query = query.where(sql.ref(column), ">=", start);
  if (end !== null) query = query.where(sql.ref(column), "<", end);
  return query;
}

/** A search term that is a plausible id names a row by its id or by its text key; anything else only by the key. */
const looksLikeId = (term: string) => /^[1-9]\d{0,9}$/.test(term);

// --- Orders -------------------------------------------------------------------------------------------------------

function orderQuery(db: Db) {
  return db
    .selectFrom("orders")
    .leftJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.public_id",
      "orders.user_id",
      "users.username",
      "orders.kind",
      "orders.status",
      "orders.goods",
      "orders.sku",
      "orders.method",
      "orders.provider",
      "orders.list_gross_cents",
      "orders.discount_cents",
      "orders.net_cents",
      "orders.vat_cents",
      "orders.gross_cents",
      "orders.vat_rate_bp",
      "orders.vat_country",
      "orders.reverse_charge",
      "orders.created_at",
      "orders.paid_at",
    ]);
}
type OrderRow = RowOf<typeof orderQuery>;

function orderOut(row: OrderRow): AccountingOrder {
  return {
    id: row.id,
    public_id: row.public_id,
    user_id: row.user_id,
    username: row.username ?? null,
    kind: row.kind,
    status: row.status,
    goods: row.goods,
    sku: row.sku,
    method: row.method,
    provider: row.provider,
    list_gross_cents: num(row.list_gross_cents),
    discount_cents: num(row.discount_cents),
    net_cents: num(row.net_cents),
    vat_cents: num(row.vat_cents),
    gross_cents: num(row.gross_cents),
    vat_rate_bp: num(row.vat_rate_bp),
    vat_country: row.vat_country,
    reverse_charge: num(row.reverse_charge) === 1,
    created_at: num(row.created_at),
    paid_at: row.paid_at === null ? null : num(row.paid_at),
  };
}

async function paged<R, O>(
  query: SelectQueryBuilder<Database, keyof Database, R>,
  idColumn: string,
  page: number,
  out: (row: R) => O,
): Promise<{ items: O[]; page: number; page_size: number; total: number }> {
  const [rows, count] = await Promise.all([
    query.orderBy(sql.ref(idColumn), "desc").limit(ACCOUNTING_PAGE_SIZE).offset(offsetOf(page)).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst() as Promise<{ n: number } | undefined>,
  ]);
  return { items: rows.map(out), page, page_size: ACCOUNTING_PAGE_SIZE, total: num(count?.n) };
}

export async function listOrders(deps: ApiDeps, staffId: number, filter: OrderFilter) {
  await requireBackend(deps, staffId);
  let query = orderQuery(deps.db);
  if (filter.status) query = query.where("orders.status", "=", filter.status);
  if (filter.goods) query = query.where("orders.goods", "=", filter.goods);
  if (filter.method) query = query.where("orders.method", "=", filter.method);
  query = withinDays(query, "orders.created_at", filter);
  if (filter.member) {
    const member = filter.member;
    const byName = (eb: ExpressionBuilder<Database, "orders" | "users">) => eb("users.username_key", "=", member.toLowerCase());
    query = query.where((eb) => (looksLikeId(member) ? eb.or([eb("orders.user_id", "=", Number(member)), byName(eb)]) : byName(eb)));
  }
  return paged(query as never, "orders.id", filter.page, orderOut);
}

async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return orderQuery(db).where("orders.id", "=", id).executeTakeFirst();
}

/** Gross of the credit notes written for an order (refunds, chargebacks, withdrawals). */
async function creditedCents(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.sum<number>("gross_cents").as("s"))
    .where("order_id", "=", orderId)
    .where("document", "=", "credit_note")
    .executeTakeFirst();
  return num(row?.s);
}

const REFUNDABLE_STATUSES = new Set(["paid", "partially_refunded"]);

function refundableOf(order: { status: string; gross_cents: number }, refunded: number): number {
  return REFUNDABLE_STATUSES.has(order.status) ? Math.max(0, order.gross_cents - refunded) : 0;
}

function auditOut(rows: Awaited<ReturnType<typeof auditTrailOf>>): AuditItem[] {
  return rows.map((row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    action: row.action,
    reason: row.reason,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    created_at: row.createdAt,
  }));
}

export async function orderDetail(deps: ApiDeps, staffId: number, orderId: number): Promise<AccountingOrderDetail> {
  await requireBackend(deps, staffId);
  const row = await orderById(deps.db, orderId);
  if (!row) throw fail.notFound();
  const order = orderOut(row);
  const [payments, invoices, refunded, audit] = await Promise.all([
    paymentQuery(deps.db).where("payment_transactions.order_id", "=", orderId).orderBy("payment_transactions.id", "asc").execute(),
    invoiceQuery(deps.db).where("invoices.order_id", "=", orderId).orderBy("invoices.id", "asc").execute(),
    creditedCents(deps.db, orderId),
    auditTrailOf(deps.db, "order", String(orderId)),
  ]);
  return {
    order,
    payments: payments.map(paymentOut),
    invoices: invoices.map(invoiceOut),
    refunded_cents: refunded,
    refundable_cents: refundableOf(order, refunded),
    audit: auditOut(audit),
  };
}

export async function refund(
  deps: ApiDeps,
  staffId: number,
  orderId: number,
  body: { amount_cents: number; reason: string },
): Promise<RefundDone> {
  await requireBackend(deps, staffId);
  const row = await orderById(deps.db, orderId);
  if (!row) throw fail.notFound();
  const before = orderOut(row);
  const refunded = await creditedCents(deps.db, orderId);
  const refundable = refundableOf(before, refunded);
  if (refundable === 0) throw new ApiError(409, [errorItem(409, ACCOUNTING_ERRORS.notRefundable)]);
  if (body.amount_cents > refundable)
    throw new ApiError(400, [errorItem(400, ACCOUNTING_ERRORS.amountTooHigh, "amount_cents", { max: refundable })]);
  // payments' refundOrder writes the audit row ("order.refund") in the refund's own transaction (ADR 080, 088).
  const { creditNoteId } = await refundOrder(deps, { orderId, amountCents: body.amount_cents, reason: body.reason, staffId });
  return { order_id: orderId, credit_note_id: creditNoteId, amount_cents: body.amount_cents };
}

// --- Payments and invoices ----------------------------------------------------------------------------------------

function paymentQuery(db: Db) {
  return db
    .selectFrom("payment_transactions")
    .innerJoin("orders", "orders.id", "payment_transactions.order_id")
    .leftJoin("users", "users.id", "orders.user_id")
    .select([
      "payment_transactions.id",
      "payment_transactions.order_id",
      "orders.public_id",
      "users.username",
      "payment_transactions.provider",
      "payment_transactions.provider_txn_id",
      "payment_transactions.outcome",
      "payment_transactions.method",
      "payment_transactions.amount_cents",
      "payment_transactions.created_at",
    ]);
}
type PaymentRow = RowOf<typeof paymentQuery>;

function paymentOut(row: PaymentRow): AccountingPayment {
  return {
    id: row.id,
    order_id: row.order_id,
    order_public_id: row.public_id,
    username: row.username ?? null,
    provider: row.provider,
    provider_txn_id: row.provider_txn_id,
    outcome: row.outcome,
    method: row.method,
    amount_cents: num(row.amount_cents),
    created_at: num(row.created_at),
  };
}

export async function listPayments(deps: ApiDeps, staffId: number, filter: PaymentFilter) {
  await requireBackend(deps, staffId);
  let query = paymentQuery(deps.db);
  if (filter.outcome) query = query.where("payment_transactions.outcome", "=", filter.outcome);
  if (filter.method) query = query.where("payment_transactions.method", "=", filter.method);
  if (filter.order) {
    const ref = filter.order;
    query = query.where((eb) =>
      looksLikeId(ref) ? eb.or([eb("orders.id", "=", Number(ref)), eb("orders.public_id", "=", ref)]) : eb("orders.public_id", "=", ref),
    );
  }
  query = withinDays(query, "payment_transactions.created_at", filter);
  return paged(query as never, "payment_transactions.id", filter.page, paymentOut);
}

function invoiceQuery(db: Db) {
  return db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .leftJoin("users", "users.id", "invoices.user_id")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.document",
      "invoices.status",
      "invoices.order_id",
      "orders.public_id",
      "users.username",
      "invoices.net_cents",
      "invoices.vat_cents",
      "invoices.gross_cents",
      "invoices.vat_rate_bp",
      "invoices.vat_country",
      "invoices.reverse_charge",
      "invoices.reason",
      "invoices.issued_at",
    ]);
}
type InvoiceRow = RowOf<typeof invoiceQuery>;

function invoiceOut(row: InvoiceRow): AccountingInvoice {
  return {
    id: row.id,
    number: row.number,
    document: row.document,
    status: row.status,
    order_id: row.order_id,
    order_public_id: row.public_id,
    username: row.username ?? null,
    net_cents: num(row.net_cents),
    vat_cents: num(row.vat_cents),
    gross_cents: num(row.gross_cents),
    vat_rate_bp: num(row.vat_rate_bp),
    vat_country: row.vat_country,
    reverse_charge: num(row.reverse_charge) === 1,
    reason: row.reason,
    issued_at: num(row.issued_at),
  };
}

export async function listInvoices(deps: ApiDeps, staffId: number, filter: InvoiceFilter) {
  await requireBackend(deps, staffId);
  let query = invoiceQuery(deps.db);
  // A number's beginning: "2026-" lists the year, "2026-000042" the one invoice. LIKE's wildcards are escaped.
  if (filter.number) query = query.where("invoices.number", "like", `${filter.number.replace(/[\\%_]/g, "\\$&")}%`);
  if (filter.status) query = query.where("invoices.status", "=", filter.status);
  if (filter.document) query = query.where("invoices.document", "=", filter.document);
  query = withinDays(query, "invoices.issued_at", filter);
  return paged(query as never, "invoices.id", filter.page, invoiceOut);
}

// --- Bank ---------------------------------------------------------------------------------------------------------

/** The bank writes the audit row in the transaction that records the statement's lines (ADR 088). */
export async function importStatement(deps: ApiDeps, staffId: number, xml: string): Promise<BankImportDone> {
  await requireBackend(deps, staffId);
  return importBankStatement(deps, xml, staffId);
}

export async function listUnmatched(deps: ApiDeps, staffId: number, page: number): Promise<BankLineList> {
  await requireBackend(deps, staffId);
  const lines = await unmatchedBankLines(deps, page);
  return { items: lines.map((line) => ({ ...line, amount_cents: num(line.amount_cents), booked_at: num(line.booked_at) })), page };
}

export async function listListed(deps: ApiDeps, staffId: number, page: number): Promise<BankListedLineList> {
  await requireBackend(deps, staffId);
  const lines = await listedBankLines(deps, page);
  return {
    items: lines.map((line) => ({
      ...line,
      amount_cents: num(line.amount_cents),
      booked_at: num(line.booked_at),
      difference_cents: num(line.difference_cents),
    })),
    page,
  };
}

/** The bank writes the audit row ("bank.assign") in the assignment's transaction (ADR 088). */
export async function assignLine(deps: ApiDeps, staffId: number, lineId: number, orderRef: string) {
  await requireBackend(deps, staffId);
  await assignBankLine(deps, lineId, orderRef, staffId);
  return { line_id: lineId, order_ref: orderRef };
}

/** Builds the next SEPA file (bank's rules: what is due, the bank day); the bank audits it in the file's transaction. */
export async function buildBankFile(
  deps: ApiDeps,
  staffId: number,
  body: { kind: "collections" | "transfers"; due_date: string },
): Promise<BankFileSummary> {
  await requireBackend(deps, staffId);
  const day = body.due_date || undefined;
  return body.kind === "collections" ? buildCollectionFile(deps, staffId, day) : buildTransferFile(deps, staffId, day);
}

// --- Promo codes --------------------------------------------------------------------------------------------------

const promoColumns = [
  "id",
  "code",
  "kind",
  "value",
  "goods",
  "valid_from",
  "valid_until",
  "max_redemptions",
  "max_per_member",
  "redemptions",
  "active",
  "created_at",
] as const;

type PromoRow = Pick<Database["promo_codes"], Exclude<(typeof promoColumns)[number], "id">> & { id: number };

function promoOut(row: PromoRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: num(row.value),
    goods: row.goods,
    valid_from: row.valid_from === null ? null : num(row.valid_from),
    valid_until: row.valid_until === null ? null : num(row.valid_until),
    max_redemptions: row.max_redemptions === null ? null : num(row.max_redemptions),
    max_per_member: num(row.max_per_member),
    redemptions: num(row.redemptions),
    active: num(row.active) === 1,
    created_at: num(row.created_at),
  };
}

export async function listPromoCodes(deps: ApiDeps, staffId: number, page: number) {
  await requireBackend(deps, staffId);
  return paged(deps.db.selectFrom("promo_codes").select([...promoColumns]) as never, "id", page, promoOut);
}

async function promoById(db: Db, id: number): Promise<PromoCode | null> {
  const row = await db
    .selectFrom("promo_codes")
    .select([...promoColumns])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? promoOut(row) : null;
}

export async function promoCode(deps: ApiDeps, staffId: number, id: number): Promise<PromoCode> {
  await requireBackend(deps, staffId);
  const found = await promoById(deps.db, id);
  if (!found) throw fail.notFound();
  return found;
}

const codeTaken = () => new ApiError(409, [errorItem(409, ACCOUNTING_ERRORS.codeTaken, "code")]);

async function codeIsTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom("promo_codes").select("id").where("code", "=", code);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A unique index said no between our check and the insert: the same answer as the check. */
function raceToConflict(db: Db, code: string, exceptId: number | null) {
  return async (err: unknown) => {
    if (await codeIsTaken(db, code, exceptId)) throw codeTaken();
    throw err;
  };
}

const promoValues = (body: PromoCodeBody) => ({
  code: body.code,
  kind: body.kind,
  value: body.value,
  goods: body.goods,
  valid_from: body.valid_from,
  valid_until: body.valid_until,
  max_redemptions: body.max_redemptions,
  max_per_member: body.max_per_member,
});

export async function createPromoCode(deps: ApiDeps, staffId: number, body: PromoCodeBody): Promise<PromoCode> {
  await requireBackend(deps, staffId);
  if (await codeIsTaken(deps.db, body.code, null)) throw codeTaken();
  const now = deps.clock.now();
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("promo_codes")
        .values({ ...promoValues(body), redemptions: 0, active: 1, created_by: staffId, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "promo.create",
          subjectType: "promo_code",
          subjectId: String(row.id),
          reason: null,
          before: null,
          after: promoValues(body),
        },
        now,
      );
      return row.id;
    })
    .catch(raceToConflict(deps.db, body.code, null));
  return (await promoById(deps.db, id))!;
}

export async function updatePromoCode(deps: ApiDeps, staffId: number, id: number, body: PromoCodeBody): Promise<PromoCode> {
  await requireBackend(deps, staffId);
  const before = await promoById(deps.db, id);
  if (!before) throw fail.notFound();
  if (await codeIsTaken(deps.db, body.code, id)) throw codeTaken();
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("promo_codes").set(promoValues(body)).where("id", "=", id).execute();
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "promo.update",
          subjectType: "promo_code",
          subjectId: String(id),
          reason: null,
          before,
          after: promoValues(body),
        },
        now,
      );
    })
    .catch(raceToConflict(deps.db, body.code, id));
  return (await promoById(deps.db, id))!;
}

export async function setPromoActive(deps: ApiDeps, staffId: number, id: number, active: boolean): Promise<PromoCode> {
  await requireBackend(deps, staffId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("promo_codes").select("active").where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound();
    // Setting what already holds changes nothing and writes no row.
    if ((num(before.active) === 1) === active) return;
    await trx
      .updateTable("promo_codes")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: active ? "promo.activate" : "promo.deactivate",
        subjectType: "promo_code",
        subjectId: String(id),
        reason: null,
        before: { active: !active },
        after: { active },
      },
      now,
    );
  });
  return (await promoById(deps.db, id))!;
}

// --- Revenue ------------------------------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;
/** Orders whose payment arrived: later refunds and chargebacks are subtracted where they happened, not here. */
const SOLD_STATUSES = ["paid", "partially_refunded", "refunded", "charged_back"] as const;

function monthsBack(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period asked for, or the default one (the last 30 days; the last 12 months), with its limit. */
function revenuePeriod(now: number, granularity: RevenueGranularity, from: string, to: string): { from: string; to: string } {
  const end = to || accountingDayOf(now);
  const start =
    from ||
    (granularity === "day" ? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10) : monthsBack(end, 11));
  const tooLong =
    start > end || (granularity === "day" ? daysBetween(start, end) > REVENUE_MAX_DAYS : daysBetween(start, end) > REVENUE_MAX_MONTHS * 31);
  if (tooLong) throw new ApiError(400, [errorItem(400, ACCOUNTING_ERRORS.rangeTooLong, "to")]);
  return { from: start, to: end };
}

/** Every day or month key of the period, so the chart shows a day without sales as a zero, not a gap. */
function bucketKeys(granularity: RevenueGranularity, from: string, to: string): string[] {
  const keys: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const key = granularity === "day" ? day : day.slice(0, 7);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

/** The VAT inside a gross amount at a rate in basis points (0 under reverse charge). */
function vatIn(gross: number, rateBp: number): number {
  return rateBp === 0 ? 0 : Math.round((gross * rateBp) / (10_000 + rateBp));
}

export async function revenue(
  deps: ApiDeps,
  staffId: number,
  query: { granularity: RevenueGranularity; from: string; to: string },
): Promise<Revenue> {
  await requireBackend(deps, staffId);
  const period = revenuePeriod(deps.clock.now(), query.granularity, query.from, query.to);
  const start = accountingDayStart(period.from);
  const end = accountingDayStart(nextDay(period.to));
  // Summed per hour in SQL (the zone's offset is whole hours, so an hour falls on one day), grouped per day in JS.
  const hourOf = (column: string) => sql<number>`(${sql.ref(column)} / ${sql.lit(HOUR_MS)})`;
  const [sales, deductions] = await Promise.all([
    deps.db
      .selectFrom("orders")
      .select((eb) => [
        hourOf("orders.paid_at").as("hour"),
        eb.fn.sum<number>("orders.gross_cents").as("gross"),
        eb.fn.sum<number>("orders.net_cents").as("net"),
        eb.fn.sum<number>("orders.vat_cents").as("vat"),
      ])
      .where("orders.status", "in", [...SOLD_STATUSES])
      .where("orders.paid_at", ">=", start)
      .where("orders.paid_at", "<", end)
      .groupBy(hourOf("orders.paid_at"))
      .execute(),
    deps.db
      .selectFrom("payment_transactions")
      .innerJoin("orders", "orders.id", "payment_transactions.order_id")
      .select((eb) => [
        hourOf("payment_transactions.created_at").as("hour"),
        "orders.vat_rate_bp",
        "orders.reverse_charge",
        eb.fn.sum<number>("payment_transactions.amount_cents").as("gross"),
      ])
      .where("payment_transactions.outcome", "in", ["refund", "chargeback"])
      .where("payment_transactions.created_at", ">=", start)
      .where("payment_transactions.created_at", "<", end)
      .groupBy([hourOf("payment_transactions.created_at"), "orders.vat_rate_bp", "orders.reverse_charge"])
      .execute(),
  ]);
  const keyOf = (hour: unknown) => {
    const day = accountingDayOf(num(hour) * HOUR_MS);
    return query.granularity === "day" ? day : day.slice(0, 7);
  };
  const buckets = new Map<string, RevenueBucket>(
    bucketKeys(query.granularity, period.from, period.to).map((key) => [
      key,
      { key, sales_gross_cents: 0, deducted_gross_cents: 0, gross_cents: 0, net_cents: 0, vat_cents: 0 },
    ]),
  );
  for (const row of sales) {
    const bucket = buckets.get(keyOf(row.hour));
    if (!bucket) continue;
    bucket.sales_gross_cents += num(row.gross);
    bucket.gross_cents += num(row.gross);
    bucket.net_cents += num(row.net);
    bucket.vat_cents += num(row.vat);
  }
  for (const row of deductions) {
    const bucket = buckets.get(keyOf(row.hour));
    if (!bucket) continue;
    // A provider may report a refund as a negative amount; it is subtracted either way.
    const gross = Math.abs(num(row.gross));
    const vat = num(row.reverse_charge) === 1 ? 0 : vatIn(gross, num(row.vat_rate_bp));
    bucket.deducted_gross_cents += gross;
    bucket.gross_cents -= gross;
    bucket.vat_cents -= vat;
    bucket.net_cents -= gross - vat;
  }
  const list = [...buckets.values()];
  const total = list.reduce(
    (sum, b) => ({
      sales_gross_cents: sum.sales_gross_cents + b.sales_gross_cents,
      deducted_gross_cents: sum.deducted_gross_cents + b.deducted_gross_cents,
      gross_cents: sum.gross_cents + b.gross_cents,
      net_cents: sum.net_cents + b.net_cents,
      vat_cents: sum.vat_cents + b.vat_cents,
    }),
    { sales_gross_cents: 0, deducted_gross_cents: 0, gross_cents: 0, net_cents: 0, vat_cents: 0 },
  );
  return { granularity: query.granularity, from: period.from, to: period.to, buckets: list, total };
}

/**
 * The one path money takes into the product (issue 26, ADR 075): a verified provider message or a matched bank line
 * becomes a payment transaction (once per provider, transaction id and outcome), moves its order's state by a
 * conditional update, delivers or takes back the good through its handler (deps.features.goods), writes the invoice
 * or credit note, and posts the euros to the ledger — all in one transaction, with the order's row locked first
 * (PostgreSQL; SQLite runs one transaction at a time), so two messages about one order are taken one after the other.
 *
 * The rules, in one place:
 * - success: open/paying → paid, the good delivered, the invoice issued, the charge booked. A success after a failure
 *   or a cancellation is honoured too (the provider took the money), and flagged `late_success` when the order's
 *   promo code had been freed. A success whose amount is not the order's gross grants nothing: recorded, flagged
 *   `amount_mismatch`, the money booked as unapplied. A second success of a paid order: `duplicate_payment`, unapplied.
 * - failure: open/paying → failed (paying code -1), the promo code's reservation freed.
 * - pending: stays paying, paying code 2.
 * - refund (provider or refundOrder): full or partial; a credit note for the amount; the good taken back when the
 *   whole order is refunded or when it is a withdrawal (staffId null); the refund booked back.
 * - chargeback: paid/partially refunded → charged_back, the good taken back, a credit note for what was left, the
 *   invoice's status charge_back, the rest booked back, the account flagged, the chargeback hooks called.
 * A replayed message finds its transaction row and changes nothing.
 */
import type { Selectable, Transaction } from "kysely";
import { fail } from "../../api/errors";
import { transactionWithAfterCommit } from "../../db/after-commit";
import type { ApiDeps, GoodsHandler } from "../../api/types";
import {
  BILLING_CURRENCY,
  type Goods,
  type InvoiceItemType,
  type InvoiceStatus,
  type OrderKind,
  type OrderStatus,
  type PaymentMethod,
  type RevocationReason,
  type SettledOrder,
} from "../../contract/billing";
import type { PaymentFlagKind } from "../../contract/payments";
import type { Database } from "../../db/schema";
import type { PaymentEvent } from "../../integrations/payments/port";
import { providerNamed } from "../../integrations/payments/registry";
import { randomToken } from "../../lib/crypto";
import { recordAudit } from "../audit/index";
import { releasePromoReservation } from "../checkout/index";
import { issueCreditNote, issueInvoice, setInvoiceStatus } from "../invoices/index";
import { euroOperations, postOperationIn, vatShare, type EuroOperation } from "../ledger/index";

type Trx = Transaction<Database>;
type OrderRow = Selectable<Database["orders"]>;

export interface SettleResult {
  /** False when this message was already taken (a replay) or did not change the order. */
  applied: boolean;
  orderStatus: OrderStatus;
}

export interface RefundRequest {
  orderId: number;
  /** Cents to refund; the order's whole remaining amount when equal to it. */
  amountCents: number;
  reason: string;
  /** The staff member who refunds (audit trail), or null for a withdrawal the member made. */
  staffId: number | null;
}

/** What a chargeback hook learns, inside the settlement's transaction (before it commits). */
export interface ChargebackNotice {
  order: SettledOrder;
  /** The cents the provider took back. */
  amountCents: number;
  at: number;
}
export type ChargebackHook = (trx: Trx, deps: ApiDeps, notice: ChargebackNotice) => Promise<void>;

/**
 * The other modules' parts of a settlement. The defaults are the product's; a test may bind doubles for a module not
 * built yet (createSettlement), never for the rules here.
 */
export interface SettlementParts {
  issueInvoice: typeof issueInvoice;
  issueCreditNote: typeof issueCreditNote;
  setInvoiceStatus: typeof setInvoiceStatus;
  releasePromoReservation: typeof releasePromoReservation;
  recordAudit: typeof recordAudit;
}

const PRODUCT_PARTS: SettlementParts = { issueInvoice, issueCreditNote, setInvoiceStatus, releasePromoReservation, recordAudit };

const chargebackHooks: ChargebackHook[] = [];

/**
 * Runs `hook` inside every chargeback's transaction (renewals records what the wallet issue will reclaim). A module
 * registers once, from its index.ts; the hooks run in the order they were registered.
 */
export function onChargeback(hook: ChargebackHook): void {
  chargebackHooks.push(hook);
}

/** The states a verified success may move an order out of (see the rules above). */
const PAYABLE: OrderStatus[] = ["open", "paying", "failed", "cancelled"];
const REFUNDABLE: OrderStatus[] = ["paid", "partially_refunded"];

const settledOf = (order: OrderRow, paidAt: number): SettledOrder => ({
  id: order.id,
  public_id: order.public_id,
  user_id: order.user_id,
  goods: order.goods,
  sku: order.sku,
  kind: order.kind,
  gross_cents: Number(order.gross_cents),
  membership_id: order.membership_id,
  paid_at: paidAt,
});

function goodsOf(deps: ApiDeps, order: OrderRow): GoodsHandler {
  const handler = deps.features.goods.get(order.goods);
  if (!handler) throw new Error(`payments: no goods handler for ${order.goods}`);
  return handler;
}

/** Serialization failures and deadlocks on PostgreSQL (and its distributed kin) are retried a few times (DESIGN §2). */
async function inTransaction<T>(deps: ApiDeps, work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transactionWithAfterCommit(deps.db, work, (error) =>
        deps.log.warn({ err: error }, "payments: after-commit work failed"),
      );
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 4 || (code !== "40001" && code !== "40P01")) throw error;
    }
  }
}

async function lockedOrder(trx: Trx, deps: ApiDeps, by: { ref: string } | { id: number }): Promise<OrderRow | undefined> {
  let query = trx.selectFrom("orders").selectAll();
  query = "ref" in by ? query.where("public_id", "=", by.ref) : query.where("id", "=", by.id);
  return await (deps.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

async function moveOrder(trx: Trx, orderId: number, from: OrderStatus[], values: Partial<Omit<OrderRow, "id">>): Promise<boolean> {
  const result = await trx.updateTable("orders").set(values).where("id", "=", orderId).where("status", "in", from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function flag(
  trx: Trx,
  deps: ApiDeps,
  kind: PaymentFlagKind,
  order: OrderRow,
  transactionId: number | null,
  amountCents: number,
  detail: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto("payment_flags")
    .values({
      kind,
      user_id: order.user_id,
      order_id: order.id,
      transaction_id: transactionId,
      amount_cents: amountCents,
      detail: JSON.stringify(detail),
      created_at: deps.clock.now(),
      resolved_at: null,
      resolved_by: null,
    })
    .execute();
}

async function book(trx: Trx, deps: ApiDeps, order: OrderRow, key: string, operation: EuroOperation): Promise<void> {
  if (operation.transfers.length === 0) return;
  await postOperationIn(trx, deps, { key, currency: "euro", actorId: order.user_id, reference: order.public_id, ...operation });
}

/** Cents refunded so far: the refund rows that were booked (a refund beyond the order was only recorded). */
async function refundedSoFar(trx: Trx, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom("payment_transactions")
    .select((eb) => eb.fn.sum<number>("amount_cents").as("sum"))
    .where("order_id", "=", orderId)
    .where("outcome", "=", "refund")
    .where((eb) =>
      eb(
        "id",
        "not in",
        eb
          .selectFrom("payment_flags")
          .select("transaction_id")
          .where("order_id", "=", orderId)
          .where("kind", "=", "refund_exceeds")
          .where("transaction_id", "is not", null),
      ),
    )
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** The order's current invoice (the newest), which a credit note corrects; null before one was issued. */
async function invoiceOf(trx: Trx, orderId: number): Promise<number | null> {
  const row = await trx
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", orderId)
    .where("document", "=", "invoice")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

async function recordTransaction(trx: Trx, deps: ApiDeps, order: OrderRow, event: PaymentEvent): Promise<number | null> {
  const raw = event.raw === undefined ? null : JSON.stringify(event.raw);
  const row = await trx
    .insertInto("payment_transactions")
    .values({
      order_id: order.id,
      provider: event.provider,
      provider_txn_id: event.providerTxnId,
      outcome: event.outcome,
      method: event.method,
      amount_cents: event.amountCents,
      payment_country: event.paymentCountry ?? null,
      raw: raw && raw.length <= 20_000 ? raw : null,
      created_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.columns(["provider", "provider_txn_id", "outcome"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Doubles for other modules' parts bound to one deps object (a test runtime's) while those modules are stubs (issue 26:
 * built in parallel). Nothing in the product calls it; a deps object without a binding uses the product's parts.
 */
const boundParts = new WeakMap<ApiDeps, SettlementParts>();
export function bindSettlementParts(deps: ApiDeps, parts: Partial<SettlementParts>): void {
  boundParts.set(deps, { ...PRODUCT_PARTS, ...parts });
}

export function createSettlement(fixed?: SettlementParts) {
  const partsOf = (deps: ApiDeps): SettlementParts => fixed ?? boundParts.get(deps) ?? PRODUCT_PARTS;
  async function success(trx: Trx, deps: ApiDeps, order: OrderRow, event: PaymentEvent, txnId: number): Promise<SettleResult> {
    const now = deps.clock.now();
    const unchanged = { applied: false, orderStatus: order.status };
    if (event.amountCents !== Number(order.gross_cents)) {
      await flag(trx, deps, "amount_mismatch", order, txnId, event.amountCents, {
        expected: Number(order.gross_cents),
        got: event.amountCents,
      });
      await book(trx, deps, order, `euro:txn:${txnId}`, euroOperations.unapplied(event.amountCents));
      return unchanged;
    }
    const moved = await moveOrder(trx, order.id, PAYABLE, {
      status: "paid",
      paying_code: 1,
      paid_at: now,
      updated_at: now,
      method: event.method ?? order.method,
      provider: order.provider ?? event.provider,
    });
    if (!moved) {
      await flag(trx, deps, "duplicate_payment", order, txnId, event.amountCents, { status: order.status });
      await book(trx, deps, order, `euro:txn:${txnId}`, euroOperations.unapplied(event.amountCents));
      return unchanged;
    }
    if ((order.status === "failed" || order.status === "cancelled") && order.promo_code_id !== null)
      await flag(trx, deps, "late_success", order, txnId, event.amountCents, { status: order.status, promo_code_id: order.promo_code_id });
    const settled = { ...settledOf(order, now), method: event.method ?? order.method, rebill_token: event.rebillToken ?? null };
    await goodsOf(deps, order).fulfil(trx, deps, settled);
    // Modules that act on a payment (affiliate credits, ADR 135) hear of it in this transaction: paid and heard together.
    for (const heard of deps.features.orderPaid ?? []) await heard(trx, deps, settled);
    await partsOf(deps).issueInvoice(trx, deps, order.id);
    if (event.rebillToken) {
      // Renewals charge the same method again: the membership the good's handler wrote for this order keeps it.
      await trx
        .updateTable("memberships")
        .set({ payment_token: event.rebillToken, payment_method: event.method ?? order.method, updated_at: now })
        .where("last_order_id", "=", order.id)
        .where("user_id", "=", order.user_id)
        .execute();
    }
    await book(trx, deps, order, `euro:txn:${txnId}`, euroOperations.charge(Number(order.net_cents), Number(order.vat_cents)));
    return { applied: true, orderStatus: "paid" };
  }

  async function failure(trx: Trx, deps: ApiDeps, order: OrderRow): Promise<SettleResult> {
    const now = deps.clock.now();
    if (!(await moveOrder(trx, order.id, ["open", "paying"], { status: "failed", paying_code: -1, updated_at: now })))
      return { applied: false, orderStatus: order.status };
    await partsOf(deps).releasePromoReservation(trx, order.id);
    return { applied: true, orderStatus: "failed" };
  }

  async function pending(trx: Trx, deps: ApiDeps, order: OrderRow): Promise<SettleResult> {
    const moved = await moveOrder(trx, order.id, ["open", "paying"], { status: "paying", paying_code: 2, updated_at: deps.clock.now() });
    return { applied: moved, orderStatus: moved ? "paying" : order.status };
  }

  /** A refund of `amount` cents recorded as transaction `txnId`: booked, or flagged when the order cannot take it. */
  async function refund(
    trx: Trx,
    deps: ApiDeps,
    order: OrderRow,
    txnId: number,
    amount: number,
    reason: string,
    staffId: number | null | undefined,
  ): Promise<SettleResult & { creditNoteId: number | null }> {
    const now = deps.clock.now();
    const gross = Number(order.gross_cents);
    const before = (await refundedSoFar(trx, order.id)) - amount;
    if (!REFUNDABLE.includes(order.status) || amount <= 0 || before + amount > gross) {
      await flag(trx, deps, "refund_exceeds", order, txnId, amount, { status: order.status, refunded: before, gross });
      return { applied: false, orderStatus: order.status, creditNoteId: null };
    }
    const after = before + amount;
    const full = after === gross;
    const status: OrderStatus = full ? "refunded" : "partially_refunded";
    if (!(await moveOrder(trx, order.id, [order.status], { status, updated_at: now })))
      return { applied: false, orderStatus: order.status, creditNoteId: null };
    // A withdrawal (the member's, staffId null) ends the contract whatever it refunds; otherwise only a full refund.
    const withdrawal = staffId === null;
    if (full || withdrawal) {
      const why: RevocationReason = withdrawal ? "withdrawal" : "refund";
      await goodsOf(deps, order).revoke(trx, deps, settledOf(order, Number(order.paid_at ?? now)), why);
    }
    const invoiceId = await invoiceOf(trx, order.id);
    const note = invoiceId === null ? null : await partsOf(deps).issueCreditNote(trx, deps, { invoiceId, grossCents: amount, reason });
    if (full) await partsOf(deps).setInvoiceStatus(trx, order.id, "refunded");
    const vat = vatShare(gross, Number(order.vat_cents), before, amount);
    await book(trx, deps, order, `euro:txn:${txnId}`, euroOperations.refund(amount - vat, vat));
    if (staffId !== null && staffId !== undefined) {
      await partsOf(deps).recordAudit(
        trx,
        {
          actorId: staffId,
          action: "order.refund",
          subjectType: "order",
          subjectId: String(order.id),
          reason,
          before: { status: order.status, refunded_cents: before },
          after: { status, refunded_cents: after, credit_note_id: note?.invoiceId ?? null },
        },
        now,
      );
    }
    return { applied: true, orderStatus: status, creditNoteId: note?.invoiceId ?? null };
  }

  async function chargeback(trx: Trx, deps: ApiDeps, order: OrderRow, event: PaymentEvent, txnId: number): Promise<SettleResult> {
    const now = deps.clock.now();
    if (!REFUNDABLE.includes(order.status)) {
      // Charged back after a full refund, or before it was paid: the back office must look at it all the same.
      await flag(trx, deps, "chargeback", order, txnId, event.amountCents, { status: order.status, booked: false });
      return { applied: false, orderStatus: order.status };
    }
    const gross = Number(order.gross_cents);
    const before = await refundedSoFar(trx, order.id);
    const remaining = gross - before;
    const amount = event.amountCents > 0 ? Math.min(event.amountCents, remaining) : remaining;
    if (!(await moveOrder(trx, order.id, [order.status], { status: "charged_back", paying_code: -1, updated_at: now })))
      return { applied: false, orderStatus: order.status };
    const settled = settledOf(order, Number(order.paid_at ?? now));
    await goodsOf(deps, order).revoke(trx, deps, settled, "chargeback");
    const invoiceId = await invoiceOf(trx, order.id);
    if (invoiceId !== null && amount > 0)
      await partsOf(deps).issueCreditNote(trx, deps, { invoiceId, grossCents: amount, reason: "chargeback" });
    await partsOf(deps).setInvoiceStatus(trx, order.id, "charge_back" satisfies InvoiceStatus);
    const vat = vatShare(gross, Number(order.vat_cents), before, amount);
    await book(trx, deps, order, `euro:txn:${txnId}`, euroOperations.chargeback(amount - vat, vat));
    await flag(trx, deps, "chargeback", order, txnId, amount, { status: order.status, booked: true });
    for (const hook of chargebackHooks) await hook(trx, deps, { order: settled, amountCents: amount, at: now });
    return { applied: true, orderStatus: "charged_back" };
  }

  /** Takes one verified message (see the rules at the top of this file). An unknown order answers 404. */
  async function settlePaymentEvent(deps: ApiDeps, event: PaymentEvent): Promise<SettleResult> {
    return await inTransaction(deps, async (trx) => {
      const order = await lockedOrder(trx, deps, { ref: event.orderRef });
      if (!order) throw fail.notFound("exception.payments.unknown_order");
      const txnId = await recordTransaction(trx, deps, order, event);
      if (txnId === null) return { applied: false, orderStatus: order.status };
      switch (event.outcome) {
        case "success":
          return await success(trx, deps, order, event, txnId);
        case "failure":
          return await failure(trx, deps, order);
        case "pending":
          return await pending(trx, deps, order);
        case "refund": {
          const { applied, orderStatus } = await refund(trx, deps, order, txnId, event.amountCents, "refund", undefined);
          return { applied, orderStatus };
        }
        case "chargeback":
          return await chargeback(trx, deps, order, event, txnId);
      }
    });
  }

  /**
   * Refunds all or part of a paid order (staff in the back office, or a member's withdrawal with staffId null): the
   * provider's refund first (outside the transaction: it is a network call), then the refund's transaction row, the
   * credit note, the good taken back (see `refund`), the ledger and, for staff, the audit row — in one transaction.
   * The refund's transaction id is the provider's, or one made of the order's state, so a form sent twice refunds once;
   * if the transaction fails after the provider refunded, the provider's postback about the refund books it later.
   */
  async function refundOrder(deps: ApiDeps, request: RefundRequest): Promise<{ creditNoteId: number }> {
    const order = await deps.db.selectFrom("orders").selectAll().where("id", "=", request.orderId).executeTakeFirst();
    if (!order) throw fail.notFound("exception.payments.unknown_order");
    if (!REFUNDABLE.includes(order.status)) throw fail.conflict("exception.payments.not_refundable");
    const reason = request.reason.trim();
    if (reason === "" || reason.length > 500) throw fail.badRequest("exception.payments.refund_reason", "reason");
    const before = await deps.db.transaction().execute((trx) => refundedSoFar(trx, order.id));
    const remaining = Number(order.gross_cents) - before;
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0 || request.amountCents > remaining)
      throw fail.badRequest("exception.payments.refund_amount", "amount");
    const provider = order.provider ? providerNamed(deps, order.provider) : null;
    let providerTxnId: string | undefined;
    if (provider) {
      const answer = await provider.refund({
        orderRef: order.public_id,
        providerReference: order.provider_reference ?? order.public_id,
        amountCents: request.amountCents,
        reason,
      });
      if (!answer.accepted) throw fail.conflict("exception.payments.refund_refused");
      providerTxnId = answer.providerTxnId;
    }
    const event: PaymentEvent = {
      // Without a provider (bank transfer, cash to code) the bank pays it out; the row says who did: "manual".
      provider: provider?.name ?? "manual",
      providerTxnId: providerTxnId ?? `${order.public_id}:refund:${before}:${request.amountCents}`,
      orderRef: order.public_id,
      outcome: "refund",
      amountCents: request.amountCents,
      method: order.method,
      raw: { reason, staff_id: request.staffId },
    };
    return await inTransaction(deps, async (trx) => {
      const locked = await lockedOrder(trx, deps, { id: order.id });
      if (!locked) throw fail.notFound("exception.payments.unknown_order");
      const txnId = await recordTransaction(trx, deps, locked, event);
      if (txnId === null) {
        // The same refund sent twice: answer the credit note the first one wrote.
        const note = await trx
          .selectFrom("invoices")
          .select("id")
          .where("order_id", "=", order.id)
          .where("document", "=", "credit_note")
          .orderBy("id", "desc")
          .executeTakeFirst();
        if (!note) throw fail.conflict("exception.payments.not_refundable");
        return { creditNoteId: note.id };
      }
      const result = await refund(trx, deps, locked, txnId, request.amountCents, reason, request.staffId);
      if (!result.applied) throw fail.conflict("exception.payments.not_refundable");
      if (result.creditNoteId === null) throw new Error(`payments: order ${order.id} was paid but has no invoice to credit`);
      return { creditNoteId: result.creditNoteId };
    });
  }

  return { settlePaymentEvent, refundOrder };
}

const product = createSettlement();

/** Takes one verified provider message or matched bank line (see the rules at the top of this file). */
export async function settlePaymentEvent(deps: ApiDeps, event: PaymentEvent): Promise<SettleResult> {
  return await product.settlePaymentEvent(deps, event);
}

/** Refunds all or part of a paid order: the provider's refund, a credit note, the good taken back, the ledger. */
export async function refundOrder(deps: ApiDeps, request: RefundRequest): Promise<{ creditNoteId: number }> {
  return await product.refundOrder(deps, request);
}

/**
 * Creates the order a membership's renewal charges (kind renewal, invoice type auto-renew): the membership's price as
 * bought (never a later list price), its method, and the buyer, language and VAT of its last order. The order starts
 * in `paying` (paying code 2): the renewal run charges it at once, and the outcome settles like any payment.
 */
export async function createRenewalOrder(deps: ApiDeps, membershipId: number): Promise<{ orderId: number; orderRef: string }> {
  const membership = await deps.db.selectFrom("memberships").selectAll().where("id", "=", membershipId).executeTakeFirst();
  if (!membership) throw fail.notFound("exception.payments.unknown_membership");
  let last = membership.last_order_id
    ? await deps.db.selectFrom("orders").selectAll().where("id", "=", membership.last_order_id).executeTakeFirst()
    : undefined;
  last ??= await deps.db
    .selectFrom("orders")
    .selectAll()
    .where("membership_id", "=", membershipId)
    .where("user_id", "=", membership.user_id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!last) throw fail.conflict("exception.payments.no_order_to_renew");
  return await createFollowUpOrder(deps, last, {
    userId: membership.user_id,
    kind: "renewal",
    goods: last.goods,
    sku: membership.package_id,
    itemType: last.item_type,
    months: membership.months,
    renewable: membership.renewable,
    grossCents: Number(membership.price_cents),
    method: membership.payment_method ?? last.method,
    membershipId,
    provider: last.provider,
  });
}

/** What a follow-up order buys; the buyer's data, language and VAT decision come from the earlier order. */
export interface FollowUpItem {
  userId: number;
  kind: OrderKind;
  goods: Goods;
  sku: string;
  titleKey?: string;
  itemType: InvoiceItemType;
  months: number;
  renewable: number;
  grossCents: number;
  method: PaymentMethod | null;
  membershipId: number | null;
  provider: string | null;
  /** Digital content delivered at once, with the moment of the buyer's consent (an auto recharge's opt-in). */
  digitalConsentAt?: number;
}

/** The earlier order's facts a follow-up order takes over. */
export type FollowUpSource = Pick<OrderRow, "vat_rate_bp" | "reverse_charge" | "vat_country" | "customer" | "evidence" | "language">;

/**
 * An order the platform charges without the member at the checkout (a membership's renewal, an auto recharge of
 * dollars): the buyer, language and VAT decision of an earlier order, the price as given. It starts in `paying`
 * (paying code 2): the caller charges it at once, and the outcome settles like any payment.
 */
export async function createFollowUpOrder(
  deps: ApiDeps,
  source: FollowUpSource,
  item: FollowUpItem,
): Promise<{ orderId: number; orderRef: string }> {
  const gross = item.grossCents;
  const rate = source.reverse_charge ? 0 : Number(source.vat_rate_bp);
  // VAT inside a gross price: gross × rate / (1 + rate), rounded to the cent; the rest is net.
  const vat = Math.round((gross * rate) / (10_000 + rate));
  const now = deps.clock.now();
  const orderRef = randomToken(16);
  const row = await deps.db
    .insertInto("orders")
    .values({
      public_id: orderRef,
      user_id: item.userId,
      kind: item.kind,
      status: "paying",
      paying_code: 2,
      step: "vat",
      goods: item.goods,
      sku: item.sku,
      ...(item.titleKey === undefined ? {} : { title_key: item.titleKey }),
      ...(item.digitalConsentAt === undefined ? {} : { digital_content: 1 }),
      item_type: item.itemType,
      months: item.months,
      renewable: item.renewable,
      method: item.method,
      currency: BILLING_CURRENCY,
      list_gross_cents: gross,
      discount_cents: 0,
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: rate,
      vat_country: source.vat_country,
      reverse_charge: source.reverse_charge,
      promo_code_id: null,
      customer: source.customer,
      evidence: source.evidence,
      language: source.language,
      digital_consent_at: item.digitalConsentAt ?? null,
      membership_id: item.membershipId,
      provider: item.provider,
      provider_reference: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { orderId: row.id, orderRef };
}

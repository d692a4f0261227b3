import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { ACCOUNTING_PAGE_SIZE, BANK_STATEMENT_MAX_BYTES, REFUND_REASON_MIN } from "../../contract/accounting";
import { accountingOps } from "../../contract/operations/accounting";
import {
  assignLine,
  buildBankFile,
  createPromoCode,
  importStatement,
  listInvoices,
  listOrders,
  listPayments,
  listListed,
  listPromoCodes,
  listUnmatched,
  orderDetail,
  promoCode,
  refund,
  revenue,
  setPromoActive,
  updatePromoCode,
} from "./service";

const BACKEND_ONLY = "Backend (9) accounts only: 404 for everyone else, team included (ADR 080); 401 without a token.";
const AUDITED = "Writes one row of the audit trail in the same transaction.";

/** The back office for money (issue 26 item 7, ADR 080). */
export function registerAccounting({ v2 }: ModuleContext): void {
  const tag = "backoffice";
  v2.add(
    accountingOps.orders,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Orders, newest first, ${ACCOUNTING_PAGE_SIZE} a page; filters status, goods, method, member (username or id), from/to (days in Europe/Berlin, by creation). ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await listOrders(c.get("deps"), user!.id, query)),
  );
  v2.add(
    accountingOps.order,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `One order with its payment transactions, invoices and credit notes, what is still refundable and its audit rows. ${BACKEND_ONLY}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await orderDetail(c.get("deps"), user!.id, rowIdParam(c.req.param("id")))),
  );
  v2.add(
    accountingOps.refund,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Refunds all (amount_cents = what is refundable) or part of a paid order with a required reason (at least ${REFUND_REASON_MIN} characters): the provider's refund, a credit note, the good taken back on a full refund. 400 at amount_cents over the refundable amount (params.max), 409 exception.accounting.not_refundable for an order that is not paid. ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await refund(c.get("deps"), user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    accountingOps.payments,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Payment transactions (the providers' verified messages and matched bank lines), newest first; filters outcome, method, order (id or public id), from/to. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await listPayments(c.get("deps"), user!.id, query)),
  );
  v2.add(
    accountingOps.invoices,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Invoices and credit notes, newest first; filters number (its beginning), status, document, from/to (issue day). ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await listInvoices(c.get("deps"), user!.id, query)),
  );
  v2.add(
    accountingOps.importStatement,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      maxBodyBytes: BANK_STATEMENT_MAX_BYTES * 2,
      summary: `Imports a camt.053 or camt.054 statement (its XML text): incoming transfers matched to open orders, returned debits turned into chargebacks, the rest to the unmatched list; a line seen before is skipped. ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 413],
    },
    async (c, { body, user }) => ok(c, await importStatement(c.get("deps"), user!.id, body.xml)),
  );
  v2.add(
    accountingOps.unmatched,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Bank lines no order matched, oldest first. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await listUnmatched(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    accountingOps.listed,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Bank lines that paid part of an order (what it still owes) or more than it owed (the excess), oldest first: to follow up by hand. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await listListed(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    accountingOps.assign,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Assigns an unmatched bank line to an order (its public id or payment reference), settling what it pays. ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await assignLine(c.get("deps"), user!.id, rowIdParam(c.req.param("id")), body.order_ref)),
  );
  v2.add(
    accountingOps.buildBankFile,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Builds the next SEPA file: kind collections (pain.008, the direct debits due) or transfers (pain.001, the refunds by transfer), for due_date (YYYY-MM-DD, a bank day from tomorrow; default the next). 409 when nothing is due. Download it with GET /backoffice/bank/files/{id}. ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await buildBankFile(c.get("deps"), user!.id, body)),
  );
  v2.add(
    accountingOps.promoCodes,
    { tag, auth: "required", staff: "money.manage", summary: `Promo codes, newest first. ${BACKEND_ONLY}`, statuses: [400, 401, 404] },
    async (c, { query, user }) => ok(c, await listPromoCodes(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    accountingOps.promoCode,
    { tag, auth: "required", staff: "money.manage", summary: `One promo code. ${BACKEND_ONLY}`, statuses: [401, 404] },
    async (c, { user }) => ok(c, await promoCode(c.get("deps"), user!.id, rowIdParam(c.req.param("id")))),
  );
  v2.add(
    accountingOps.createPromo,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Creates a promo code (upper case; percent 1–100 or fixed cents; goods or all; validity from/until as ms; total and per-member limits). 409 exception.accounting.code_taken at code. ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [201, 400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await createPromoCode(c.get("deps"), user!.id, body), { status: 201 }),
  );
  v2.add(
    accountingOps.updatePromo,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Changes a promo code (the same fields as creating it; redemptions stay). ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await updatePromoCode(c.get("deps"), user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    accountingOps.setPromoActive,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Deactivates or activates a promo code (an unchanged state writes nothing). ${AUDITED} ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { body, user }) => ok(c, await setPromoActive(c.get("deps"), user!.id, rowIdParam(c.req.param("id")), body.active)),
  );
  v2.add(
    accountingOps.revenue,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Revenue per day (default the last 30 days, at most 366) or month (default the last 12): paid orders' gross, net and VAT by the day they were paid, minus refunds and chargebacks on the day they happened (split by the order's VAT rate). Days in Europe/Berlin. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await revenue(c.get("deps"), user!.id, query)),
  );
}

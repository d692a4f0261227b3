/** The back office for money's endpoints (issue 26 item 7, ADR 080), as the web tier calls them. Backend accounts only. */
import type { PromoCodeBody } from "#server/contract/accounting";
import { accountingOps } from "#server/contract/operations/accounting";
import { bankOps } from "#server/contract/operations/bank";
import type { QueryInput } from "#server/contract/operation";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type AccountingOrderListData = DataOf<typeof accountingOps.orders>;
export type AccountingOrderDetailData = DataOf<typeof accountingOps.order>;
export type AccountingPaymentListData = DataOf<typeof accountingOps.payments>;
export type AccountingInvoiceListData = DataOf<typeof accountingOps.invoices>;
export type PromoCodeData = DataOf<typeof accountingOps.promoCode>;
export type PromoCodeListData = DataOf<typeof accountingOps.promoCodes>;
export type RevenueData = DataOf<typeof accountingOps.revenue>;
export type BankLineListData = DataOf<typeof accountingOps.unmatched>;
export type BankImportData = DataOf<typeof accountingOps.importStatement>;

export function fetchOrders(api: ApiClient, query: QueryInput<typeof accountingOps.orders>): Promise<ApiResult<AccountingOrderListData>> {
  return api.op(accountingOps.orders, { query, handleErrors: true });
}

export function fetchOrder(api: ApiClient, id: number): Promise<ApiResult<AccountingOrderDetailData>> {
  return api.op(accountingOps.order, { params: { id }, handleErrors: true });
}

export function refundOrder(api: ApiClient, id: number, body: { amount_cents: number; reason: string }) {
  return api.op(accountingOps.refund, { params: { id }, body, handleErrors: true });
}

export function fetchPayments(
  api: ApiClient,
  query: QueryInput<typeof accountingOps.payments>,
): Promise<ApiResult<AccountingPaymentListData>> {
  return api.op(accountingOps.payments, { query, handleErrors: true });
}

export function fetchInvoices(
  api: ApiClient,
  query: QueryInput<typeof accountingOps.invoices>,
): Promise<ApiResult<AccountingInvoiceListData>> {
  return api.op(accountingOps.invoices, { query, handleErrors: true });
}

export function importStatement(api: ApiClient, xml: string): Promise<ApiResult<BankImportData>> {
  return api.op(accountingOps.importStatement, { body: { xml }, handleErrors: true });
}

export function fetchUnmatched(api: ApiClient, page: number): Promise<ApiResult<BankLineListData>> {
  return api.op(accountingOps.unmatched, { query: { page }, handleErrors: true });
}

export function assignLine(api: ApiClient, id: number, orderRef: string) {
  return api.op(accountingOps.assign, { params: { id }, body: { order_ref: orderRef }, handleErrors: true });
}

export function fetchPromoCodes(api: ApiClient, page: number): Promise<ApiResult<PromoCodeListData>> {
  return api.op(accountingOps.promoCodes, { query: { page }, handleErrors: true });
}

export function fetchPromoCode(api: ApiClient, id: number): Promise<ApiResult<PromoCodeData>> {
  return api.op(accountingOps.promoCode, { params: { id }, handleErrors: true });
}

export function savePromoCode(api: ApiClient, id: number | null, body: PromoCodeBody): Promise<ApiResult<PromoCodeData>> {
  return id === null
    ? api.op(accountingOps.createPromo, { body, handleErrors: true })
    : api.op(accountingOps.updatePromo, { params: { id }, body, handleErrors: true });
}

export function setPromoActive(api: ApiClient, id: number, active: boolean): Promise<ApiResult<PromoCodeData>> {
  return api.op(accountingOps.setPromoActive, { params: { id }, body: { active }, handleErrors: true });
}

export function fetchRevenue(api: ApiClient, query: QueryInput<typeof accountingOps.revenue>): Promise<ApiResult<RevenueData>> {
  return api.op(accountingOps.revenue, { query, handleErrors: true });
}

export type BankFileListData = DataOf<typeof bankOps.files>;

/** The SEPA files built so far (the bank module's operation; backend accounts only). */
export function fetchBankFiles(api: ApiClient): Promise<ApiResult<BankFileListData>> {
  return api.op(bankOps.files, { handleErrors: true });
}

export function buildBankFile(api: ApiClient, kind: "collections" | "transfers", dueDate: string) {
  return api.op(accountingOps.buildBankFile, { body: { kind, due_date: dueDate }, handleErrors: true });
}

/** One SEPA file's XML as the API answers it (an attachment), for the page's download link. */
export function downloadBankFile(api: ApiClient, id: number): Promise<Response> {
  return api.raw(bankOps.file, { params: { id } });
}

export type BankListedLineListData = DataOf<typeof accountingOps.listed>;

export function fetchListedLines(api: ApiClient, page: number): Promise<ApiResult<BankListedLineListData>> {
  return api.op(accountingOps.listed, { query: { page }, handleErrors: true });
}

/** The member's invoices and billing details (spec section 7 "membership and payment"; ADR 077), as the web tier calls them. */
import type { BillingInfoInput, InvoiceFormat } from "#server/contract/invoices";
import { invoicesOps } from "#server/contract/operations/invoices";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type InvoiceListData = DataOf<typeof invoicesOps.list>;
export type BillingInfoData = DataOf<typeof invoicesOps.billingInfo>;

/** GET payment/invoices. */
export function fetchInvoices(api: ApiClient): Promise<ApiResult<InvoiceListData>> {
  return api.op(invoicesOps.list, { handleErrors: true });
}

/** GET payment/billing-info. */
export function fetchBillingInfo(api: ApiClient): Promise<ApiResult<BillingInfoData>> {
  return api.op(invoicesOps.billingInfo, { handleErrors: true });
}

/** POST payment/billing-info/update (field errors come back for the form). */
export function updateBillingInfo(api: ApiClient, body: BillingInfoInput): Promise<ApiResult<BillingInfoData>> {
  return api.op(invoicesOps.updateBillingInfo, { body, handleErrors: true });
}

/** The invoice's file as the API answers it (200), or its 404. */
export function fetchInvoiceFile(api: ApiClient, invoiceId: number, format: InvoiceFormat): Promise<Response> {
  return api.raw(invoicesOps.download, { params: { id: invoiceId }, query: { format } });
}

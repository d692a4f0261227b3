/** The invoices group's operations (spec section 7 "membership and payment"; ADR 062, 067, 077). */
import { billingInfoSchema, invoiceDownloadQuerySchema, vatCheckSchema } from "../invoices";
import { defineOperation } from "../operation";

export const invoicesOps = {
  list: defineOperation({ method: "get", path: "/api/v2/payment/invoices", response: "InvoiceList" }),
  download: defineOperation({ method: "get", path: "/api/v2/payment/invoices/:id/download", query: invoiceDownloadQuerySchema }),
  billingInfo: defineOperation({ method: "get", path: "/api/v2/payment/billing-info", response: "BillingInfo" }),
  updateBillingInfo: defineOperation({
    method: "post",
    path: "/api/v2/payment/billing-info/update",
    body: billingInfoSchema,
    response: "BillingInfo",
  }),
  vatCheck: defineOperation({ method: "post", path: "/api/v2/payment/vat-check", body: vatCheckSchema, response: "VatCheck" }),
};

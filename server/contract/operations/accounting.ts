/** The back office for money's operations (issue 26 item 7, ADR 062, 080): backend accounts only, 404 for everyone else. */
import { defineOperation } from "../operation";
import "../bank";
import {
  bankAssignBodySchema,
  bankFileBuildBodySchema,
  bankLinesQuerySchema,
  bankStatementBodySchema,
  invoiceFilterSchema,
  orderFilterSchema,
  paymentFilterSchema,
  promoActiveBodySchema,
  promoCodeBodySchema,
  promoListQuerySchema,
  refundBodySchema,
  revenueQuerySchema,
} from "../accounting";

const base = "/api/v2/backoffice/accounting";

export const accountingOps = {
  orders: defineOperation({ method: "get", path: `${base}/orders`, query: orderFilterSchema, response: "AccountingOrderList" }),
  order: defineOperation({ method: "get", path: `${base}/orders/:id`, response: "AccountingOrderDetail" }),
  refund: defineOperation({ method: "post", path: `${base}/orders/:id/refund`, body: refundBodySchema, response: "RefundDone" }),
  payments: defineOperation({ method: "get", path: `${base}/payments`, query: paymentFilterSchema, response: "AccountingPaymentList" }),
  invoices: defineOperation({ method: "get", path: `${base}/invoices`, query: invoiceFilterSchema, response: "AccountingInvoiceList" }),
  importStatement: defineOperation({
    method: "post",
    path: `${base}/bank/statements`,
    body: bankStatementBodySchema,
    response: "BankImportDone",
  }),
  unmatched: defineOperation({ method: "get", path: `${base}/bank/unmatched`, query: bankLinesQuerySchema, response: "BankLineList" }),
  listed: defineOperation({ method: "get", path: `${base}/bank/listed`, query: bankLinesQuerySchema, response: "BankListedLineList" }),
  assign: defineOperation({
    method: "post",
    path: `${base}/bank/unmatched/:id/assign`,
    body: bankAssignBodySchema,
    response: "BankLineAssigned",
  }),
  buildBankFile: defineOperation({
    method: "post",
    path: `${base}/bank/files`,
    body: bankFileBuildBodySchema,
    response: "BankFileSummary",
  }),
  promoCodes: defineOperation({ method: "get", path: `${base}/promo-codes`, query: promoListQuerySchema, response: "PromoCodeList" }),
  promoCode: defineOperation({ method: "get", path: `${base}/promo-codes/:id`, response: "PromoCode" }),
  createPromo: defineOperation({ method: "post", path: `${base}/promo-codes`, body: promoCodeBodySchema, response: "PromoCode" }),
  updatePromo: defineOperation({ method: "put", path: `${base}/promo-codes/:id`, body: promoCodeBodySchema, response: "PromoCode" }),
  setPromoActive: defineOperation({
    method: "post",
    path: `${base}/promo-codes/:id/active`,
    body: promoActiveBodySchema,
    response: "PromoCode",
  }),
  revenue: defineOperation({ method: "get", path: `${base}/revenue`, query: revenueQuerySchema, response: "Revenue" }),
};

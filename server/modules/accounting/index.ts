/**
 * The back office's money pages (issue 26 item 7, ADR 080): orders, payments and invoices with filters, refunds with a
 * reason, the camt import and its unmatched list, the promo code editor and revenue per day and month. Backend role
 * only until the trust and safety issue's permission matrix exists; every action writes the audit trail.
 */
import { defineFeature } from "../manifest";
import { registerAccounting } from "./routes";

export const manifest = defineFeature({ name: "accounting", routes: registerAccounting });
export { listOrders } from "./service";

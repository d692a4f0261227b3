/**
 * The append-only audit trail (issue 26 item 7, ADR 080): every money action of staff — refunds, grants, corrections,
 * payout approvals, bank assignments, promo codes — writes who, when, what, why, and the state before and after, in
 * the transaction that does it. Nothing updates or deletes a row (triggers on both databases). The trust and safety
 * issue adds its viewer; the back office's order page shows an order's rows.
 */
import { defineFeature } from "../manifest";
import * as m0067 from "./migrations/0067_audit";
import { registerAudit } from "./routes";

export const manifest = defineFeature({ name: "audit", routes: registerAudit, migrations: { "0067_audit": m0067 } });
export { recordAudit, auditTrailOf, type AuditEntry, type AuditRow } from "./service";

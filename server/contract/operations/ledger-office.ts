/** The ledger in the back office (issue 27 item 7, ADR 062, 087): backend accounts only, 404 for everyone else. */
import { defineOperation } from "../operation";
import { ledgerMemberQuerySchema, staffLedgerBodySchema } from "../ledger-office";

const base = "/api/v2/backoffice/ledger";

export const ledgerOfficeOps = {
  member: defineOperation({ method: "get", path: `${base}/accounts`, query: ledgerMemberQuerySchema, response: "LedgerOfficeMember" }),
  act: defineOperation({ method: "post", path: `${base}/operations`, body: staffLedgerBodySchema, response: "StaffLedgerDone" }),
  reports: defineOperation({ method: "get", path: `${base}/reconciliations`, response: "ReconciliationReportList" }),
  reconcile: defineOperation({ method: "post", path: `${base}/reconciliations`, response: "ReconciliationReportList" }),
};

import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { ledgerOfficeOps } from "../../contract/operations/ledger-office";
import { LEDGER_OFFICE_PAGE_SIZE, RECONCILIATION_REPORTS_SHOWN, STAFF_REASON_MIN } from "../../contract/ledger-office";
import { listReconciliations, reconcileNow } from "./reconciliation";
import { actOnLedger, memberLedger } from "./service";

const BACKEND_ONLY = "Backend (9) accounts only: 404 for everyone else, team included (ADR 080); 401 without a token.";

/** The ledger in the back office (issue 27 item 7, ADR 087). */
export function registerLedgerOffice({ v2 }: ModuleContext): void {
  const tag = "backoffice";
  v2.add(
    ledgerOfficeOps.member,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `One member's ledger (member: username or id), read-only: accounts with cached balances, and the operations that touched them with their transfers, newest first, ${LEDGER_OFFICE_PAGE_SIZE} a page. 404 exception.ledger_office.member_not_found at member. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => ok(c, await memberLedger(c.get("deps"), user!.id, query)),
  );
  v2.add(
    ledgerOfficeOps.act,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `A staff action on a member's dollars as a new operation: grant (GRANT from grants), debit (CORRECTION back to grants), freeze (FREEZE wallet → frozen), defrost (DEFROST frozen → wallet); amount whole dollars, reason at least ${STAFF_REASON_MIN} characters, key the form's idempotency key (a retry answers the first result, replayed true, and writes nothing). 409 exception.ledger_office.insufficient at amount (params.held) when the account holds less; 409 exception.ledger_office.own_account for the staff member's own account. Writes one audit row in the same transaction. ${BACKEND_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await actOnLedger(c.get("deps"), user!.id, body)),
  );
  v2.add(
    ledgerOfficeOps.reports,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `The latest ${RECONCILIATION_REPORTS_SHOWN} reconciliation reports (one per run and currency), newest first; ok false marks a difference. ${BACKEND_ONLY}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await listReconciliations(c.get("deps"), user!.id)),
  );
  v2.add(
    ledgerOfficeOps.reconcile,
    {
      tag,
      auth: "required",
      staff: "money.manage",
      summary: `Runs the reconciliation now for dollars and euros (as the daily job), stores its reports with an audit row, alerts on a difference, and answers the latest reports. ${BACKEND_ONLY}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await reconcileNow(c.get("deps"), user!.id)),
  );
}

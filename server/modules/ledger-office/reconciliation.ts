/**
 * The daily reconciliation (issue 27 item 7, ADR 087): for dollars and euros, reconcileLedger's invariants (the sum of
 * all accounts is 0, no member account below zero, every cached balance equals its transfers), and for dollars the
 * identity
 *
 *   liabilities = sold + granted − consumed − paid out − reclaimed + loss
 *
 * with liabilities the members' cached balances and each term read from the platform accounts' transfers by kind.
 * Each run stores one report row per currency; any difference logs an error and mails every backend account.
 */
import { sql, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { LEDGER_CURRENCIES, type LedgerCurrency } from "../../contract/ledger";
import {
  RECONCILIATION_REPORTS_SHOWN,
  type ReconciliationIdentity,
  type ReconciliationReport,
  type ReconciliationReportList,
} from "../../contract/ledger-office";
import { USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { recordAudit } from "../audit/index";
import { reconcileLedger, type LedgerDeps } from "../ledger/index";
import { reconciliationAlertMail } from "./mails";
import { requireBackend } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily run's hour (UTC): 03:00, after the day's renewals and before staff start (04:00/05:00 in Berlin). */
const RUN_HOUR_MS = 3 * 60 * 60 * 1000;

/** A flow between a member account ("member") and a platform account, or between two platform accounts. */
interface Flow {
  kind: string;
  source: string;
  target: string;
  sum: number;
}

/** The dollar flows that touch a platform account, summed by kind and by the two accounts' names. */
async function platformFlows(deps: Pick<ApiDeps, "db">): Promise<Flow[]> {
  const result = await sql<{ kind: string; source: string; target: string; sum: number | string | null }>`
    SELECT o.kind AS kind,
           CASE WHEN f.user_id IS NULL THEN f.purpose ELSE 'member' END AS source,
           CASE WHEN r.user_id IS NULL THEN r.purpose ELSE 'member' END AS target,
           SUM(t.amount) AS sum
      FROM ledger_transfers t
      JOIN ledger_operations o ON o.id = t.operation_id
      JOIN ledger_accounts f ON f.id = t.from_account_id
      JOIN ledger_accounts r ON r.id = t.to_account_id
     WHERE f.currency = 'dollar' AND (f.user_id IS NULL OR r.user_id IS NULL)
     GROUP BY 1, 2, 3`.execute(deps.db);
  return result.rows.map((row) => ({ kind: row.kind, source: row.source, target: row.target, sum: Number(row.sum ?? 0) }));
}

/**
 * The identity's terms from the flows (contract/ledger.ts gives each platform account's meaning): sold is what `sales`
 * gave members less refunds; reclaimed is what chargebacks took back into `sales`, from wallets or, for dollars already
 * spent, from `chargeback_loss` (which is also the loss); granted is what `grants` gave less corrections; consumed and
 * paid out are what reached `revenue` and `paid_out` (less anything they gave back).
 */
export function identityOf(flows: Flow[]): ReconciliationIdentity {
  const sum = (test: (flow: Flow) => boolean) => flows.filter(test).reduce((total, flow) => total + flow.sum, 0);
  const between = (source: string, target: string) => (flow: Flow) => flow.source === source && flow.target === target;
  const memberToSales = (reclaim: boolean) => (flow: Flow) => between("member", "sales")(flow) && (flow.kind === "RECLAIM") === reclaim;
  const loss = sum(between("chargeback_loss", "sales"));
  return {
    sold: sum(between("sales", "member")) - sum(memberToSales(false)),
    granted: sum(between("grants", "member")) - sum(between("member", "grants")),
    consumed: sum(between("member", "revenue")) - sum(between("revenue", "member")),
    paidOut: sum(between("member", "paid_out")) - sum(between("paid_out", "member")),
    reclaimed: sum(memberToSales(true)) + loss,
    loss,
  };
}

export const expectedLiabilities = (identity: ReconciliationIdentity) =>
  identity.sold + identity.granted - identity.consumed - identity.paidOut - identity.reclaimed + identity.loss;

/** One currency measured: reconcileLedger's report, and for dollars the identity and its difference. */
export async function measureCurrency(deps: LedgerDeps, currency: LedgerCurrency) {
  const report = await reconcileLedger(deps, currency);
  const platformTotal = Object.values(report.platform).reduce((total, balance) => total + balance, 0);
  const liabilities = report.imbalance - platformTotal;
  const identity = currency === "dollar" ? identityOf(await platformFlows(deps)) : null;
  const identityDifference = identity ? liabilities - expectedLiabilities(identity) : null;
  const ok = report.imbalance === 0 && report.negative === 0 && report.mismatched === 0 && (identityDifference ?? 0) === 0;
  return { report, liabilities: currency === "dollar" ? liabilities : null, identity, identityDifference, ok };
}

type Row = Database["ledger_reconciliations"];

function reportOf(row: Omit<Row, "id"> & { id: number }): ReconciliationReport {
  return {
    id: row.id,
    currency: row.currency,
    ranAt: Number(row.ran_at),
    trigger: row.trigger,
    ok: Number(row.ok) === 1,
    accounts: Number(row.accounts),
    transfers: Number(row.transfers),
    imbalance: Number(row.imbalance),
    negative: Number(row.negative),
    mismatched: Number(row.mismatched),
    liabilities: row.liabilities === null ? null : Number(row.liabilities),
    identity: row.identity_json === null ? null : (JSON.parse(row.identity_json) as ReconciliationIdentity),
    identityDifference: row.identity_difference === null ? null : Number(row.identity_difference),
    platform: JSON.parse(row.platform_json) as Record<string, number>,
  };
}

/**
 * Measures both currencies (outside any transaction: SQLite's one connection would wait on itself), then stores their
 * reports in one transaction with `more` (a staff run's audit row). Answers the stored reports.
 */
async function measureAndStore(
  deps: ApiDeps,
  trigger: "job" | "staff",
  actorId: number | null,
  more?: (trx: Transaction<Database>, stored: ReconciliationReport[]) => Promise<void>,
): Promise<ReconciliationReport[]> {
  const now = deps.clock.now();
  const rows: Array<Omit<Row, "id">> = [];
  for (const currency of LEDGER_CURRENCIES) {
    const measured = await measureCurrency(deps, currency);
    rows.push({
      currency,
      trigger,
      actor_id: actorId,
      ok: measured.ok ? 1 : 0,
      accounts: measured.report.accounts,
      transfers: measured.report.transfers,
      imbalance: measured.report.imbalance,
      negative: measured.report.negative,
      mismatched: measured.report.mismatched,
      liabilities: measured.liabilities,
      identity_json: measured.identity ? JSON.stringify(measured.identity) : null,
      identity_difference: measured.identityDifference,
      platform_json: JSON.stringify(measured.report.platform),
      ran_at: now,
    });
  }
  return deps.db.transaction().execute(async (trx) => {
    const stored: ReconciliationReport[] = [];
    for (const values of rows) {
      const { id } = await trx.insertInto("ledger_reconciliations").values(values).returning("id").executeTakeFirstOrThrow();
      stored.push(reportOf({ ...values, id }));
    }
    if (more) await more(trx, stored);
    return stored;
  });
}

/** A difference is an incident: an error line for the logs' alerting, and a mail to every active backend account. */
async function alertOn(deps: ApiDeps, reports: ReconciliationReport[]): Promise<void> {
  const failed = reports.filter((report) => !report.ok);
  if (failed.length === 0) return;
  deps.log.error({ reports: failed }, "ledger reconciliation found a difference");
  const staff = await deps.db
    .selectFrom("users")
    .select(["email", "username", "language"])
    .where("user_type", "=", USER_TYPE.backend)
    .where("status", "=", "active")
    .execute();
  for (const member of staff)
    await deps.mailer.send(
      reconciliationAlertMail({
        to: member.email,
        username: member.username,
        language: member.language,
        reports: failed,
        link: `${deps.config.publicUrl}/${member.language}/backoffice/ledger/reconciliation`,
      }),
    );
}

/** The daily job's run: both currencies measured and stored, the alert when needed, the next day's run queued. */
export async function runDailyReconciliation(deps: ApiDeps): Promise<ReconciliationReport[]> {
  const reports = await measureAndStore(deps, "job", null);
  await alertOn(deps, reports);
  await scheduleLedgerReconciliation(deps, (Math.floor(deps.clock.now() / DAY_MS) + 1) * DAY_MS);
  return reports;
}

/**
 * Queues the run of the day `at` falls in, at RUN_HOUR_MS (or at once when that has passed); a no-op when that day's
 * run is queued or done. Maintenance calls it every pass, so a lost job or a restart never skips a day.
 */
export async function scheduleLedgerReconciliation(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  const day = Math.floor(at / DAY_MS);
  await enqueueJob(
    deps.db,
    deps.clock,
    "ledger.reconcile",
    {},
    {
      key: `ledger.reconcile:${day}`,
      runAt: Math.max(day * DAY_MS + RUN_HOUR_MS, deps.clock.now()),
    },
  );
}

/** Staff's "run now": the same measurement, stored with the staff member and an audit row; alerts as the job does. */
export async function reconcileNow(deps: ApiDeps, staffId: number): Promise<ReconciliationReportList> {
  await requireBackend(deps, staffId);
  const reports = await measureAndStore(deps, "staff", staffId, (trx, stored) =>
    recordAudit(
      trx,
      {
        actorId: staffId,
        action: "ledger.reconcile",
        subjectType: "ledger",
        subjectId: "all",
        reason: null,
        before: null,
        after: stored.map((report) => ({ id: report.id, currency: report.currency, ok: report.ok })),
      },
      deps.clock.now(),
    ),
  );
  await alertOn(deps, reports);
  return listReconciliations(deps, staffId);
}

/** The latest reports, newest first. */
export async function listReconciliations(deps: ApiDeps, staffId: number): Promise<ReconciliationReportList> {
  await requireBackend(deps, staffId);
  const rows = await deps.db
    .selectFrom("ledger_reconciliations")
    .selectAll()
    .orderBy("ran_at", "desc")
    .orderBy("currency")
    .limit(RECONCILIATION_REPORTS_SHOWN)
    .execute();
  return { items: rows.map(reportOf) };
}

/**
 * Housekeeping that keeps the abuse tables small and personal data no longer
 * than needed: finished rate-limit windows, expired or used captchas, spent
 * password-reset links, dead tokens, old mails of the outbox (they hold
 * addresses and links), spent e-mail-change and deletion requests.
 * Runs in every API process; the deletes are idempotent, so several
 * processes doing it at once is harmless.
 */
import { refreshPlannerStatistics, type DB } from "../db/index";
import type { Logger } from "../ops/logger";
import type { Clock } from "../lib/clock";
import { pruneCounters } from "../lib/rate-limit";
import type { ApiDeps } from "../api/types";
import { storageOf, sweepBuyerCopies, sweepChunkedUploads } from "../modules/media/index";
import { openReviewWindows } from "../modules/reviews/index";
import { scheduleRenewalScan } from "../modules/renewals/index";
import { runBankMaintenance } from "../modules/bank/index";
import { scheduleLedgerReconciliation } from "../modules/ledger-office/index";
import { scheduleEarningRelease } from "../modules/payouts/index";
import { scheduleFanRenewals } from "../modules/fans/index";
import { scheduleTrending } from "../modules/newsfeed/index";
import { scheduleTransparencyReports } from "../modules/transparency/index";
import { scheduleActivityRollup } from "../modules/activity/index";
import { pruneSearchProfileChanges } from "../modules/search/index";

export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;
/** Longest rate-limit window is one day; keep two for safety. */
const COUNTER_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** Revoked or expired tokens stay a week for incident forensics. */
const TOKEN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** A mail a month old has been delivered or never will be; its copy holds an address and maybe a link. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Finished jobs stay a week (what ran, for support); failed ones a month, for whoever looks into them. */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const FAILED_JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface MaintenanceOptions {
  uploadTmpDir?: string;
  /** The services' dependencies, for passes that notify members (the review windows of dates that ended). */
  deps?: ApiDeps;
}

export async function runMaintenance(db: DB, clock: Clock, options: MaintenanceOptions = {}): Promise<void> {
  const now = clock.now();
  // Dates that ended open their review window: both members are told once (ADR 047).
  if (options.deps) await openReviewWindows(options.deps);
  // The renewal scan reschedules itself; this starts it after a restart or a lost job (ADR 078).
  if (options.deps) await scheduleRenewalScan(options.deps);
  // The daily ledger reconciliation reschedules itself too; this starts it after a restart (ADR 087).
  if (options.deps) await scheduleLedgerReconciliation(options.deps);
  // The earnings' release reschedules itself hourly; this starts it after a restart or a lost job (ADR 086).
  if (options.deps) await scheduleEarningRelease(options.deps);
  // The fan subscriptions' renewal run reschedules itself hourly; this starts it after a restart (ADR 094).
  if (options.deps) await scheduleFanRenewals(options.deps);
  // The newsfeed's trending scores are recomputed per slot by a job that reschedules itself; this starts it (ADR 095).
  if (options.deps) await scheduleTrending(options.deps);
  // The transparency report of each half-year (and year) is published by a job that enqueues the next (ADR 114).
  if (options.deps) await scheduleTransparencyReports(options.deps);
  // The activity tracker's rollup into the dashboard's counts reschedules itself; this starts it (ADR 132).
  if (options.deps) await scheduleActivityRollup(options.deps);
  // The search index's change log keeps its last rows only (ADR 151).
  if (options.deps) await pruneSearchProfileChanges(options.deps);
  // New direct-debit orders get their mandate and pre-notification; lost settlements are redone (ADR 079).
  if (options.deps) await runBankMaintenance(options.deps);
  // Buyers' watermarked copies past their lifetime (ADR 098).
  if (options.deps) await sweepBuyerCopies(options.deps, storageOf(options.deps));
  // Chunked uploads nobody finished within their day (pieces of photos on disk).
  if (options.uploadTmpDir) await sweepChunkedUploads(options.uploadTmpDir, now);
  await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "done"), eb("finished_at", "<", now - DONE_JOB_RETENTION_MS)]),
        eb.and([eb("state", "=", "failed"), eb("finished_at", "<", now - FAILED_JOB_RETENTION_MS)]),
      ]),
    )
    .execute();
  await pruneCounters(db, now, COUNTER_RETENTION_MS);
  await db
    .deleteFrom("captcha_challenges")
    .where((eb) => eb.or([eb("expires_at", "<", now), eb("used_at", "is not", null)]))
    .execute();
  await db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("expires_at", "<", now), eb("used_at", "is not", null)]))
    .execute();
  await db
    .deleteFrom("access_tokens")
    .where((eb) => eb.or([eb("refresh_expires_at", "<", now - TOKEN_RETENTION_MS), eb("revoked_at", "<", now - TOKEN_RETENTION_MS)]))
    .execute();
  await db
    .deleteFrom("mail_outbox")
    .where("created_at", "<", now - MAIL_RETENTION_MS)
    .execute();
  for (const table of ["email_changes", "account_deletions"] as const) {
    await db
      .deleteFrom(table)
      .where((eb) => eb.or([eb("expires_at", "<", now - TOKEN_RETENTION_MS), eb("closed_at", "<", now - TOKEN_RETENTION_MS)]))
      .execute();
  }
  // A growing embedded database keeps the planner's statistics current (cheap when nothing moved much).
  await refreshPlannerStatistics(db);
}

/** Starts the periodic run; returns a stop function for shutdown. */
export function startMaintenance(db: DB, clock: Clock, log: Pick<Logger, "error">, options: MaintenanceOptions = {}): () => void {
  const tick = () =>
    runMaintenance(db, clock, options).catch((err: unknown) => log.error({ job: "maintenance", err }, "maintenance pass failed"));
  void tick();
  const timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

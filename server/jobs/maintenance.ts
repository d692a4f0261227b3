/**
 * Housekeeping that keeps the abuse tables small and personal data no longer
 * than needed: finished rate-limit windows, expired or used captchas, spent
 * password-reset links, dead tokens, old mails of the outbox (they hold
 * addresses and links), spent e-mail-change and deletion requests, the
 * search index's change log beyond its last rows (ADR 151).
 * Runs in every API process (server/index.ts, which npm start, npm run serve
 * and every instance of npm run cluster run); the deletes are idempotent, so
 * several processes doing it at once is harmless.
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

/** Which passes of one maintenance run failed; the others ran (each pass on its own, see runMaintenance). */
export class MaintenanceFailed extends Error {
  constructor(readonly failures: ReadonlyArray<{ pass: string; err: unknown }>) {
    super(`maintenance passes failed: ${failures.map((f) => f.pass).join(", ")}`);
  }
}

export async function runMaintenance(db: DB, clock: Clock, options: MaintenanceOptions = {}): Promise<void> {
  const now = clock.now();
  const deps = options.deps;
  // Each pass on its own: one that fails (a provider down, a bug) is reported after the rest ran, so it never stops
  // the prunes behind it (the search index's change log grows with every profile edit: ADR 151, 164).
  const failures: Array<{ pass: string; err: unknown }> = [];
  const pass = async (name: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      failures.push({ pass: name, err });
    }
  };
  if (deps) {
    // Dates that ended open their review window: both members are told once (ADR 047).
    await pass("review windows", () => openReviewWindows(deps));
    // The renewal scan reschedules itself; this starts it after a restart or a lost job (ADR 078).
    await pass("renewal scan", () => scheduleRenewalScan(deps));
    // The daily ledger reconciliation reschedules itself too; this starts it after a restart (ADR 087).
    await pass("ledger reconciliation", () => scheduleLedgerReconciliation(deps));
    // The earnings' release reschedules itself hourly; this starts it after a restart or a lost job (ADR 086).
    await pass("earning release", () => scheduleEarningRelease(deps));
    // The fan subscriptions' renewal run reschedules itself hourly; this starts it after a restart (ADR 094).
    await pass("fan renewals", () => scheduleFanRenewals(deps));
    // The newsfeed's trending scores are recomputed per slot by a job that reschedules itself; this starts it (ADR 095).
    await pass("trending", () => scheduleTrending(deps));
    // The transparency report of each half-year (and year) is published by a job that enqueues the next (ADR 114).
    await pass("transparency reports", () => scheduleTransparencyReports(deps));
    // The activity tracker's rollup into the dashboard's counts reschedules itself; this starts it (ADR 132).
    await pass("activity rollup", () => scheduleActivityRollup(deps));
    // New direct-debit orders get their mandate and pre-notification; lost settlements are redone (ADR 079).
    await pass("bank", () => runBankMaintenance(deps));
    // Buyers' watermarked copies past their lifetime (ADR 098).
    await pass("buyer copies", () => sweepBuyerCopies(deps, storageOf(deps)));
  }
  // The search index's change log keeps its last rows only (ADR 151). It needs the database alone, so every run
  // prunes it, whoever calls (every instance's timer: npm start, npm run serve, the cluster's instances).
  await pass("search change log", () => pruneSearchProfileChanges({ db }));
  // Chunked uploads nobody finished within their day (pieces of photos on disk).
  const uploadTmpDir = options.uploadTmpDir;
  if (uploadTmpDir) await pass("chunked uploads", () => sweepChunkedUploads(uploadTmpDir, now));
  await pass("jobs", () =>
    db
      .deleteFrom("jobs")
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "done"), eb("finished_at", "<", now - DONE_JOB_RETENTION_MS)]),
          eb.and([eb("state", "=", "failed"), eb("finished_at", "<", now - FAILED_JOB_RETENTION_MS)]),
        ]),
      )
      .execute(),
  );
  await pass("rate counters", () => pruneCounters(db, now, COUNTER_RETENTION_MS));
  await pass("captchas", () =>
    db
      .deleteFrom("captcha_challenges")
      .where((eb) => eb.or([eb("expires_at", "<", now), eb("used_at", "is not", null)]))
      .execute(),
  );
  await pass("password resets", () =>
    db
      .deleteFrom("password_resets")
      .where((eb) => eb.or([eb("expires_at", "<", now), eb("used_at", "is not", null)]))
      .execute(),
  );
  await pass("access tokens", () =>
    db
      .deleteFrom("access_tokens")
      .where((eb) => eb.or([eb("refresh_expires_at", "<", now - TOKEN_RETENTION_MS), eb("revoked_at", "<", now - TOKEN_RETENTION_MS)]))
      .execute(),
  );
  await pass("mail outbox", () =>
    db
      .deleteFrom("mail_outbox")
      .where("created_at", "<", now - MAIL_RETENTION_MS)
      .execute(),
  );
  for (const table of ["email_changes", "account_deletions"] as const) {
    await pass(table, () =>
      db
        .deleteFrom(table)
        .where((eb) => eb.or([eb("expires_at", "<", now - TOKEN_RETENTION_MS), eb("closed_at", "<", now - TOKEN_RETENTION_MS)]))
        .execute(),
    );
  }
  // A growing embedded database keeps the planner's statistics current (cheap when nothing moved much).
  await pass("planner statistics", () => refreshPlannerStatistics(db));
  if (failures.length > 0) throw new MaintenanceFailed(failures);
}

/** Starts the periodic run; returns a stop function for shutdown. */
export function startMaintenance(db: DB, clock: Clock, log: Pick<Logger, "error">, options: MaintenanceOptions = {}): () => void {
  const tick = () =>
    runMaintenance(db, clock, options).catch((err: unknown) => {
      const failures = err instanceof MaintenanceFailed ? err.failures : [{ pass: "maintenance", err }];
      for (const failure of failures) log.error({ job: "maintenance", pass: failure.pass, err: failure.err }, "maintenance pass failed");
    });
  void tick();
  const timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

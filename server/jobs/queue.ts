/**
 * The job table (ADR 031): background work that must survive a restart and run once, on either database.
 *
 * - enqueueJob() inserts a row in the caller's transaction, so a job exists exactly when the change that
 *   caused it was committed. A job_key makes a job unique while it is queued or running.
 * - claimJobs() leases due jobs to one worker: `FOR UPDATE SKIP LOCKED` on PostgreSQL (several instances
 *   share the table without waiting on each other), one `BEGIN IMMEDIATE` transaction on SQLite (the write
 *   lock is taken before the due rows are read, so two processes on one file cannot both take a row).
 * - A failed run is retried with exponential backoff until max_attempts; a worker that dies mid-job loses
 *   its lease, and the job is claimed again when the lease ends.
 * Handlers must be idempotent: a job can run twice when a worker dies after the work but before the commit.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { sqliteHandleOf, type DB, type Dialect } from "../db/index";
import type { Database, JobState } from "../db/schema";
import type { Clock } from "../lib/clock";
import type { Logger } from "../ops/logger";
import type { JobKind, JobPayloads } from "./kinds";

export const DEFAULT_MAX_ATTEMPTS = 8;
/** How long a worker may hold a job before another may take it; handlers that take longer set their own. */
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;
export const POLL_INTERVAL_MS = 1_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;
const LAST_ERROR_MAX_LENGTH = 1000;

/** Wait before the next try after `attempts` failed runs: 30 s, 1 min, 2 min … capped at 1 h. */
export function jobBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

type Executor = DB | Transaction<Database>;

export interface EnqueueOptions {
  /** Not before this time (epoch ms); default now. */
  runAt?: number;
  /** At most one queued or running job with this key; a second enqueue is a no-op. */
  key?: string;
  maxAttempts?: number;
}

/** Adds a job; pass the transaction of the change that causes it. Returns false when its key is taken. */
export async function enqueueJob<K extends JobKind>(
  db: Executor,
  clock: Clock,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<boolean> {
  const now = clock.now();
  const result = await db
    .insertInto("jobs")
    .values({
      kind,
      job_key: options.key ?? null,
      payload: JSON.stringify(payload),
      state: "queued",
      run_at: options.runAt ?? now,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now,
    })
    .onConflict((oc) => oc.column("job_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export interface ClaimedJob {
  id: number;
  kind: JobKind;
  payload: unknown;
  /** This run's number, 1 for the first. */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  jobId: number;
  attempt: number;
  maxAttempts: number;
}

/** Runs one kind's jobs: declared with the kind in its module's manifest (defineJob, server/modules/manifest.ts). */
export interface JobHandler<Payload> {
  run(payload: Payload, context: JobContext): Promise<void>;
  /** Longer than the slowest run (e.g. a video encode); default DEFAULT_LEASE_MS. */
  leaseMs?: number;
}

export type JobHandlers = { [K in JobKind]?: JobHandler<JobPayloads[K]> };

interface ClaimRequest {
  kinds: JobKind[];
  limit: number;
  worker: string;
  now: number;
  leaseMs: number;
}

/** Leases up to `limit` due jobs of the given kinds to `worker`. */
export async function claimJobs(db: DB, dialect: Dialect, request: ClaimRequest): Promise<ClaimedJob[]> {
  if (request.kinds.length === 0 || request.limit < 1) return [];
  const { kinds, limit, worker, now, leaseMs } = request;
  const claim = (executor: DB) => {
    let due = executor
      .selectFrom("jobs")
      .select("id")
      .where("kind", "in", kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "queued"), eb("run_at", "<=", now)]),
          eb.and([eb("state", "=", "running"), eb("locked_until", "<", now)]),
        ]),
      )
      .orderBy("run_at")
      .orderBy("id")
      .limit(limit);
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    return executor
      .updateTable("jobs")
      .set((eb) => ({ state: "running", locked_by: worker, locked_until: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", due)
      .returning(["id", "kind", "payload", "attempts", "max_attempts"]);
  };
  let rows: Array<{ id: number; kind: string; payload: string; attempts: number; max_attempts: number }>;
  if (dialect === "postgres") {
    rows = await claim(db).execute();
  } else {
    // One synchronous IMMEDIATE transaction on the connection itself: nothing of this process runs in
    // between (an awaited BEGIN … COMMIT would let a second handle block the event loop on the lock).
    const sqlite = sqliteHandleOf(db);
    if (!sqlite) throw new Error("job claims need a database opened by openDatabase()");
    const compiled = claim(db).compile();
    rows = sqlite.transaction(() => sqlite.prepare(compiled.sql).all(...(compiled.parameters as unknown[])) as typeof rows).immediate();
  }
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind as JobKind,
      payload: JSON.parse(row.payload) as unknown,
      attempt: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

async function finish(
  db: DB,
  job: ClaimedJob,
  worker: string,
  state: JobState,
  values: { run_at?: number; last_error?: string | null },
  now: number,
) {
  const finished = state === "done" || state === "failed";
  await db
    .updateTable("jobs")
    .set({
      state,
      locked_by: null,
      locked_until: null,
      finished_at: finished ? now : null,
      // A finished job frees its key: the next export of the month may be enqueued.
      ...(finished ? { job_key: null } : {}),
      ...values,
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", worker)
    .execute();
}

export type JobOutcome = "done" | "retry" | "failed";

export interface JobRunnerOptions {
  db: DB;
  dialect: Dialect;
  clock: Clock;
  log: Pick<Logger, "warn" | "error">;
  handlers: JobHandlers;
  /** Jobs claimed per pass (run one after the other: heavy work like encoding must not pile up). */
  batchSize?: number;
  pollMs?: number;
  /** Metrics hook. */
  onFinished?: (kind: JobKind, outcome: JobOutcome, seconds: number) => void;
}

export interface JobRunner {
  /** Runs due jobs until none is left (tests call this instead of waiting for the timer). */
  runDue(): Promise<Record<JobOutcome, number>>;
  start(): void;
  /** Stops claiming and waits for the job in progress, at most `graceMs` (its lease brings it back later). */
  stop(graceMs?: number): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, dialect, clock, log, handlers } = options;
  const worker = randomUUID();
  const kinds = Object.keys(handlers) as JobKind[];
  const leaseMs = Math.max(DEFAULT_LEASE_MS, ...kinds.map((kind) => handlers[kind]?.leaseMs ?? 0));
  const batchSize = options.batchSize ?? 4;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<unknown> | null = null;

  async function runOne(job: ClaimedJob): Promise<JobOutcome> {
    const started = performance.now();
    const handler = handlers[job.kind] as JobHandler<JobPayloads[JobKind]> | undefined;
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      if (job.attempt > job.maxAttempts) throw new Error("lease ended too often (the worker died during the job)");
      await handler.run(job.payload as JobPayloads[JobKind], { jobId: job.id, attempt: job.attempt, maxAttempts: job.maxAttempts });
      await finish(db, job, worker, "done", { last_error: null }, clock.now());
      outcome = "done";
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_MAX_LENGTH);
      const now = clock.now();
      if (job.attempt >= job.maxAttempts) {
        await finish(db, job, worker, "failed", { last_error: message }, now);
        log.error({ job: job.kind, jobId: job.id, attempt: job.attempt, err }, "job failed for good");
        outcome = "failed";
      } else {
        await finish(db, job, worker, "queued", { last_error: message, run_at: now + jobBackoffMs(job.attempt) }, now);
        log.warn({ job: job.kind, jobId: job.id, attempt: job.attempt, error: message }, "job failed, will retry with backoff");
        outcome = "retry";
      }
    }
    options.onFinished?.(job.kind, outcome, (performance.now() - started) / 1000);
    return outcome;
  }

  async function runDue() {
    const counts: Record<JobOutcome, number> = { done: 0, retry: 0, failed: 0 };
    for (;;) {
      const jobs = await claimJobs(db, dialect, { kinds, limit: batchSize, worker, now: clock.now(), leaseMs });
      if (jobs.length === 0) return counts;
      for (const job of jobs) counts[await runOne(job)] += 1;
    }
  }

  const tick = () => {
    // One pass at a time per process: a slow job must not make passes pile up.
    if (pass) return;
    pass = runDue()
      .catch((err: unknown) => log.error({ err }, "job pass failed"))
      .finally(() => (pass = null));
  };

  return {
    runDue,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.pollMs ?? POLL_INTERVAL_MS);
      timer.unref();
    },
    async stop(graceMs = 10_000) {
      if (timer) clearInterval(timer);
      timer = null;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([pass, new Promise((resolve) => (waited = setTimeout(resolve, graceMs)))]);
      clearTimeout(waited);
    },
  };
}

/** Jobs by state, for metrics: queued and due, running, and failed for good. */
export async function jobCounts(db: DB, now: number): Promise<{ due: number; running: number; failed: number }> {
  const rows = await db
    .selectFrom("jobs")
    .select(["state", (eb) => eb.fn.countAll<number>().as("count")])
    .where((eb) => eb.or([eb.and([eb("state", "=", "queued"), eb("run_at", "<=", now)]), eb("state", "in", ["running", "failed"])]))
    .groupBy("state")
    .execute();
  const count = (state: JobState) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return { due: count("queued"), running: count("running"), failed: count("failed") };
}

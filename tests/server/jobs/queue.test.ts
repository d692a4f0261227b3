/**
 * The job table (ADR 031) on the database under test: enqueued with the business transaction, due at
 * run_at, unique by key while open, claimed by one worker only, retried with backoff, reclaimed after a
 * dead worker's lease, counted for metrics.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JobPayloads } from "#server/jobs/kinds";
import { claimJobs, createJobRunner, DEFAULT_LEASE_MS, enqueueJob, jobBackoffMs, jobCounts, type JobHandlers } from "#server/jobs/queue";
import { runMaintenance } from "#server/jobs/maintenance";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "#server/db/index";
import { allMigrationsFor } from "#server/modules/index";
import { createPostgresSchema, createTestRuntime, TEST_DB, testLogger, type TestRuntime } from "../../helpers/runtime";

type Files = JobPayloads["media.delete_files"];
const payload = (n: number): Files => ({ files: [{ storage_key: `k/${n}`, variant_widths: null }] });
const keyOf = (files: Files) => files.files[0]!.storage_key;

describe(`the job table (${TEST_DB})`, () => {
  let rt: TestRuntime;
  /** What the handler saw, in order. */
  let ran: string[];
  let failing: Set<string>;
  const handlers: JobHandlers = {
    "media.delete_files": {
      async run(files) {
        // Yields between claim and finish, so two workers really interleave.
        await new Promise((resolve) => setTimeout(resolve, 5));
        ran.push(keyOf(files));
        if (failing.has(keyOf(files))) throw new Error(`storage refused ${keyOf(files)}`);
      },
    },
  };
  const quietLog = { warn: () => {}, error: () => {} };
  const worker = (batchSize = 2) =>
    createJobRunner({ db: rt.deps.db, dialect: rt.deps.dialect, clock: rt.clock, log: quietLog, handlers, batchSize });
  const state = async () =>
    (await rt.deps.db.selectFrom("jobs").select(["state", "attempts", "run_at", "job_key"]).orderBy("id").execute()).map((row) => ({
      ...row,
      attempts: Number(row.attempts),
    }));

  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });
  beforeEach(async () => {
    await rt.deps.db.deleteFrom("jobs").execute();
    ran = [];
    failing = new Set();
  });

  it("exists only when the transaction that enqueued it commits", async () => {
    await expect(
      rt.deps.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, rt.clock, "media.delete_files", payload(1));
        throw new Error("the business change failed");
      }),
    ).rejects.toThrow("business change failed");
    await rt.deps.db.transaction().execute((trx) => enqueueJob(trx, rt.clock, "media.delete_files", payload(2)));
    expect(await worker().runDue()).toEqual({ done: 1, retry: 0, failed: 0 });
    expect(ran).toEqual(["k/2"]);
  });

  it("waits for run_at", async () => {
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(1), { runAt: rt.clock.now() + 60_000 });
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    rt.clock.advance(60_000);
    expect(await worker().runDue()).toEqual({ done: 1, retry: 0, failed: 0 });
  });

  it("keeps one open job per key, and frees the key when the job ends", async () => {
    expect(await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(1), { key: "export:7" })).toBe(true);
    expect(await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(2), { key: "export:7" })).toBe(false);
    await worker().runDue();
    expect(ran).toEqual(["k/1"]);
    expect(await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(3), { key: "export:7" })).toBe(true);
  });

  it("runs each job exactly once when two workers claim at the same time", async () => {
    for (let n = 0; n < 20; n++) await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(n));
    const [a, b] = await Promise.all([worker(3).runDue(), worker(3).runDue()]);
    expect(a.done + b.done).toBe(20);
    expect([...ran].sort()).toEqual(Array.from({ length: 20 }, (_, n) => `k/${n}`).sort());
    expect((await state()).every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
  });

  it("runs each job once when two database handles (as two processes would) share one database", async () => {
    // A database of its own that two handles open: a file for SQLite, a schema for PostgreSQL.
    const folder = mkdtempSync(join(tmpdir(), "velora-jobs-"));
    const schema = TEST_DB === "postgres" ? await createPostgresSchema() : null;
    const url = schema ? schema.url : `sqlite:${join(folder, "jobs.sqlite")}`;
    const first = openDatabase(url, { poolSize: 3 });
    const second = openDatabase(url, { poolSize: 3 });
    try {
      await migrateToLatest(first, allMigrationsFor);
      for (let n = 0; n < 30; n++) await enqueueJob(first.db, rt.clock, "media.delete_files", payload(n));
      const runnerOn = (handle: typeof first) =>
        createJobRunner({ db: handle.db, dialect: handle.dialect, clock: rt.clock, log: quietLog, handlers, batchSize: 2 });
      const [a, b] = await Promise.all([runnerOn(first).runDue(), runnerOn(second).runDue()]);
      expect(a.done + b.done).toBe(30);
      expect([...ran].sort()).toEqual(Array.from({ length: 30 }, (_, n) => `k/${n}`).sort());
      const states = await second.db.selectFrom("jobs").select(["state", "attempts"]).execute();
      expect(states.every((row) => row.state === "done" && Number(row.attempts) === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("retries a failed run with backoff, then gives up after max_attempts", async () => {
    failing.add("k/1");
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(1), { maxAttempts: 3, key: "files:1" });
    const start = rt.clock.now();
    expect(await worker().runDue()).toEqual({ done: 0, retry: 1, failed: 0 });
    expect(await state()).toEqual([{ state: "queued", attempts: 1, run_at: start + jobBackoffMs(1), job_key: "files:1" }]);
    const [row] = await rt.deps.db.selectFrom("jobs").select("last_error").execute();
    expect(row?.last_error).toBe("storage refused k/1");

    rt.clock.advance(jobBackoffMs(1));
    expect(await worker().runDue()).toEqual({ done: 0, retry: 1, failed: 0 });
    rt.clock.advance(jobBackoffMs(2));
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 1 });
    expect((await state())[0]).toMatchObject({ state: "failed", attempts: 3, job_key: null });
    rt.clock.advance(24 * 60 * 60 * 1000);
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    expect(ran).toEqual(["k/1", "k/1", "k/1"]);
  });

  it("gives a job whose worker died to another worker once the lease ends, not before", async () => {
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(1));
    // A worker claims it and dies (never finishes).
    const claimed = await claimJobs(rt.deps.db, rt.deps.dialect, {
      kinds: ["media.delete_files"],
      limit: 5,
      worker: "dead-worker",
      now: rt.clock.now(),
      leaseMs: DEFAULT_LEASE_MS,
    });
    expect(claimed.map((job) => job.attempt)).toEqual([1]);
    rt.clock.advance(DEFAULT_LEASE_MS - 1);
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    rt.clock.advance(2);
    expect(await worker().runDue()).toEqual({ done: 1, retry: 0, failed: 0 });
    expect((await state())[0]).toMatchObject({ state: "done", attempts: 2 });
  });

  it("claims only the kinds the worker has handlers for", async () => {
    await enqueueJob(rt.deps.db, rt.clock, "mail.deliver", { outbox_id: 1 });
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    expect((await state())[0]).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("counts due, running and failed jobs for metrics, and maintenance prunes old finished ones", async () => {
    failing.add("k/9");
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(9), { maxAttempts: 1 });
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(1));
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(2), { runAt: rt.clock.now() + 1000 });
    expect(await jobCounts(rt.deps.db, rt.clock.now())).toEqual({ due: 2, running: 0, failed: 0 });
    await worker().runDue();
    expect(await jobCounts(rt.deps.db, rt.clock.now())).toEqual({ due: 0, running: 0, failed: 1 });

    rt.clock.advance(8 * 24 * 60 * 60 * 1000);
    await worker().runDue();
    await runMaintenance(rt.deps.db, rt.clock);
    // The done one of a week ago is gone; the one done just now and the failed one (kept a month) stay.
    expect((await state()).map((row) => row.state)).toEqual(["failed", "done"]);
  });

  it("the product's runner runs the product's handlers (test runtime wiring)", async () => {
    // A deleted photo's files that are already gone: the handler succeeds (idempotent).
    await enqueueJob(rt.deps.db, rt.clock, "media.delete_files", payload(5));
    const product = createJobRunner({ db: rt.deps.db, dialect: rt.deps.dialect, clock: rt.clock, log: testLogger, handlers: {} });
    expect(await product.runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    expect(await rt.jobs.runDue()).toEqual({ done: 1, retry: 0, failed: 0 });
  });
});

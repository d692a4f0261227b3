import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAIL_RETENTION_MS, MaintenanceFailed, runMaintenance, startMaintenance } from "#server/jobs/maintenance";
import { CHANGES_KEPT, pruneSearchProfileChanges } from "#server/modules/search/changes";
import type { Logger } from "#server/ops/logger";
import { createCaptcha, CAPTCHA_ISSUE_LIMIT } from "#server/modules/auth/captcha";
import { recordHit } from "#server/lib/rate-limit";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`maintenance and captcha issuing (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("limits how many captchas one address may fetch", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < CAPTCHA_ISSUE_LIMIT.limit; i++) {
      expect((await rt.request("/api/v2/captcha", { ip })).status).toBe(200);
    }
    const refused = await rt.request("/api/v2/captcha", { ip });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ key: string }> }).errors[0]?.key).toBe("exception.captcha.exceeded_limit");
    // Another address is not affected.
    expect((await rt.request("/api/v2/captcha", { ip: "198.51.100.78" })).status).toBe(200);
  });

  it("prunes old counters and expired captchas but keeps live ones", async () => {
    const db = rt.deps.db;
    await recordHit(db, rt.clock.now(), { bucket: "test:old", windowMs: 60_000, limit: 1 });
    const stale = await createCaptcha(rt.deps, "ABCDE");
    rt.clock.advance(3 * 24 * 60 * 60 * 1000);
    const fresh = await createCaptcha(rt.deps, "FGHKM");
    await recordHit(db, rt.clock.now(), { bucket: "test:new", windowMs: 60_000, limit: 1 });
    await runMaintenance(db, rt.clock);
    const buckets = (await db.selectFrom("rate_counters").select("bucket").execute()).map((r) => r.bucket);
    expect(buckets).toContain("test:new");
    expect(buckets).not.toContain("test:old");
    const captchas = (await db.selectFrom("captcha_challenges").select("id").execute()).map((r) => r.id);
    expect(captchas).toContain(fresh.id);
    expect(captchas).not.toContain(stale.id);
  });

  it("drops outbox mails after a month and spent e-mail-change and deletion requests after a week", async () => {
    const db = rt.deps.db;
    const user = await createUser(rt);
    const mail = (recipient: string) => ({
      recipient,
      subject: "s",
      text_body: "t",
      html_body: "h",
      template: "test",
      language: "de",
      created_at: rt.clock.now(),
      sent_at: null,
    });
    await db.insertInto("mail_outbox").values(mail("old@example.test")).execute();
    const request = { user_id: user.id, created_at: rt.clock.now(), expires_at: rt.clock.now() + 1000, closed_at: null };
    await db
      .insertInto("email_changes")
      .values({ ...request, new_email: "a@example.test", new_email_key: "a@example.test", token_hash: "old-change" })
      .execute();
    await db
      .insertInto("account_deletions")
      .values({ ...request, token_hash: "old-deletion" })
      .execute();
    rt.clock.advance(MAIL_RETENTION_MS + 1);
    await db.insertInto("mail_outbox").values(mail("new@example.test")).execute();
    await db
      .insertInto("email_changes")
      .values({
        ...request,
        created_at: rt.clock.now(),
        expires_at: rt.clock.now() + 1000,
        new_email: "b@example.test",
        new_email_key: "b@example.test",
        token_hash: "new-change",
      })
      .execute();
    await runMaintenance(db, rt.clock);
    expect(
      (await db.selectFrom("mail_outbox").select("recipient").where("template", "=", "test").execute()).map((row) => row.recipient),
    ).toEqual(["new@example.test"]);
    expect(
      (await db.selectFrom("email_changes").select("token_hash").where("user_id", "=", user.id).execute()).map((row) => row.token_hash),
    ).toEqual(["new-change"]);
    expect(await db.selectFrom("account_deletions").select("token_hash").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  describe("the search index's change log (ADR 151, 164)", () => {
    const changes = async () => {
      const row = await rt.deps.db
        .selectFrom("search_profile_changes")
        .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max("seq").as("top")])
        .executeTakeFirstOrThrow();
      const pruned = await rt.deps.db.selectFrom("search_profile_changes_pruned").select("upto").executeTakeFirstOrThrow();
      return { rows: Number(row.n), top: Number(row.top), upto: Number(pruned.upto) };
    };
    /** `count` log rows in one statement (a user id no profile has: nobody's index minds). */
    const logRows = (count: number) =>
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
        INSERT INTO search_profile_changes (user_id) SELECT 0 FROM n`.execute(rt.deps.db);
    /** The services' dependencies on a database that refuses every statement: each pass that uses them fails. */
    const brokenDeps = () => ({
      ...rt.deps,
      db: rt.deps.db.withPlugin({
        transformQuery: () => {
          throw new Error("database unreachable");
        },
        transformResult: (args) => Promise.resolve(args.result),
      }),
    });

    it("deletes a long log a batch at a time, each batch with its mark, to the same end", async () => {
      await logRows(45);
      const { rows, top } = await changes();
      // Batches of 7 rows: the process serves requests between them (a bulk load logs millions of rows).
      expect(await pruneSearchProfileChanges(rt.deps, 10, 7)).toBe(rows - 10);
      expect(await changes()).toEqual({ rows: 10, top, upto: top - 10 });
      expect(await pruneSearchProfileChanges(rt.deps, 10, 7)).toBe(0);
    });

    it("every run keeps the last CHANGES_KEPT rows: without the services' dependencies, and when other passes fail", async () => {
      await logRows(CHANGES_KEPT + 25);
      // As the tests and scripts call it (no deps): the prune needs the database alone.
      await runMaintenance(rt.deps.db, rt.clock);
      const first = await changes();
      expect(first.rows).toBe(CHANGES_KEPT);
      expect(first.upto).toBe(first.top - CHANGES_KEPT);

      await logRows(10);
      // Every pass before it fails: the prune still runs, and the run reports what failed, by name.
      const run = runMaintenance(rt.deps.db, rt.clock, { deps: brokenDeps() });
      await expect(run).rejects.toBeInstanceOf(MaintenanceFailed);
      const failed = ((await run.catch((err: unknown) => err)) as MaintenanceFailed).failures.map((f) => f.pass);
      expect(failed).toContain("review windows");
      expect(failed).not.toContain("search change log");
      const second = await changes();
      expect(second.rows).toBe(CHANGES_KEPT);
      expect(second.upto).toBe(first.upto + 10);
    }, 60_000);

    it("the process's timer (server/index.ts) prunes at its start and logs each failed pass by name", async () => {
      await logRows(7);
      const errors: Array<{ pass?: string }> = [];
      const log = { error: (fields: { pass?: string }) => void errors.push(fields) } as unknown as Pick<Logger, "error">;
      const stop = startMaintenance(rt.deps.db, rt.clock, log, { deps: brokenDeps() });
      try {
        await vi.waitFor(async () => expect((await changes()).rows).toBe(CHANGES_KEPT), { timeout: 20_000 });
        await vi.waitFor(() => expect(errors.map((e) => e.pass)).toContain("bank"), { timeout: 20_000 });
      } finally {
        stop();
      }
    }, 60_000);
  });
});
